/**
 * The public /api/verify at the route, for the files people will actually bring: a contract both
 * parties signed, one signed by one party of two, files that are not (readable) PDFs, a file
 * signed under a foreign authority, a signed file with bytes appended or one byte changed, a PDF
 * with no signature, and the refusals in both languages. Each case asserts what the report says,
 * its verdict among them: the web page (VerifyReportView) draws its headline from the verdict
 * only. Forged signatures, cancelled seals and the trust anchor: verify-trust.test.ts.
 */
import type { TVerifyReport } from '@portal/shared/schemas/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/factories.ts';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { samplePdf } from '../../../test/sample-files.ts';
import { signingApi } from '../../../test/signing-scene.ts';
import { stampAndSign } from '../../platform/signing/pdf-sign.ts';
import {
  makeSealPng,
  makeTestAuthority,
  makeTestPdf,
  makeTestSealSigner,
} from '../../platform/signing/test-fixtures.ts';

const { app, database } = await buildTestAppWithStorage('portal-verify-');
const api = signingApi(app, database.db);

async function verify(bytes: Uint8Array, { lang = 'en-US', name = 'contract.pdf' } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return app.inject({
    method: 'POST',
    url: '/api/verify',
    payload: form,
    remoteAddress: nextIp(),
    headers: { 'accept-language': lang },
  });
}

async function reportOf(bytes: Uint8Array, lang = 'en-US') {
  const res = await verify(bytes, { lang });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TVerifyReport;
}

/** One byte changed at `at` (XOR 1). */
function flipped(bytes: Uint8Array, at: number): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
}

let original: Uint8Array;
let partlySigned: Uint8Array;
let fullySigned: Uint8Array;
let publisherName: string;
let counterpartName: string;

beforeAll(async () => {
  const reviewer = await api.reviewer();
  const signed = await api.signedByBoth(reviewer);
  const { deal } = signed;
  publisherName = deal.publisherInst.name;
  counterpartName = deal.counterpartInst.name;
  ({ original, partlySigned, fullySigned } = signed);
}, 120_000);

describe('POST /api/verify: the files people bring', { timeout: 60_000 }, () => {
  it('a contract both parties signed: two intact portal signatures, the whole file covered, recorded as signed', async () => {
    const report = await reportOf(fullySigned);
    expect(report.fileName).toBe('contract.pdf');
    expect(report.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(report.signatures).toEqual([
      expect.objectContaining({
        index: 1,
        intact: true,
        issuedByPortal: true,
        validAtSigningTime: true,
        revoked: false,
        institutionName: publisherName,
        coversWholeDocument: false,
      }),
      expect.objectContaining({
        index: 2,
        intact: true,
        issuedByPortal: true,
        institutionName: counterpartName,
        sealName: '合同专用章',
        coversWholeDocument: true,
      }),
    ]);
    // Only its validation data and document timestamp (PAdES B-LTA) follow the last signature.
    expect(report.modifiedAfterLastSignature).toBe(false);
    expect(report.recordedContract).toEqual({ title: 'Forfaiting agreement', status: 'signed', version: 'signed' });
    // Trusted: each signature's timestamp proves its time; each party's seal is its signature's
    // widget, so no update changed what a page draws (docs/decisions/0019).
    expect(report.verdict).toBe('valid');
    expect(report.problems).toEqual([]);
    expect(report.signatures.map((s) => [s.problems, s.signedAtSource, s.pagesChangedByItsUpdate])).toEqual([
      [[], 'timestamp', []],
      [[], 'timestamp', []],
    ]);
    expect(report.signatures.map((s) => s.pagesChangedLater)).toEqual([[], []]);
  });

  it('a file one party of two signed: one intact signature, recorded as the partly signed version', async () => {
    const report = await reportOf(partlySigned);
    expect(report.signatures).toEqual([
      expect.objectContaining({
        index: 1,
        intact: true,
        issuedByPortal: true,
        institutionName: publisherName,
        coversWholeDocument: true,
      }),
    ]);
    expect(report.modifiedAfterLastSignature).toBe(false);
    expect(report.recordedContract).toEqual({
      title: 'Forfaiting agreement',
      status: 'signed',
      version: 'partlySigned',
    });
  });

  it('the original upload (no signature): no signatures, recorded as the original', async () => {
    const report = await reportOf(original);
    expect(report.signatures).toEqual([]);
    expect(report.modifiedAfterLastSignature).toBe(false);
    expect(report.recordedContract).toEqual({ title: 'Forfaiting agreement', status: 'signed', version: 'original' });
  });

  it('a PDF with no signature that the portal never saw: no signatures, not recorded', async () => {
    const report = await reportOf(samplePdf('Unsigned'));
    expect(report.signatures).toEqual([]);
    expect(report.verdict).toBe('warning');
    expect(report.problems).toEqual(['noSignature']);
    expect(report.modifiedAfterLastSignature).toBe(false);
    expect(report.recordedContract).toBeNull();
  });

  it('bytes appended after the last signature: the signatures stay intact, the file is marked changed since', async () => {
    const appended = new Uint8Array(
      Buffer.concat([Buffer.from(fullySigned), Buffer.from('\n% a line added after signing\n', 'latin1')]),
    );
    const report = await reportOf(appended);
    expect(report.signatures.map((s) => s.intact)).toEqual([true, true]);
    expect(report.signatures.map((s) => s.coversWholeDocument)).toEqual([false, false]);
    expect(report.modifiedAfterLastSignature).toBe(true);
    expect(report.recordedContract).toBeNull();
    // The signatures are still the portal's (their revisions are recorded), but something was added: amber.
    expect(report.verdict).toBe('warning');
    expect(report.problems).toEqual(['modifiedAfterLastSignature']);
    expect(report.pagesChangedAfterLastSignature).toEqual([]);
    expect(report.signatures.map((s) => s.problems)).toEqual([[], []]);
  });

  it('one byte changed inside the first signed range: that signature (and every later one covering it) is broken', async () => {
    const report = await reportOf(flipped(fullySigned, Math.floor(original.length / 2)));
    expect(report.signatures.map((s) => s.intact)).toEqual([false, false]);
    expect(report.verdict).toBe('invalid');
    // Their timestamps, over the signature values, still prove when each was made.
    expect(report.signatures.map((s) => s.problems)).toEqual([['notIntact'], ['notIntact']]);
    expect(report.recordedContract).toBeNull();
  });

  it('one byte changed inside the second signature’s own revision only: the first stays intact, the second is broken', async () => {
    // Inside the second revision's signed bytes: after the first signature's range, before the last /ByteRange.
    const text = Buffer.from(fullySigned).toString('latin1');
    // The second signature's dictionary (the document timestamp's comes after it).
    const secondRange = text.indexOf('/ByteRange', partlySigned.length);
    const at = partlySigned.length + Math.floor((secondRange - partlySigned.length) / 2);
    expect(at).toBeGreaterThan(partlySigned.length);
    const report = await reportOf(flipped(fullySigned, at));
    expect(report.signatures.map((s) => s.intact)).toEqual([true, false]);
  });

  it('signed under a foreign authority: intact, not issued by the portal, names only what the certificate claims', async () => {
    const foreignCa = await makeTestAuthority({ commonName: 'Self-made CA', organization: 'Elsewhere' });
    // The certificate claims the name of an institution of the portal.
    const foreign = await makeTestSealSigner(foreignCa, {
      commonName: 'Contract seal',
      organization: publisherName,
      organizationalUnit: 'Forged seal',
    });
    const signed = await stampAndSign(await makeTestPdf(1), {
      stamps: [{ page: 1, x: 0.5, y: 0.5, png: makeSealPng() }],
      signer: foreign.signer,
    });
    const report = await reportOf(signed);
    expect(report.verdict).toBe('invalid');
    expect(report.signatures).toEqual([
      expect.objectContaining({
        intact: true,
        issuedByPortal: false,
        signer: 'foreign',
        revoked: false,
        coversWholeDocument: true,
        problems: ['notIssuedByPortal'],
        // The certificate's own claim is returned as a claim, never as the institution.
        institutionName: null,
        sealName: null,
        sealNo: null,
        claimedSigner: expect.objectContaining({ organization: publisherName, organizationalUnit: 'Forged seal' }),
      }),
    ]);
    expect(report.modifiedAfterLastSignature).toBe(false);
    expect(report.recordedContract).toBeNull();
  });

  it('a truncated signed file: its signatures are reported broken, not refused', async () => {
    // Cut inside the second signature's revision (its validation data and timestamp follow it).
    const text = Buffer.from(fullySigned).toString('latin1');
    const truncated = fullySigned.subarray(0, text.indexOf('/ByteRange', partlySigned.length) + 600);
    const report = await reportOf(truncated);
    expect(report.signatures.length).toBeGreaterThan(0);
    expect(report.signatures.at(-1)?.intact).toBe(false);
    expect(report.recordedContract).toBeNull();
  });

  it('a truncated unsigned PDF and random bytes behind a PDF header: answered as files with no signature', async () => {
    const truncated = original.subarray(0, Math.floor(original.length / 3));
    const random = new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(4096, 0x5a)]));
    for (let i = 9; i < random.length; i++) random[i] = (i * 7919) % 251;
    for (const bytes of [truncated, random]) {
      const report = await reportOf(bytes);
      expect(report.signatures).toEqual([]);
      expect(report.recordedContract).toBeNull();
    }
  });

  it.each([
    ['en-US', 'The content type application/octet-stream is not supported here.'],
    ['zh-CN', '此处不支持内容类型 application/octet-stream。'],
  ])('a file that is not a PDF at all is refused (415) in %s', async (lang, message) => {
    const res = await verify(new Uint8Array(Buffer.from('PK\u0003\u0004 not a pdf, a zip header')), {
      lang,
      name: 'contract.pdf',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'PRT_UNSUPPORTED_MEDIA_TYPE', message });
  });

  it.each([
    ['en-US', 'Some fields are not valid: File is required.'],
    ['zh-CN', '部分字段填写有误：文件不能为空。'],
  ])('a request without a file is refused naming the field, in %s', async (lang, message) => {
    const form = new FormData();
    form.append('note', 'no file here');
    const res = await app.inject({
      method: 'POST',
      url: '/api/verify',
      payload: form,
      remoteAddress: nextIp(),
      headers: { 'accept-language': lang },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'PRT_VALIDATION',
      message,
      data: { fields: [expect.objectContaining({ field: 'file', rule: 'required' })] },
    });
  });

  it('the report is the same in both languages (it carries facts, not sentences)', async () => {
    const en = await reportOf(partlySigned, 'en-US');
    const zh = await reportOf(partlySigned, 'zh-CN');
    expect(zh).toEqual(en);
  });
});

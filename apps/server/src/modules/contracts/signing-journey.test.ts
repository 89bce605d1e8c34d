/**
 * The whole path through the API: seals applied for and approved, a contract uploaded,
 * confirmed and signed by both parties; the signed PDF checked independently by poppler's
 * `pdfsig`, by the portal's /verify, and a copy with one changed byte refused by both. And a
 * second party's seal with an opaque white disc (issue 25, "What a later signer may change"),
 * approved and placed through the API over text the first party signed: that text stays readable
 * and /verify finds no page changed after the first signature.
 */
import type { TVerifyReport } from '@portal/shared/schemas/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { signingApi } from '../../../test/signing-scene.ts';
import { MM_TO_PT } from '../../platform/signing/pdf-sign.ts';
import {
  isRed,
  makeTestPdf,
  makeWhiteDiscSealPng,
  type Raster,
  renderPage,
  runPdfsig,
} from '../../platform/signing/test-fixtures.ts';

const { app, database } = await buildTestAppWithStorage('portal-signing-');
const db = database.db;
const api = signingApi(app, db);

async function verify(bytes: Uint8Array, lang = 'en-US') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'signed.pdf');
  return app.inject({ method: 'POST', url: '/api/verify', payload: form, headers: { 'accept-language': lang } });
}

describe('from seal application to a contract both institutions signed', () => {
  it('produces a PDF with two valid signatures that pdfsig and /verify accept, and a changed byte shows', async () => {
    const reviewer = await api.reviewer();
    const deal = await api.agreedDeal();
    const publisherSeal = await api.effectiveSeal(deal.publisher, reviewer);
    const counterpartSeal = await api.effectiveSeal(deal.counterpart, reviewer, { sealName: '合同专用章' });

    const pdf = await makeTestPdf(3);
    const uploaded = await api.uploadContract(deal.publisher.cookie, deal.intentionLgcSn, pdf, 'Forfaiting agreement');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data).toMatchObject({ status: 'uploaded', confirmed: false, title: 'Forfaiting agreement' });
    expect(uploaded.json().data.file.pageCount).toBe(3);

    const confirmed = await api.inject(
      'POST',
      `/api/contracts/${deal.intentionLgcSn}/confirm`,
      deal.counterpart.cookie,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.can).toMatchObject({ delete: false, confirm: false, sign: true });

    const first = await api.sign(deal.publisher, deal.intentionLgcSn, [
      { sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('signing');
    const told = await db
      .selectFrom('message')
      .select(['type', 'link'])
      .where('userId', '=', deal.counterpart.id)
      .where('type', '=', 'contractSigned')
      .execute();
    expect(told).toEqual([{ type: 'contractSigned', link: `/previewContract?id=${deal.intentionLgcSn}` }]);

    const second = await api.sign(deal.counterpart, deal.intentionLgcSn, [
      { sealLgcSn: counterpartSeal, page: 3, x: 0.1, y: 0.7 },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const view = second.json().data;
    expect(view.status).toBe('signed');
    expect(view.events.map((event: { kind: string }) => event.kind)).toEqual([
      'uploaded',
      'confirmed',
      'codeSent',
      'placed',
      'signed',
      'codeSent',
      'placed',
      'signed',
      'evidence',
      'evidence',
      'completed',
    ]);

    const signed = await api.inject(
      'GET',
      `/api/contracts/${deal.intentionLgcSn}/file?version=signed`,
      deal.publisher.cookie,
    );
    expect(signed.statusCode).toBe(200);
    const bytes = new Uint8Array(signed.rawPayload);
    expect(Buffer.from(bytes.subarray(0, pdf.length)).equals(Buffer.from(pdf))).toBe(true);

    // Both parties' signatures, then the document timestamp of PAdES B-LTA (poppler cannot read it).
    const { signatures } = runPdfsig(bytes);
    expect(signatures).toHaveLength(3);
    for (const signature of signatures.slice(0, 2)) expect(signature.signatureValidation).toBe('Signature is Valid.');
    expect(signatures.map((signature) => signature.totalDocumentSigned)).toEqual([false, false, false]);

    const report = await verify(bytes);
    expect(report.statusCode, report.body).toBe(200);
    const data = report.json().data;
    expect(data.signatures).toHaveLength(2);
    expect(
      data.signatures.every((s: { intact: boolean; issuedByPortal: boolean }) => s.intact && s.issuedByPortal),
    ).toBe(true);
    expect(data.signatures[0].institutionName).toBe(deal.publisherInst.name);
    expect(data.signatures[1].sealName).toBe('合同专用章');
    expect(data.modifiedAfterLastSignature).toBe(false);
    expect(data.recordedContract).toEqual({ title: 'Forfaiting agreement', status: 'signed', version: 'signed' });

    // One byte changed inside the first signed range.
    const tampered = Uint8Array.from(bytes);
    const at = Math.floor(pdf.length / 2);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    expect(runPdfsig(tampered).signatures.map((signature) => signature.signatureValidation)).toContain(
      'Digest Mismatch.',
    );
    const broken = (await verify(tampered)).json().data;
    expect(broken.signatures.some((s: { intact: boolean }) => !s.intact)).toBe(true);
    expect(broken.recordedContract).toBeNull();

    const evidence = await api.inject(
      'GET',
      `/api/contracts/${deal.intentionLgcSn}/evidence`,
      deal.counterpart.cookie,
      undefined,
      'zh-CN',
    );
    expect(evidence.statusCode, evidence.body.slice(0, 200)).toBe(200);
    expect(evidence.headers['content-type']).toBe('application/pdf');
    const evidenceCheck = (await verify(new Uint8Array(evidence.rawPayload))).json().data;
    expect(evidenceCheck.signatures).toEqual([
      expect.objectContaining({ intact: true, issuedByPortal: true, coversWholeDocument: true }),
    ]);

    const stamped = await api.inject('GET', '/api/signet/seals', deal.publisher.cookie);
    expect(stamped.json().data.list[0].stampedFiles).toEqual([
      expect.objectContaining({
        title: 'Forfaiting agreement',
        signers: [deal.publisherInst.name, deal.counterpartInst.name],
      }),
    ]);
  }, 60_000);
});

/** The pixels of `raster` (72 dpi: 1 px = 1 pt) in the square of `half` px around `centre` that `match` accepts. */
function pixelsAround(
  raster: Raster,
  centre: { x: number; y: number },
  half: number,
  match: (r: number, g: number, b: number) => boolean,
) {
  let count = 0;
  for (let y = Math.round(centre.y - half); y < centre.y + half; y++) {
    for (let x = Math.round(centre.x - half); x < centre.x + half; x++) {
      const i = (y * raster.width + x) * 3;
      if (match(raster.rgb[i]!, raster.rgb[i + 1]!, raster.rgb[i + 2]!)) count++;
    }
  }
  return count;
}
const isDark = (r: number, g: number, b: number) => r < 120 && g < 120 && b < 120;

describe('a second party’s seal with an opaque white disc inside its ring', () => {
  it('approved through the API and placed over clauses the first party signed: /verify valid, no page changed later, the clauses still readable', async () => {
    const reviewer = await api.reviewer();
    // Over the clauses at the top left of page 1; the first party's seal is at (0.6, 0.7) on page 1.
    const over = { page: 1, x: 0.08, y: 0.1 };
    const scene = await api.signedByBoth(reviewer, {
      counterpartImage: makeWhiteDiscSealPng(200),
      counterpartAt: over,
    });

    const res = await verify(scene.fullySigned);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as TVerifyReport;
    expect(report.verdict, JSON.stringify(report.signatures)).toBe('valid');
    expect(report.problems).toEqual([]);
    expect(report.pagesCompared).toBe(true);
    expect(report.pagesChangedAfterLastSignature).toEqual([]);
    expect(
      report.signatures.map((s) => [s.intact, s.problems, s.pagesChangedByItsUpdate, s.pagesChangedLater]),
    ).toEqual([
      [true, [], [], []],
      [true, [], [], []],
    ]);
    const { signatures, output } = runPdfsig(scene.fullySigned);
    expect(
      signatures.slice(0, 2).map((s) => s.signatureValidation),
      output,
    ).toEqual(['Signature is Valid.', 'Signature is Valid.']);

    // The disc's inside (well within the red ring of the 40 mm seal), before and after the second party signed.
    const size = 40 * MM_TO_PT;
    const centre = { x: over.x * 595.28 + size / 2, y: over.y * 841.89 + size / 2 };
    const before = renderPage(scene.partlySigned, 1, 72);
    const after = renderPage(scene.fullySigned, 1, 72);
    expect(pixelsAround(before, centre, 30, isDark)).toBeGreaterThan(100); // the first party's clauses
    expect(pixelsAround(after, centre, 30, isDark)).toBe(pixelsAround(before, centre, 30, isDark));
    // The seal is there: its red ring, around the same centre.
    expect(pixelsAround(before, centre, size / 2, isRed)).toBe(0);
    expect(pixelsAround(after, centre, size / 2, isRed)).toBeGreaterThan(200);
  }, 90_000);
});

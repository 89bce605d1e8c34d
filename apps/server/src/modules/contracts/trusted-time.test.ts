/**
 * Trusted time (issue 25 item 4; docs/decisions/0016-trusted-time.md): a contract two parties
 * signed through the API is PAdES B-LTA. Checked by tools that are not ours: `pdfsig`, trusting
 * only the portal's authority (downloaded from its public address, as a relying party would),
 * finds both signatures valid and trusted; `openssl ts -verify` verifies each signature's
 * timestamp token (over its signature value) and the document timestamp (over the file) against
 * the authority; the file's DSS holds an OCSP answer, signed by the authority, for each seal's
 * certificate. /verify answers valid, each time proved by its timestamp, and stays valid once a
 * seal is cancelled; a signature whose own claimed time lies
 * after its certificate's end and its cancellation is judged at its timestamp's time; and with
 * the clock moved past the seal certificates' end (the seals expired), /verify still answers valid.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDF, PdfDict, PdfName, PdfStream, type PdfString } from '@libpdf/core';
import type { TVerifyReport } from '@portal/shared/schemas/contracts';
import { TRUST_ANCHOR_PATHS } from '@portal/shared/schemas/seals';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextIp } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { openssl, pdfsigReport } from '../../../test/require-tool.ts';
import { type Caller, signingApi } from '../../../test/signing-scene.ts';
import { LocalDiskStorage } from '../../platform/files/storage.ts';
import { stampAndSign } from '../../platform/signing/pdf-sign.ts';
import { parseCertificate, serialHexOf, toPem } from '../../platform/signing/pki.ts';
import { makeTestPdf } from '../../platform/signing/test-fixtures.ts';
import { signatureTimestampToken } from '../../platform/signing/timestamp.ts';
import type { TaskName, TaskResult, Tasks } from '../../platform/untrusted/tasks.ts';
import { createSealExpiryJob, findUsableSeals, signingAuthority, timestampAuthorityFor } from '../seals/index.ts';

const run = promisify(execFile);

/**
 * /verify reads the file in the parser pool's worker threads, whose clock vi.useFakeTimers does not
 * move. With `parser.inline` the parsing runs on this thread (the same task), so a test that moves
 * the clock moves it for the whole /verify; otherwise the pool as always.
 */
const parser = vi.hoisted(() => ({ inline: false }));
vi.mock('../../platform/untrusted/pool.ts', async (importOriginal) => {
  const pool = await importOriginal<typeof import('../../platform/untrusted/pool.ts')>();
  const { tasks } = await import('../../platform/untrusted/tasks.ts');
  function parseUntrusted<N extends TaskName>(name: N, input: Parameters<Tasks[N]>[0]): Promise<TaskResult<N>> {
    if (!parser.inline) return pool.parseUntrusted(name, input);
    return Promise.resolve((tasks[name] as (input: unknown) => TaskResult<N> | Promise<TaskResult<N>>)(input));
  }
  return { ...pool, parseUntrusted };
});

let t: TestApp;
let api: ReturnType<typeof signingApi>;
let dir: string;
let authorityPem: string;
let tsaPem: string;
let reviewer: Caller;
let scene: Awaited<ReturnType<ReturnType<typeof signingApi>['signedByBoth']>>;

const sealRow = (lgcSn: string) =>
  t.database.db.selectFrom('seal').selectAll().where('lgcSn', '=', lgcSn).executeTakeFirstOrThrow();

async function verify(bytes: Uint8Array): Promise<TVerifyReport> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'contract.pdf');
  const res = await t.app.inject({ method: 'POST', url: '/api/verify', payload: form, remoteAddress: nextIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TVerifyReport;
}

async function cancel(who: Caller, lgcSn: string) {
  await api.forgetCodes(who.email);
  const code = await api.mailedCode(who, `/api/signet/seals/${lgcSn}/cancel-code`);
  const res = await api.inject('POST', `/api/signet/seals/${lgcSn}/cancel`, who.cookie, { code });
  expect(res.statusCode, res.body).toBe(200);
}

type Signed = { subFilter: string; contents: Uint8Array; covered: Uint8Array };

/** Every signature dictionary of the file: its SubFilter, its DER contents (no padding), the bytes it covers. */
async function signaturesOf(bytes: Uint8Array): Promise<Signed[]> {
  const pdf = await PDF.load(bytes);
  return (pdf.getForm()?.getSignatureFields() ?? [])
    .filter((field) => field.isSigned())
    .map((field) => {
      const dict = field.getSignatureDict()!;
      const range = dict
        .getArray('ByteRange')!
        .toArray()
        .map((n) => (n as unknown as { value: number }).value);
      const [a, b, c, d] = range as [number, number, number, number];
      const padded = (dict.get('Contents') as PdfString).bytes;
      const contents = new Uint8Array(asn1js.fromBER(padded.slice().buffer).result.toBER(false));
      const covered = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
      return { subFilter: dict.getName('SubFilter')!.value, contents, covered: new Uint8Array(covered) };
    });
}

const signerInfoOf = (cms: Uint8Array) => {
  const content = pkijs.ContentInfo.fromBER(cms.slice().buffer);
  return new pkijs.SignedData({ schema: content.content }).signerInfos[0]!;
};

/** `openssl ts -verify` of a token over `data`, against the authority alone (the TSA certificate given as untrusted). */
async function opensslVerifiesToken(name: string, token: Uint8Array, data: Uint8Array) {
  const tokenFile = join(dir, `${name}.tst`);
  const dataFile = join(dir, `${name}.data`);
  await writeFile(tokenFile, token);
  await writeFile(dataFile, data);
  const { stdout } = await run(openssl(), [
    'ts',
    '-verify',
    '-token_in',
    '-in',
    tokenFile,
    '-data',
    dataFile,
    '-CAfile',
    authorityPem,
    '-untrusted',
    tsaPem,
  ]);
  return stdout.trim();
}

beforeAll(async () => {
  t = await buildTestApp();
  api = signingApi(t.app, t.database.db);
  dir = await mkdtemp(join(tmpdir(), 'trusted-time-'));
  // The trust anchor as a relying party gets it: downloaded from its public address, no log-in.
  const published = await t.app.inject({ method: 'GET', url: TRUST_ANCHOR_PATHS.pem, remoteAddress: nextIp() });
  expect(published.statusCode, published.body).toBe(200);
  authorityPem = join(dir, 'authority.pem');
  await writeFile(authorityPem, published.body);
  // The TSA's certificate is only an untrusted intermediate here (the token carries it too).
  const authority = await signingAuthority(t.database.db, t.config);
  tsaPem = join(dir, 'tsa.pem');
  await writeFile(tsaPem, toPem(authority.tsaCertificateDer, 'CERTIFICATE'));
  reviewer = await api.reviewer();
  scene = await api.signedByBoth(reviewer);
}, 120_000);

afterAll(async () => {
  await t?.app.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a contract both parties signed through the API', { timeout: 60_000 }, () => {
  it('pdfsig, trusting only the authority: both parties’ signatures valid and trusted', async () => {
    // -no-ocsp: the certificates name this test's unreachable address; the DSS carries the answers.
    const { stdout, blocks } = await pdfsigReport(dir, authorityPem, scene.fullySigned, ['-no-ocsp']);
    // Two parties' signatures and the document timestamp (poppler cannot read the latter: expected).
    expect(blocks, stdout).toHaveLength(3);
    for (const block of blocks.slice(0, 2)) {
      expect(block).toContain('- Signature Validation: Signature is Valid.');
      expect(block).toContain('- Certificate Validation: Certificate is Trusted.');
      expect(block).toContain('- Signature Type: ETSI.CAdES.detached');
    }
    expect(blocks[2]).toContain('- Signature Field Name: Timestamp_1');
    expect(blocks[2]).toContain('- Signature Type: unknown');
  });

  it('openssl verifies each signature’s timestamp token and the document timestamp against the authority', async () => {
    const signatures = await signaturesOf(scene.fullySigned);
    expect(signatures.map((s) => s.subFilter)).toEqual(['ETSI.CAdES.detached', 'ETSI.CAdES.detached', 'ETSI.RFC3161']);
    for (const [i, signature] of signatures.slice(0, 2).entries()) {
      const signerInfo = signerInfoOf(signature.contents);
      const token = signatureTimestampToken(signerInfo);
      expect(token, `signature ${i + 1} has a timestamp token`).not.toBeNull();
      // The token's imprint is the digest of the signature value (PAdES B-T).
      const value = new Uint8Array(signerInfo.signature.valueBlock.valueHexView);
      expect(await opensslVerifiesToken(`signature-${i + 1}`, token!, value)).toBe('Verification: OK');
    }
    const documentTimestamp = signatures[2]!;
    expect(await opensslVerifiesToken('document', documentTimestamp.contents, documentTimestamp.covered)).toBe(
      'Verification: OK',
    );
    // A changed byte in what the document timestamp covers is not verified.
    const changed = Uint8Array.from(documentTimestamp.covered);
    changed[100] = (changed[100] ?? 0) ^ 1;
    await expect(opensslVerifiesToken('document-changed', documentTimestamp.contents, changed)).rejects.toMatchObject({
      stdout: expect.stringContaining('Verification: FAILED'),
    });
  });

  it('the DSS holds the certificates and an OCSP answer, signed by the authority, for each seal', async () => {
    const pdf = await PDF.load(scene.fullySigned);
    const resolve = (ref: Parameters<typeof pdf.getObject>[0]) => pdf.getObject(ref);
    const dss = pdf.getCatalog().getDict('DSS', resolve);
    expect(dss).toBeInstanceOf(PdfDict);
    const streams = (key: string) =>
      (dss!.getArray(key, resolve)?.toArray() ?? []).map((ref) => {
        const stream = (ref instanceof PdfStream ? ref : pdf.getObject(ref as never)) as PdfStream;
        return stream.getDecodedData();
      });
    const authority = await signingAuthority(t.database.db, t.config);
    const certificates = streams('Certs').map((der) => Buffer.from(der).toString('hex'));
    expect(certificates).toContain(Buffer.from(authority.certificateDer).toString('hex'));
    expect(certificates).toContain(Buffer.from(authority.tsaCertificateDer).toString('hex'));
    const answered = new Map<string, number>();
    const ca = parseCertificate(authority.certificateDer);
    for (const der of streams('OCSPs')) {
      const response = pkijs.OCSPResponse.fromBER(der.slice().buffer);
      const basic = pkijs.BasicOCSPResponse.fromBER(
        response.responseBytes!.response.valueBlock.valueHexView.slice().buffer,
      );
      expect(await basic.verify({ trustedCerts: [ca] })).toBe(true);
      for (const single of basic.tbsResponseData.responses) {
        const serial = Buffer.from(single.certID.serialNumber.valueBlock.valueHexView)
          .toString('hex')
          .replace(/^00/, '');
        answered.set(serial, (single.certStatus as asn1js.BaseBlock).idBlock.tagNumber);
      }
    }
    for (const lgcSn of [scene.publisherSeal, scene.counterpartSeal]) {
      const serial = (await sealRow(lgcSn)).certificateSerial!;
      expect(answered.get(serial.toLowerCase()), `OCSP answer for ${lgcSn}`).toBe(0); // good [0]
    }
    // The timestamp authority's own certificate is answered too (good).
    expect(answered.get(serialHexOf(parseCertificate(authority.tsaCertificateDer)))).toBe(0);
    // A VRI entry per signature and timestamp names the data that validates it.
    expect(dss!.get('VRI')).toBeDefined();
  });

  it('/verify: valid, each signing time proved by its timestamp', async () => {
    const report = await verify(scene.fullySigned);
    expect(report.verdict).toBe('valid');
    expect(report.problems).toEqual([]);
    expect(report.modifiedAfterLastSignature).toBe(false);
    expect(report.signatures.map((s) => [s.intact, s.signedAtSource, s.problems])).toEqual([
      [true, 'timestamp', []],
      [true, 'timestamp', []],
    ]);
    // The first party's file (B-T, no document timestamp yet) is valid as well.
    const partly = await verify(scene.partlySigned);
    expect([partly.verdict, partly.signatures.map((s) => s.signedAtSource)]).toEqual(['valid', ['timestamp']]);
  });

  it('/verify: an update after the last signature that changes more than validation data is a change', async () => {
    const pdf = await PDF.load(scene.fullySigned);
    // Not on a page (the page comparison would see that): a catalog entry, as an OpenAction would be.
    pdf.getCatalog().set('PageMode', PdfName.of('UseOutlines'));
    const changed = await pdf.save({ incremental: true });
    expect(Buffer.from(changed.subarray(0, scene.fullySigned.length)).equals(Buffer.from(scene.fullySigned))).toBe(
      true,
    );
    const report = await verify(changed);
    expect(report.verdict).toBe('warning');
    expect(report.problems).toEqual(['modifiedAfterLastSignature']);
    expect(report.modifiedAfterLastSignature).toBe(true);
  });

  it('/verify stays valid after a seal that signed is cancelled: the timestamp is before the cancellation', async () => {
    await cancel(scene.deal.publisher, scene.publisherSeal);
    const report = await verify(scene.fullySigned);
    expect(report.verdict).toBe('valid');
    expect(report.signatures[0]).toEqual(
      expect.objectContaining({ revoked: true, signedAtSource: 'timestamp', problems: [] }),
    );
  });
});

describe('a signature whose own clock ran past its certificate’s end', { timeout: 60_000 }, () => {
  it('is judged at its timestamp’s time: valid, though it claims a time after the end and the cancellation', async () => {
    const applicant = await api.caller(scene.deal.publisherInst.id);
    const lgcSn = await api.effectiveSeal(applicant, reviewer);
    const deps = { db: t.database.db, config: t.config, storage: new LocalDiskStorage(t.config.storageDir) };
    const [seal] = await findUsableSeals(
      deps,
      { institutionId: applicant.institutionId, userId: applicant.id },
      [lgcSn],
      new Date(),
    );
    const notAfter = parseCertificate(new Uint8Array((await sealRow(lgcSn)).certificateDer!)).notAfter.value;
    const claimed = new Date(notAfter.getTime() + 86_400_000);
    const before = Date.now();
    const signed = await stampAndSign(await makeTestPdf(1), {
      stamps: [{ page: 1, x: 0.1, y: 0.1, png: seal!.png }],
      signer: await seal!.signer(),
      signingTime: claimed,
      timestampAuthority: await timestampAuthorityFor(deps),
    });
    await cancel(applicant, lgcSn);
    const report = await verify(signed);
    expect(report.verdict, JSON.stringify(report.signatures)).toBe('valid');
    const [signature] = report.signatures;
    expect(signature).toEqual(
      expect.objectContaining({ signedAtSource: 'timestamp', validAtSigningTime: true, revoked: true, problems: [] }),
    );
    // genTime: the moment it was signed (whole seconds), not the claim.
    const at = new Date(signature!.signedAt!).getTime();
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(createHash('sha256').update(signed).digest('hex')).toBe(report.sha256);
  });
});

// Runs last: the expiry ends every effective seal of this database whose period is over by then.
describe('the clock moved past a seal certificate’s end', { timeout: 120_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    parser.inline = false;
  });

  it('the seals expired by the scheduled job, /verify then: valid, each signing time proved by its timestamp', async () => {
    const late = await api.signedByBoth(reviewer);
    const seals = [late.publisherSeal, late.counterpartSeal];
    const ends = await Promise.all(
      seals.map(async (lgcSn) => {
        const row = await sealRow(lgcSn);
        const notAfter = parseCertificate(new Uint8Array(row.certificateDer!)).notAfter.value;
        return Math.max(notAfter.getTime(), new Date(row.validTo!).getTime());
      }),
    );
    const end = Math.max(...ends);
    // The server reads the time with Date (the judgement, the expiry job): moved a day past the
    // end, on this thread, where the file is read too.
    vi.useFakeTimers({ now: end + 86_400_000, toFake: ['Date'] });
    parser.inline = true;
    await createSealExpiryJob({ db: t.database.db, config: t.config }).run(new Date());
    for (const lgcSn of seals) {
      expect(await sealRow(lgcSn), lgcSn).toEqual(
        expect.objectContaining({ state: 'expired', privateKeySealed: null }),
      );
    }

    const report = await verify(late.fullySigned);
    expect(Date.now()).toBeGreaterThan(end);
    expect(report.verdict, JSON.stringify(report.signatures)).toBe('valid');
    expect(report.problems).toEqual([]);
    expect(
      report.signatures.map((s) => [s.intact, s.signedAtSource, s.validAtSigningTime, s.revoked, s.problems]),
    ).toEqual([
      [true, 'timestamp', true, false, []],
      [true, 'timestamp', true, false, []],
    ]);
    // Each time proved is the signing's, before the certificate's end.
    for (const signature of report.signatures) {
      expect(new Date(signature.signedAt!).getTime()).toBeLessThan(Math.min(...ends));
    }
  });
});

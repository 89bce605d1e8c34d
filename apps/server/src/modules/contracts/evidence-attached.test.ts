/**
 * The evidence report made once (issue 25 item 7; docs/decisions/0020-evidence-attached.md): when
 * the last party signs, the report is made in English and in Chinese, stored with its SHA-256 in
 * the audit trail and attached to the signed PDF before its document timestamp. Checked with
 * poppler's `pdfdetach` (the attachments and their bytes) and `pdfsig` (every signature still
 * valid), /verify (still valid: the attachments are covered by the document timestamp), the
 * downloads (the stored bytes, the same every time, in the language asked for) and a contract
 * completed before reports were stored (its report made on the fly, nothing stored by a GET).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TVerifyReport } from '@portal/shared/schemas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/factories.ts';
import { buildTestApp, countRows, type TestApp } from '../../../test/helpers.ts';
import { pdfdetach, pdftotext } from '../../../test/require-tool.ts';
import { type Caller, signingApi } from '../../../test/signing-scene.ts';
import { attachFiles } from '../../platform/signing/pdf-attach.ts';
import { runPdfsig } from '../../platform/signing/test-fixtures.ts';

const run = promisify(execFile);
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

let t: TestApp;
let api: ReturnType<typeof signingApi>;
let dir: string;
let reviewer: Caller;
let scene: Awaited<ReturnType<ReturnType<typeof signingApi>['signedByBoth']>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'evidence-attached-'));
  t = await buildTestApp({ STORAGE_DIR: join(dir, 'files') });
  api = signingApi(t.app, t.database.db);
  reviewer = await api.reviewer();
  scene = await api.signedByBoth(reviewer);
}, 180_000);

afterAll(async () => {
  await t?.app.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const trail = async (cookie: string) => {
  const res = await api.inject('GET', `/api/contracts/${scene.deal.intentionLgcSn}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.events as Array<{
    kind: string;
    fileName: string | null;
    sha256Before: string | null;
    sha256After: string | null;
    userAgent: string | null;
  }>;
};

const download = async (lang: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/contracts/${scene.deal.intentionLgcSn}/evidence?lang=${lang}`,
    headers: { cookie: scene.deal.publisher.cookie, 'accept-language': 'en-US' },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return new Uint8Array(res.rawPayload);
};

/** pdfdetach's list of attachments, and each saved to a file. */
async function detach(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  const file = join(dir, 'completed.pdf');
  await writeFile(file, bytes);
  const { stdout } = await run(pdfdetach(), ['-list', file]);
  const names = stdout
    .split('\n')
    .slice(1)
    .map((line) => /^\s*\d+:\s*(.+)$/.exec(line)?.[1]?.trim())
    .filter((name): name is string => Boolean(name));
  const files = new Map<string, Uint8Array>();
  for (const [i, name] of names.entries()) {
    const out = join(dir, `attachment-${i}.pdf`);
    await run(pdfdetach(), ['-save', String(i + 1), '-o', out, file]);
    files.set(name, new Uint8Array(await readFile(out)));
  }
  return files;
}

async function text(bytes: Uint8Array): Promise<string> {
  const file = join(dir, 'report.pdf');
  await writeFile(file, bytes);
  return (await run(pdftotext(), ['-enc', 'UTF-8', file, '-'])).stdout;
}

describe('the evidence report of a completed contract', { timeout: 60_000 }, () => {
  it('is attached to the signed PDF in both languages, each the bytes whose SHA-256 the audit trail holds', async () => {
    const attachments = await detach(scene.fullySigned);
    const events = await trail(scene.deal.publisher.cookie);
    const evidence = events.filter((event) => event.kind === 'evidence');
    expect(evidence.map((event) => event.fileName).sort()).toEqual([...attachments.keys()].sort());
    expect(attachments.size).toBe(2);
    for (const event of evidence) {
      expect(sha256(attachments.get(event.fileName!)!)).toBe(event.sha256After);
    }
    // The reports describe the file the last signature made; 'completed' is the file served.
    const lastSigned = events.filter((event) => event.kind === 'signed').at(-1)!;
    expect(evidence.every((event) => event.sha256Before === lastSigned.sha256After)).toBe(true);
    const completed = events.at(-1)!;
    expect(completed).toMatchObject({ kind: 'completed', sha256Before: lastSigned.sha256After });
    expect(completed.sha256After).toBe(sha256(scene.fullySigned));
  });

  it('leaves every signature valid in pdfsig, and the document timestamp after the attachments', async () => {
    const { signatures, output } = runPdfsig(scene.fullySigned);
    expect(signatures, output).toHaveLength(3);
    for (const signature of signatures.slice(0, 2))
      expect(signature.signatureValidation, output).toBe('Signature is Valid.');
    // The attachments come before the document timestamp, which therefore covers them.
    const file = Buffer.from(scene.fullySigned).toString('latin1');
    expect(file.lastIndexOf('/EmbeddedFiles')).toBeGreaterThan(0);
    expect(file.lastIndexOf('/EmbeddedFiles')).toBeLessThan(file.lastIndexOf('ETSI.RFC3161'));
  });

  it('keeps /verify green: attachments under the document timestamp are no change to what was signed', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(scene.fullySigned)]), 'contract.pdf');
    const res = await t.app.inject({ method: 'POST', url: '/api/verify', payload: form, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as TVerifyReport;
    expect(report).toMatchObject({ verdict: 'valid', problems: [], modifiedAfterLastSignature: false });
    expect(report.recordedContract).toMatchObject({ status: 'signed', version: 'signed' });
  });

  it('answers a file attached after the document timestamp as a change after the last signature', async () => {
    const forged = await attachFiles(scene.fullySigned, [
      {
        name: 'evidence-report-en-forged.pdf',
        data: await download('en-US'),
        description: 'Evidence report',
        mimeType: 'application/pdf',
        createdAt: new Date(),
      },
    ]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(forged)]), 'contract.pdf');
    const res = await t.app.inject({ method: 'POST', url: '/api/verify', payload: form, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as TVerifyReport;
    expect(report.verdict).not.toBe('valid');
    expect(report).toMatchObject({ modifiedAfterLastSignature: true, problems: ['modifiedAfterLastSignature'] });
  });

  it('is downloaded as the stored bytes, the same every time, in the language of ?lang=', async () => {
    const events = await trail(scene.deal.publisher.cookie);
    const hashes = events.filter((event) => event.kind === 'evidence').map((event) => event.sha256After);
    const english = await download('en-US');
    expect(sha256(await download('en-US'))).toBe(sha256(english));
    const chinese = await download('zh-CN');
    expect(sha256(chinese)).not.toBe(sha256(english));
    expect(hashes).toContain(sha256(english));
    expect(hashes).toContain(sha256(chinese));
    expect(await text(chinese)).toContain('存证报告');
    expect(await text(english)).toContain('Evidence report');
  });

  it('lists certificate serials and fingerprints, codes mailed and used, addresses and browsers', async () => {
    const seals = await t.database.db
      .selectFrom('seal')
      .select(['certificateSerial', 'certificateDer'])
      .where('lgcSn', 'in', [scene.publisherSeal, scene.counterpartSeal])
      .execute();
    const report = (await text(await download('en-US'))).replace(/\s+/g, ' ');
    for (const seal of seals) {
      expect(report).toContain(seal.certificateSerial!);
      // Long hashes wrap inside their cell: compare the fingerprint's start.
      expect(report).toContain(sha256(seal.certificateDer!).slice(0, 16));
    }
    expect(report).toContain('Signing code e-mailed to the signer');
    expect(report).toContain('Signed, confirmed with the e-mailed code');
    expect(report).toContain('Address and browser');
    expect(report).toContain('lightMyRequest');
    const events = await trail(scene.deal.publisher.cookie);
    expect(events.filter((event) => event.kind === 'codeSent')).toHaveLength(2);
  });

  it('of a contract completed before reports were stored is made on the fly, and the GET stores nothing', async () => {
    const other = await api.signedByBoth(reviewer);
    const contract = await t.database.db
      .selectFrom('contract')
      .select(['id'])
      .where('intentionId', '=', (qb) =>
        qb.selectFrom('cooperationIntention').select('id').where('lgcSn', '=', other.deal.intentionLgcSn),
      )
      .executeTakeFirstOrThrow();
    // As a contract completed before this change: no stored report.
    await t.database.db.deleteFrom('contractEvidence').where('contractId', '=', contract.id).execute();
    const files = () => countRows(t.database.db.selectFrom('fileObject'));
    const before = await files();
    const get = () =>
      api.inject(
        'GET',
        `/api/contracts/${other.deal.intentionLgcSn}/evidence?lang=zh-CN`,
        other.deal.counterpart.cookie,
      );
    const first = await get();
    expect(first.statusCode, first.body).toBe(200);
    expect(await text(new Uint8Array(first.rawPayload))).toContain('存证报告');
    expect(await files()).toBe(before);
  });
});

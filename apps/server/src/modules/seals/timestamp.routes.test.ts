/**
 * The portal's timestamp authority at POST /api/pki/tsa (issue 25 item 4): openssl's own query,
 * sent as application/timestamp-query, is answered with a token openssl verifies against the
 * authority (imprint, nonce, signature, certificate); what cannot be read is rejected (an RFC 3161
 * rejection, never a 500), and a body over 10 KB is refused before it is read.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { openssl } from '../../../test/require-tool.ts';
import { parseCertificate, toPem } from '../../platform/signing/pki.ts';
import { signingAuthority } from './authority.ts';

const run = promisify(execFile);

let t: TestApp;
let dir: string;
let authorityPem: string;
let tsaPem: string;

const post = (payload: Buffer, type = 'application/timestamp-query') =>
  t.app.inject({
    method: 'POST',
    url: '/api/pki/tsa',
    remoteAddress: nextIp(),
    headers: { 'content-type': type },
    payload,
  });

const statusOf = (reply: Buffer) => pkijs.TimeStampResp.fromBER(new Uint8Array(reply).buffer).status;

beforeAll(async () => {
  t = await buildTestApp();
  dir = await mkdtemp(join(tmpdir(), 'tsa-'));
  const authority = await signingAuthority(t.database.db, t.config);
  authorityPem = join(dir, 'authority.pem');
  tsaPem = join(dir, 'tsa.pem');
  await writeFile(authorityPem, toPem(authority.certificateDer, 'CERTIFICATE'));
  await writeFile(tsaPem, toPem(authority.tsaCertificateDer, 'CERTIFICATE'));
  await writeFile(join(dir, 'data.txt'), 'a contract, as it was at noon');
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('POST /api/pki/tsa', { timeout: 30_000 }, () => {
  it("answers openssl's query with a token openssl verifies against the authority", async () => {
    const query = join(dir, 'query.tsq');
    await run(openssl(), ['ts', '-query', '-data', join(dir, 'data.txt'), '-sha256', '-cert', '-out', query]);
    const res = await post(await readFile(query));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/timestamp-reply');
    const reply = join(dir, 'reply.tsr');
    await writeFile(reply, res.rawPayload);
    // The imprint and nonce of this query, the signature and a timeStamping certificate under the authority.
    const verified = await run(openssl(), [
      'ts',
      '-verify',
      '-queryfile',
      query,
      '-in',
      reply,
      '-CAfile',
      authorityPem,
      '-untrusted',
      tsaPem,
    ]);
    expect(verified.stdout.trim()).toBe('Verification: OK');
    const { stdout } = await run(openssl(), ['ts', '-reply', '-in', reply, '-text']);
    expect(stdout).toContain('Status: Granted.');
    expect(stdout).toMatch(/Nonce: 0x[0-9A-F]+/);
    expect(stdout).toContain('Policy OID: 2.25.291550942611781775711794321219151574610');
    // Asked with -cert: the token carries the TSA certificate, which names only timeStamping, critical.
    const certificate = parseCertificate((await signingAuthority(t.database.db, t.config)).tsaCertificateDer);
    const eku = certificate.extensions?.find((e) => e.extnID === '2.5.29.37');
    expect(eku?.critical).toBe(true);
    expect((eku!.parsedValue as pkijs.ExtKeyUsage).keyPurposes).toEqual(['1.3.6.1.5.5.7.3.8']);
  });

  it('a token from another query is not verified for this one (its imprint differs)', async () => {
    const query = join(dir, 'other.tsq');
    await writeFile(join(dir, 'other.txt'), 'another contract');
    await run(openssl(), ['ts', '-query', '-data', join(dir, 'other.txt'), '-sha256', '-out', query]);
    await expect(
      run(openssl(), [
        'ts',
        '-verify',
        '-queryfile',
        query,
        '-in',
        join(dir, 'reply.tsr'),
        '-CAfile',
        authorityPem,
        '-untrusted',
        tsaPem,
      ]),
    ).rejects.toMatchObject({ stdout: expect.stringContaining('Verification: FAILED') });
  });

  it('rejects what is not a TimeStampReq (status rejection, badDataFormat), never a 500', async () => {
    const res = await post(Buffer.from('not a request at all'));
    expect(res.statusCode).toBe(200);
    const status = statusOf(res.rawPayload);
    expect(status.status).toBe(2);
    // badDataFormat is bit 5.
    expect(status.failInfo?.valueBlock.valueHexView[0]).toBe(0x80 >> 5);
  });

  it('refuses a body over 10 KB before reading it (413), and another content type (415)', async () => {
    const large = await post(Buffer.alloc(11 * 1024, 0x30));
    expect(large.statusCode).toBe(413);
    expect(statusOf(large.rawPayload).status).toBe(2);
    // A NUL in the query is refused by a hook before the authority (the fuzz found it a 500).
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/pki/tsa?q=a%00b',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/timestamp-query' },
      payload: Buffer.from('x'),
    });
    expect(nul.statusCode).toBe(400);
    expect(statusOf(nul.rawPayload).status).toBe(2);
    const other = await post(Buffer.from('{}'), 'application/json');
    expect(other.statusCode).toBe(415);
    expect(statusOf(other.rawPayload).status).toBe(2);
  });
});

/**
 * Revocation, published (issue 25 item 3): a cancelled seal's certificate shows as revoked to
 * relying parties. The CRL at /api/pki/crl is signed by the authority and lists it (pkijs and
 * openssl read it); the OCSP responder, asked by `openssl ocsp` over a real socket, answers
 * revoked for it and good for an effective seal; new seal certificates name both addresses; and
 * a request that cannot be read gets malformedRequest, never a 500.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstitution, nextIp } from '../../../test/factories.ts';
import { freePort } from '../../../test/free-port.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { openssl, pdfsigReport } from '../../../test/require-tool.ts';
import { type Caller, signingApi } from '../../../test/signing-scene.ts';
import { LocalDiskStorage } from '../../platform/files/storage.ts';
import { stampAndSign } from '../../platform/signing/pdf-sign.ts';
import { createAuthority, cryptoEngine, parseCertificate, serialHexOf, toPem } from '../../platform/signing/pki.ts';
import { makeTestPdf } from '../../platform/signing/test-fixtures.ts';
import { signingAuthority } from './authority.ts';
import { currentCrl, ocspResponseForCertificate } from './revocation.ts';
import { findUsableSeals } from './stamping.ts';

const run = promisify(execFile);

let t: TestApp;
let base: string;
let api: ReturnType<typeof signingApi>;
let dir: string;
let authorityPem: string;
let applicant: Caller;
let reviewer: Caller;
/** An effective seal and a cancelled one, with their certificates. */
let effective: { lgcSn: string; der: Uint8Array; pem: string };
let cancelled: { lgcSn: string; der: Uint8Array; pem: string; revokedAt: Date };
/** A PDF signed with the effective seal, then with the other one before it was cancelled. */
let signedPdf: Uint8Array;

const sealRow = (lgcSn: string) =>
  t.database.db.selectFrom('seal').selectAll().where('lgcSn', '=', lgcSn).executeTakeFirstOrThrow();

async function certificateOf(lgcSn: string) {
  const der = new Uint8Array((await sealRow(lgcSn)).certificateDer!);
  const pem = join(dir, `${lgcSn}.pem`);
  await writeFile(pem, toPem(der, 'CERTIFICATE'));
  return { lgcSn, der, pem };
}

async function cancel(lgcSn: string) {
  await api.forgetCodes(applicant.email);
  const code = await api.mailedCode(applicant, `/api/signet/seals/${lgcSn}/cancel-code`);
  const res = await api.inject('POST', `/api/signet/seals/${lgcSn}/cancel`, applicant.cookie, { code });
  if (res.statusCode !== 200) throw new Error(`cancel: ${res.statusCode} ${res.body}`);
}

const newSeal = () => api.effectiveSeal(applicant, reviewer);

/** `pdf` signed with the seal's key (through the seals module, as contracts sign). */
async function signWith(pdf: Uint8Array, lgcSn: string) {
  const deps = { db: t.database.db, config: t.config, storage: new LocalDiskStorage(t.config.storageDir) };
  const [seal] = await findUsableSeals(
    deps,
    { institutionId: applicant.institutionId, userId: applicant.id },
    [lgcSn],
    new Date(),
  );
  return stampAndSign(pdf, { stamps: [{ page: 1, x: 0.1, y: 0.1, png: seal!.png }], signer: await seal!.signer() });
}

beforeAll(async () => {
  // A port free now: the certificates must name the address the server then listens on.
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ PUBLIC_BASE_URL: base });
  await t.app.listen({ port, host: '127.0.0.1' });
  api = signingApi(t.app, t.database.db);
  dir = await mkdtemp(join(tmpdir(), 'revocation-'));
  const authority = await signingAuthority(t.database.db, t.config);
  authorityPem = join(dir, 'authority.pem');
  await writeFile(authorityPem, toPem(authority.certificateDer, 'CERTIFICATE'));
  reviewer = await api.reviewer();
  applicant = await api.caller((await buildInstitution(t.database.db)).id);
  effective = await certificateOf(await newSeal());
  const toCancel = await newSeal();
  signedPdf = await signWith(await signWith(await makeTestPdf(1), effective.lgcSn), toCancel);
  await cancel(toCancel);
  cancelled = { ...(await certificateOf(toCancel)), revokedAt: (await sealRow(toCancel)).revokedAt as Date };
}, 120_000);

afterAll(async () => {
  await t?.app.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const serialOf = (der: Uint8Array) => serialHexOf(parseCertificate(der));

async function fetchCrl() {
  const res = await fetch(`${base}/api/pki/crl`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pkix-crl');
  const der = new Uint8Array(await res.arrayBuffer());
  return { der, crl: pkijs.CertificateRevocationList.fromBER(der.slice().buffer) };
}

const listed = (crl: pkijs.CertificateRevocationList) =>
  (crl.revokedCertificates ?? []).map((entry) => ({
    serial: Buffer.from(entry.userCertificate.valueBlock.valueHexView).toString('hex').replace(/^00/, ''),
    time: entry.revocationDate.value.getTime(),
  }));

const crlNumberOf = (crl: pkijs.CertificateRevocationList) => {
  const ext = crl.crlExtensions?.extensions.find((e) => e.extnID === '2.5.29.20');
  return BigInt(`0x${Buffer.from((ext!.parsedValue as asn1js.Integer).valueBlock.valueHexView).toString('hex')}`);
};

describe('the CRL', () => {
  it('is signed by the authority and lists the cancelled seal with its revocation time, not the effective one', async () => {
    const { crl } = await fetchCrl();
    const authority = await signingAuthority(t.database.db, t.config);
    const ok = await crl.verify({ issuerCertificate: parseCertificate(authority.certificateDer) }, cryptoEngine);
    expect(ok).toBe(true);
    const entries = listed(crl);
    expect(entries).toContainEqual({
      serial: serialOf(cancelled.der),
      time: Math.floor(cancelled.revokedAt.getTime() / 1000) * 1000,
    });
    expect(entries.map((e) => e.serial)).not.toContain(serialOf(effective.der));
    // A week ahead, and this update not in the future.
    expect(crl.thisUpdate.value.getTime()).toBeLessThanOrEqual(Date.now());
    expect(crl.nextUpdate!.value.getTime() - crl.thisUpdate.value.getTime()).toBe(7 * 86_400_000);
    // A signature by another key is not taken for the authority's.
    const stranger = await createAuthority({ commonName: 'Stranger CA', organization: 'Elsewhere', validYears: 1 });
    expect(await crl.verify({ issuerCertificate: parseCertificate(stranger.certificateDer) }, cryptoEngine)).toBe(
      false,
    );
  });

  it('is read by openssl: signature verified, the serial and the reason shown', async () => {
    const { der } = await fetchCrl();
    const file = join(dir, 'crl.der');
    await writeFile(file, der);
    const { stdout, stderr } = await run(openssl(), [
      'crl',
      '-inform',
      'DER',
      '-in',
      file,
      '-text',
      '-noout',
      '-CAfile',
      authorityPem,
    ]);
    expect(stderr).toMatch(/verify OK/);
    expect(stdout).toContain(`Serial Number: ${serialOf(cancelled.der).toUpperCase()}`);
    expect(stdout).toMatch(/Cessation Of Operation/);
    expect(stdout).toMatch(/X509v3 CRL Number/);
    expect(stdout).not.toContain(serialOf(effective.der).toUpperCase());
  });

  it('is published again when a seal is cancelled, with a greater CRL number', async () => {
    const lgcSn = await newSeal();
    const serial = serialOf((await certificateOf(lgcSn)).der);
    const before = (await fetchCrl()).crl;
    expect(listed(before).map((e) => e.serial)).not.toContain(serial);
    await cancel(lgcSn);
    const after = (await fetchCrl()).crl;
    expect(listed(after).map((e) => e.serial)).toContain(serial);
    expect(crlNumberOf(after)).toBeGreaterThan(crlNumberOf(before));
  });

  it('follows a cancellation made by another instance (the row changed behind this one)', async () => {
    const lgcSn = await newSeal();
    const serial = serialOf((await certificateOf(lgcSn)).der);
    expect(listed((await fetchCrl()).crl).map((e) => e.serial)).not.toContain(serial);
    const now = new Date();
    await t.database.db
      .updateTable('seal')
      .set({ state: 'cancelled', cancelledAt: now, revokedAt: now })
      .where('lgcSn', '=', lgcSn)
      .execute();
    expect(listed((await fetchCrl()).crl).map((e) => e.serial)).toContain(serial);
  });

  it('is there for code too (currentCrl): the same list the route serves', async () => {
    const crl = await currentCrl({ db: t.database.db, config: t.config });
    const parsed = pkijs.CertificateRevocationList.fromBER(crl.der.slice().buffer);
    expect(listed(parsed).map((e) => e.serial)).toContain(serialOf(cancelled.der));
    expect(crl.nextUpdate.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });
});

/** `openssl ocsp` against the listening server: its printed answer (stdout) and verification (stderr). */
async function askOpenssl(certPem: string, extra: string[] = []) {
  const { stdout, stderr } = await run(openssl(), [
    'ocsp',
    '-issuer',
    authorityPem,
    '-cert',
    certPem,
    '-url',
    `${base}/api/pki/ocsp`,
    '-CAfile',
    authorityPem,
    '-resp_text',
    ...extra,
  ]);
  return { stdout, stderr };
}

/** Parses a DER OCSPResponse: its status, and each single response's status tag and revocation time. */
function readResponse(der: Uint8Array) {
  const response = pkijs.OCSPResponse.fromBER(der.slice().buffer);
  const status = response.responseStatus.valueBlock.valueDec;
  if (!response.responseBytes) return { status, answers: [] };
  const basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes.response.valueBlock.valueHexView.slice().buffer);
  return {
    status,
    basic,
    answers: basic.tbsResponseData.responses.map((single) => ({
      serial: Buffer.from(single.certID.serialNumber.valueBlock.valueHexView).toString('hex').replace(/^00/, ''),
      tag: (single.certStatus as asn1js.BaseBlock).idBlock.tagNumber,
    })),
  };
}

async function postOcsp(body: Uint8Array, type = 'application/ocsp-request') {
  const res = await fetch(`${base}/api/pki/ocsp`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: Buffer.from(body),
  });
  return { status: res.status, type: res.headers.get('content-type'), der: new Uint8Array(await res.arrayBuffer()) };
}

/** A DER OCSP request for `certPem`, made by openssl. */
async function requestFor(certPem: string, name: string) {
  const out = join(dir, `${name}.req`);
  await run(openssl(), ['ocsp', '-issuer', authorityPem, '-cert', certPem, '-reqout', out]);
  return new Uint8Array(await readFile(out));
}

describe('the OCSP responder', () => {
  it('answers openssl: revoked (with its time) for the cancelled seal, verified, nonce echoed', async () => {
    const { stdout, stderr } = await askOpenssl(cancelled.pem);
    expect(stdout).toContain(`${cancelled.pem}: revoked`);
    expect(stdout).toMatch(/Revocation Time: /);
    expect(stdout).toMatch(/Revocation Reason: cessationOfOperation/);
    expect(stdout).toMatch(/OCSP Nonce/);
    expect(stderr).toMatch(/Response verify OK/);
    expect(stderr).not.toMatch(/nonce/i);
  });

  it('answers openssl: good for the effective seal', async () => {
    const { stdout, stderr } = await askOpenssl(effective.pem);
    expect(stdout).toContain(`${effective.pem}: good`);
    expect(stderr).toMatch(/Response verify OK/);
  });

  it('answers the GET form (RFC 6960 A.1) the same way, for URL-encoded base64', async () => {
    const der = await requestFor(cancelled.pem, 'get');
    const encoded = encodeURIComponent(Buffer.from(der).toString('base64'));
    const res = await fetch(`${base}/api/pki/ocsp/${encoded}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/ocsp-response');
    const answer = readResponse(new Uint8Array(await res.arrayBuffer()));
    expect(answer.status).toBe(0);
    expect(answer.answers).toEqual([{ serial: serialOf(cancelled.der), tag: 1 }]);
  });

  it('answers unknown for a serial it never issued and for another issuer', async () => {
    const stranger = await createAuthority({ commonName: 'Stranger CA', organization: 'Elsewhere', validYears: 1 });
    const strangerPem = join(dir, 'stranger.pem');
    await writeFile(strangerPem, toPem(stranger.certificateDer, 'CERTIFICATE'));
    // The stranger's certificate asked about as if the portal had issued it: a serial it never issued.
    const { stdout } = await askOpenssl(strangerPem);
    expect(stdout).toContain(`${strangerPem}: unknown`);
    // The cancelled seal's serial under another issuer: not the portal's to answer.
    const { stdout: other } = await run(openssl(), [
      'ocsp',
      '-issuer',
      strangerPem,
      '-serial',
      `0x${serialOf(cancelled.der)}`,
      '-url',
      `${base}/api/pki/ocsp`,
      '-resp_text',
      '-noverify',
    ]);
    expect(other).toMatch(/: unknown/);
  });

  it('refuses garbage, an oversized request and another content type with malformedRequest, not a 500', async () => {
    for (const [body, type, status] of [
      [new Uint8Array([0x30, 0x03, 0x02, 0x01]), 'application/ocsp-request', 400],
      [new Uint8Array(Buffer.from('not an OCSP request at all')), 'application/ocsp-request', 400],
      [new Uint8Array(11 * 1024).fill(0x30), 'application/ocsp-request', 413],
      [new Uint8Array(Buffer.from('{"a":1}')), 'application/json', 415],
    ] as const) {
      const res = await postOcsp(body, type);
      expect(res.status, type).toBe(status);
      expect(res.type).toBe('application/ocsp-response');
      expect(readResponse(res.der).status).toBe(1); // malformedRequest
    }
    for (const path of ['!!!', encodeURIComponent('AAAA'), 'A'.repeat(50_000)]) {
      const res = await fetch(`${base}/api/pki/ocsp/${path}`);
      expect(res.status).toBeLessThan(500);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    // A NUL in the query is refused by a hook before the responder (the fuzz found it a 500).
    const nul = await fetch(`${base}/api/pki/ocsp?q=a%00b`, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request' },
      body: Buffer.from([0x30, 0x03, 0x02, 0x01]),
    });
    expect(nul.status).toBe(400);
    expect(readResponse(new Uint8Array(await nul.arrayBuffer())).status).toBe(1);
    const nulGet = await fetch(`${base}/api/pki/ocsp/AAAA?q=a%00b`);
    expect(nulGet.status).toBe(400);
    const res = await fetch(`${base}/api/pki/ocsp/${encodeURIComponent(Buffer.from('garbage!').toString('base64'))}`);
    expect(res.status).toBe(400);
    expect(readResponse(new Uint8Array(await res.arrayBuffer())).status).toBe(1);
  });

  it('gives code a signed answer about one certificate (ocspResponseForCertificate)', async () => {
    const der = await ocspResponseForCertificate({ db: t.database.db, config: t.config }, cancelled.der);
    const answer = readResponse(der);
    expect(answer.answers).toEqual([{ serial: serialOf(cancelled.der), tag: 1 }]);
    const authority = await signingAuthority(t.database.db, t.config);
    const status = await answer.basic!.getCertificateStatus(
      parseCertificate(cancelled.der),
      parseCertificate(authority.certificateDer),
      cryptoEngine,
    );
    expect(status).toEqual({ isForCertificate: true, status: 1 });
  });
});

describe('a new seal certificate', () => {
  it('names the CRL, the OCSP responder and the issuer certificate under PUBLIC_BASE_URL', async () => {
    const { stdout } = await run(openssl(), ['x509', '-in', effective.pem, '-noout', '-text']);
    const baseUrl = t.config.publicBaseUrl;
    expect(stdout).toMatch(new RegExp(`X509v3 CRL Distribution Points:\\s+Full Name:\\s+URI:${baseUrl}/api/pki/crl`));
    expect(stdout).toContain(`OCSP - URI:${baseUrl}/api/pki/ocsp`);
    expect(stdout).toContain(`CA Issuers - URI:${baseUrl}/api/pki/authority.der`);
    // The caIssuers address serves the authority's certificate.
    const res = await t.app.inject({ method: 'GET', url: '/api/pki/authority.der', remoteAddress: nextIp() });
    const authority = await signingAuthority(t.database.db, t.config);
    expect(new Uint8Array(res.rawPayload)).toEqual(authority.certificateDer);
  });
});

describe('pdfsig, checking revocation online (OCSP from the certificate)', () => {
  it("calls the cancelled seal's certificate revoked and the effective one trusted", async () => {
    // Asynchronous (pdfsigReport): the responder answering pdfsig runs in this process.
    const { stdout } = await pdfsigReport(dir, authorityPem, signedPdf);
    const validations = [...stdout.matchAll(/- Certificate Validation: (.*)$/gm)].map((m) => m[1]);
    expect(validations, stdout).toEqual(['Certificate is Trusted.', 'Certificate has been Revoked.']);
  });
});

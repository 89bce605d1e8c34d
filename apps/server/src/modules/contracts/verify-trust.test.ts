/**
 * /api/verify judges trust, not only integrity (issue "Signatures another bank can rely on"): a
 * signature is the portal's only when its certificate chains, by signature, to the portal's
 * authority; names and serials copied into a self-made certificate count for nothing. A seal
 * cancelled after a signature leaves it good; a seal used after its cancellation does not. The
 * authority's certificate is published (PEM, DER, fingerprint) and is the one signatures chain to.
 */
import { createHash } from 'node:crypto';
import type { TVerifyReport } from '@portal/shared/schemas/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/factories.ts';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { type Caller, signingApi } from '../../../test/signing-scene.ts';
import { stampAndSign } from '../../platform/signing/pdf-sign.ts';
import { inspectPdfSignatures } from '../../platform/signing/pdf-verify.ts';
import {
  createAuthority,
  describeCertificate,
  fromPem,
  issueCertificate,
  type KeyPairDer,
  newSealKeys,
  parseCertificate,
  signerFor,
} from '../../platform/signing/pki.ts';
import { drawOverPage, encodePng, makeTestPdf } from '../../platform/signing/test-fixtures.ts';
import { signingAuthority } from '../seals/index.ts';

const { app, database, config } = await buildTestAppWithStorage('portal-verify-trust-');
const db = database.db;
const api = signingApi(app, db);

async function reportOf(bytes: Uint8Array): Promise<TVerifyReport> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'contract.pdf');
  const res = await app.inject({ method: 'POST', url: '/api/verify', payload: form, remoteAddress: nextIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TVerifyReport;
}

const sealRow = (lgcSn: string) =>
  db.selectFrom('seal').selectAll().where('lgcSn', '=', lgcSn).executeTakeFirstOrThrow();

/** A wide opaque white box: what a forger lays over a clause of page 1. */
function overlayPng(): Uint8Array {
  const [width, height] = [200, 200];
  return encodePng(width, height, new Uint8Array(width * height * 4).fill(255));
}

/**
 * A certificate issued by `forger` (a self-made authority) that copies a real seal's certificate:
 * its subject and its serial number. Answers its signer.
 */
async function copiedSealSigner(forger: KeyPairDer, lgcSn: string) {
  const real = await sealRow(lgcSn);
  const copied = describeCertificate(new Uint8Array(real.certificateDer!));
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const certificateDer = await issueCertificate(forger, {
    subject: {
      commonName: copied.subject.commonName!,
      organization: copied.subject.organization!,
      organizationalUnit: copied.subject.organizationalUnit!,
      serialNumber: copied.subject.serialNumber!,
    },
    publicKey: keys.publicKey,
    serialNumber: real.certificateSerial!,
    notBefore: copied.notBefore,
    notAfter: copied.notAfter,
    kind: 'seal',
  });
  expect(describeCertificate(certificateDer).serialHex).toBe(real.certificateSerial!.toLowerCase());
  return signerFor({
    privateKeyPkcs8: new Uint8Array(await crypto.subtle.exportKey('pkcs8', keys.privateKey)),
    certificateDer,
    chain: [forger.certificateDer],
  });
}

let publisher: Caller;
let reviewer: Caller;
let intentionLgcSn: string;
let publisherName: string;
let publisherSeal: string;
let counterpartSeal: string;
let partlySigned: Uint8Array;
let fullySigned: Uint8Array;

beforeAll(async () => {
  reviewer = await api.reviewer();
  const signed = await api.signedByBoth(reviewer);
  const { deal } = signed;
  publisher = deal.publisher;
  intentionLgcSn = deal.intentionLgcSn;
  publisherName = deal.publisherInst.name;
  ({ publisherSeal, counterpartSeal, partlySigned, fullySigned } = signed);
}, 120_000);

describe('POST /api/verify: forged signatures answer red', { timeout: 60_000 }, () => {
  it('a page-1 overlay signed by a self-made certificate copying a real seal’s subject and serial: invalid, no institution presented as verified', async () => {
    const forger = await createAuthority({ commonName: 'Self-made CA', organization: 'Nobody', validYears: 5 });
    // The overlay drawn into page 1's content, then signed (a seal stamped now would be a widget).
    const forged = await stampAndSign(await drawOverPage(fullySigned, 1), {
      stamps: [{ page: 1, x: 0.05, y: 0.1, png: overlayPng() }],
      signer: await copiedSealSigner(forger, publisherSeal),
    });
    const report = await reportOf(forged);
    const real = await sealRow(publisherSeal);

    expect(report.verdict).toBe('invalid');
    expect(report.problems).toEqual([]);
    const [first, second, third] = report.signatures;
    expect(third).toMatchObject({
      index: 3,
      intact: true,
      issuedByPortal: false,
      signer: 'foreign',
      problems: ['notIssuedByPortal'],
      institutionName: null,
      sealName: null,
      sealNo: null,
      revoked: false,
      claimedSigner: { organization: publisherName, serialNumber: real.sealNo },
      pagesChangedByItsUpdate: [1],
    });
    // The serial it copied is not looked up: nothing in the answer names the seal as verified.
    expect(JSON.stringify({ ...third, claimedSigner: null })).not.toContain(publisherName);
    // The two real signatures stay intact, and say that page 1 changed after them, by signature 3;
    // the second party's seal (a widget) changed nothing.
    expect(first).toMatchObject({ problems: ['pagesChangedLater'], institutionName: publisherName, signer: 'seal' });
    expect(first?.pagesChangedLater).toEqual([{ page: 1, by: 3 }]);
    expect(second).toMatchObject({ problems: ['pagesChangedLater'], pagesChangedLater: [{ page: 1, by: 3 }] });
  });

  it('a certificate issued by a self-made authority with the portal authority’s exact name: invalid', async () => {
    const authority = parseCertificate((await signingAuthority(db, config)).certificateDer);
    const name = describeCertificate((await signingAuthority(db, config)).certificateDer).subject;
    const lookalike = await createAuthority({
      commonName: name.commonName!,
      organization: name.organization!,
      validYears: 20,
    });
    expect(parseCertificate(lookalike.certificateDer).subject.isEqual(authority.subject)).toBe(true);
    const forged = await stampAndSign(partlySigned, {
      stamps: [],
      signer: await copiedSealSigner(lookalike, counterpartSeal),
    });
    const report = await reportOf(forged);
    expect(report.verdict).toBe('invalid');
    expect(report.signatures.map((s) => [s.signer, s.problems, s.institutionName, s.sealNo])).toEqual([
      ['seal', [], publisherName, (await sealRow(publisherSeal)).sealNo],
      ['foreign', ['notIssuedByPortal'], null, null],
    ]);
  });
});

describe('POST /api/verify: the portal’s own signatures', { timeout: 60_000 }, () => {
  it('an evidence report, signed with the portal’s own certificate: valid, named as the portal', async () => {
    const res = await api.inject('GET', `/api/contracts/${intentionLgcSn}/evidence`, publisher.cookie);
    expect(res.statusCode).toBe(200);
    const report = await reportOf(new Uint8Array(res.rawPayload));
    expect(report.verdict).toBe('valid');
    expect(report.signatures).toEqual([
      expect.objectContaining({ signer: 'portal', issuedByPortal: true, problems: [], claimedSigner: null }),
    ]);
  });

  it('a seal whose certificate an earlier authority issued (before another was configured): still the portal’s, by that very certificate', async () => {
    const deal = await api.agreedDeal();
    const lgcSn = await api.effectiveSeal(deal.publisher, reviewer);
    const row = await sealRow(lgcSn);
    const earlier = await createAuthority({ commonName: 'Earlier Seal CA', organization: 'Portal', validYears: 5 });
    const reissued = await newSealKeys({
      authority: earlier,
      subject: {
        commonName: `${row.name} (${row.sealNo})`,
        organization: deal.publisherInst.name,
        organizationalUnit: row.name,
        serialNumber: row.sealNo,
      },
      notBefore: new Date(row.validFrom!),
      notAfter: new Date(row.validTo!),
    });
    await db
      .updateTable('seal')
      .set({
        certificateDer: Buffer.from(reissued.certificateDer),
        privateKeySealed: (await signingAuthority(db, config)).keyStore.seal(reissued.privateKeyPkcs8, `seal:${lgcSn}`),
        certificateSerial: reissued.serialHex,
      })
      .where('id', '=', row.id)
      .execute();
    const id = deal.intentionLgcSn;
    expect((await api.uploadContract(deal.publisher.cookie, id, await makeTestPdf(1))).statusCode).toBe(200);
    expect((await api.inject('POST', `/api/contracts/${id}/confirm`, deal.counterpart.cookie)).statusCode).toBe(200);
    const signed = await api.sign(deal.publisher, id, [{ sealLgcSn: lgcSn, page: 1, x: 0.5, y: 0.5 }]);
    expect(signed.statusCode, signed.body).toBe(200);
    const file = new Uint8Array(
      (await api.inject('GET', `/api/contracts/${id}/file`, deal.publisher.cookie)).rawPayload,
    );

    const report = await reportOf(file);
    expect(report.verdict).toBe('valid');
    expect(report.signatures).toEqual([
      expect.objectContaining({
        issuedByPortal: true,
        signer: 'seal',
        institutionName: deal.publisherInst.name,
        sealNo: row.sealNo,
        problems: [],
      }),
    ]);
  });
});

describe('POST /api/verify: a cancelled seal', { timeout: 60_000 }, () => {
  let cancelledAt: Date;
  // A copy of the key taken before the cancellation (which destroys the portal's own).
  let keptKey: Uint8Array;
  beforeAll(async () => {
    const stored = (await sealRow(publisherSeal)).privateKeySealed!;
    keptKey = (await signingAuthority(db, config)).keyStore.unseal(stored, `seal:${publisherSeal}`);
    const code = await api.mailedCode(publisher, `/api/signet/seals/${publisherSeal}/cancel-code`);
    const res = await api.inject('POST', `/api/signet/seals/${publisherSeal}/cancel`, publisher.cookie, { code });
    if (res.statusCode !== 200) throw new Error(`cancel: ${res.body}`);
    cancelledAt = (await sealRow(publisherSeal)).revokedAt!;
  });

  /** A file signed with the cancelled seal's own key, outside the contract flow, claiming `signingTime`. */
  async function signedWithCancelledKey(signingTime: Date) {
    const row = await sealRow(publisherSeal);
    const signer = await signerFor({
      privateKeyPkcs8: keptKey,
      certificateDer: new Uint8Array(row.certificateDer!),
      chain: [(await signingAuthority(db, config)).certificateDer],
    });
    return stampAndSign(await makeTestPdf(1), { stamps: [], signer, signingTime });
  }

  it('cancelled after the contract was signed: still valid, the cancellation shown as information', async () => {
    const report = await reportOf(fullySigned);
    expect(report.verdict).toBe('valid');
    expect(report.signatures[0]).toMatchObject({
      problems: [],
      // Its timestamp (B-T) proves the time, before the cancellation.
      signedAtSource: 'timestamp',
      revoked: true,
      revokedAt: cancelledAt.toISOString(),
    });
    expect(new Date(report.signatures[0]!.signedAt!).getTime()).toBeLessThan(cancelledAt.getTime());
  });

  it('its key used after the cancellation: invalid, signed after revocation', async () => {
    const report = await reportOf(await signedWithCancelledKey(new Date(cancelledAt.getTime() + 60_000)));
    expect(report.verdict).toBe('invalid');
    expect(report.signatures[0]).toMatchObject({
      signer: 'seal',
      intact: true,
      signedAtSource: 'claimed',
      problems: ['signedAfterRevocation', 'timeOnlyClaimed'],
    });
  });

  it('the portal’s record of a signature after the cancellation outweighs an earlier claimed time', async () => {
    // A time within the seal's period, before its cancellation.
    const validFrom = new Date((await sealRow(publisherSeal)).validFrom!).getTime();
    const file = await signedWithCancelledKey(new Date((validFrom + cancelledAt.getTime()) / 2));
    // Claimed before the cancellation, recorded nowhere: only amber, and it says the time is claimed.
    const claimed = await reportOf(file);
    expect(claimed.verdict).toBe('warning');
    expect(claimed.signatures[0]?.problems).toEqual(['timeOnlyClaimed']);
    // The record says when it really was signed.
    const seal = await sealRow(publisherSeal);
    const intention = await db.selectFrom('contractEvent').select('intentionId').limit(1).executeTakeFirstOrThrow();
    await db
      .insertInto('contractEvent')
      .values({
        intentionId: intention.intentionId,
        kind: 'signed',
        userId: publisher.id,
        institutionId: publisher.institutionId,
        sealId: seal.id,
        sha256After: createHash('sha256').update(file).digest('hex'),
        at: new Date(cancelledAt.getTime() + 1_000),
      })
      .execute();
    const recorded = await reportOf(file);
    expect(recorded.verdict).toBe('invalid');
    expect(recorded.signatures[0]).toMatchObject({
      signedAtSource: 'portalRecord',
      signedAt: new Date(cancelledAt.getTime() + 1_000).toISOString(),
      problems: ['signedAfterRevocation'],
    });
  });
});

describe('GET /api/pki/authority: the published trust anchor', () => {
  it('serves, without a log-in, the certificate the signatures chain to: DER, PEM and its fingerprint', async () => {
    const der = await app.inject({ method: 'GET', url: '/api/pki/authority.der', remoteAddress: nextIp() });
    expect(der.statusCode).toBe(200);
    expect(der.headers['content-type']).toBe('application/pkix-cert');
    expect(der.headers['content-disposition']).toContain('portal-seal-authority.cer');
    const certificate = new Uint8Array(der.rawPayload);
    expect(Buffer.from(certificate).equals(Buffer.from((await signingAuthority(db, config)).certificateDer))).toBe(
      true,
    );

    // The contract's signatures chain to exactly these bytes, and each seal certificate verifies with its key.
    const inspected = await inspectPdfSignatures(fullySigned, { trustedRoots: [certificate] });
    expect(inspected.signatures.map((s) => s.certificate?.issuedByTrustedRoot)).toEqual([true, true]);
    const root = parseCertificate(certificate);
    const leaf = parseCertificate(new Uint8Array((await sealRow(counterpartSeal)).certificateDer!));
    expect(await leaf.verify(root)).toBe(true);

    const pem = await app.inject({ method: 'GET', url: '/api/pki/authority.pem', remoteAddress: nextIp() });
    expect(pem.statusCode).toBe(200);
    expect(pem.headers['content-type']).toBe('application/x-pem-file');
    expect(pem.headers['content-disposition']).toContain('portal-seal-authority.pem');
    expect(pem.body).toMatch(/^-----BEGIN CERTIFICATE-----\n(?:[A-Za-z0-9+/=]{1,64}\n)+-----END CERTIFICATE-----\n$/);
    expect(Buffer.from(fromPem(pem.body, 'CERTIFICATE')).equals(Buffer.from(certificate))).toBe(true);

    const info = await app.inject({ method: 'GET', url: '/api/pki/authority', remoteAddress: nextIp() });
    expect(info.statusCode).toBe(200);
    const fingerprint = createHash('sha256').update(certificate).digest('hex').toUpperCase().match(/../g)!.join(':');
    expect(info.json().data).toEqual({
      subject: `CN=${describeCertificate(certificate).subject.commonName}, O=${describeCertificate(certificate).subject.organization}`,
      sha256: fingerprint,
      serial: describeCertificate(certificate).serialHex,
      notBefore: root.notBefore.value.toISOString(),
      notAfter: root.notAfter.value.toISOString(),
      pemUrl: '/api/pki/authority.pem',
      derUrl: '/api/pki/authority.der',
    });
  });
});

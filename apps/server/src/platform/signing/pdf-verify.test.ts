import { createHash } from 'node:crypto';
import { PDF } from '@libpdf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { comparePageRevisions } from './pdf-page-changes.ts';
import { stampAndSign } from './pdf-sign.ts';
import { inspectPdfSignatures, PdfUnreadableError, parsePdfDate } from './pdf-verify.ts';
import { createAuthority, issueCertificate, type KeyPairDer, parseCertificate, signerFor } from './pki.ts';
import {
  drawOverPage,
  makeSealPng,
  makeTestAuthority,
  makeTestPdf,
  makeTestSealSigner,
  runPdfsig,
  type TestSeal,
} from './test-fixtures.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let portalCa: KeyPairDer;
let foreignCa: KeyPairDer;
let chinese: TestSeal;
let foreign: TestSeal;
let contract: Uint8Array;
let first: Uint8Array;
let both: Uint8Array;
const signingTime = new Date('2026-06-01T09:30:00Z');

beforeAll(async () => {
  portalCa = await makeTestAuthority();
  foreignCa = await makeTestAuthority({ commonName: 'Somebody Else CA', organization: 'Elsewhere' });
  chinese = await makeTestSealSigner(portalCa, {
    commonName: '华东商业银行合同专用章',
    organization: '华东商业银行',
    organizationalUnit: '同业合作部',
    serialNumber: '91310000MA1FL0XX1Q',
  });
  foreign = await makeTestSealSigner(foreignCa, { commonName: 'Foreign Seal', organization: 'Foreign Bank' });
  contract = await makeTestPdf(20);
  first = await stampAndSign(contract, {
    stamps: [{ page: 1, x: 0.6, y: 0.7, png: makeSealPng() }],
    signer: chinese.signer,
    signingTime: new Date(Date.now() - 60_000),
    fieldName: '甲方',
  });
  both = await stampAndSign(first, { stamps: [], signer: foreign.signer, fieldName: 'party-b' });
});

describe('inspectPdfSignatures', () => {
  it('reports a PDF without signatures as such', async () => {
    const report = await inspectPdfSignatures(contract, { trustedRoots: [portalCa.certificateDer] });
    expect(report).toEqual({
      sha256: sha256(contract),
      signatures: [],
      documentTimestamps: [],
      modifiedAfterLastSignature: false,
      appendedOnlyValidationData: false,
      attachedAfterLastSignature: [],
      pageChanges: null,
    });
  });

  it('reports both signatures with names, revisions and trust', async () => {
    const report = await inspectPdfSignatures(both, { trustedRoots: [portalCa.certificateDer] });
    expect(report.sha256).toBe(sha256(both));
    expect(report.modifiedAfterLastSignature).toBe(false);
    const [a, b] = report.signatures;
    expect(a).toMatchObject({
      fieldName: '甲方',
      coversWholeDocument: false,
      signedRevisionSha256: sha256(first),
      digestMatches: true,
      signatureValid: true,
      intact: true,
      subFilter: 'ETSI.CAdES.detached',
      signer: {
        commonName: '华东商业银行合同专用章',
        organization: '华东商业银行',
        organizationalUnit: '同业合作部',
        serialNumber: '91310000MA1FL0XX1Q',
      },
      certificate: {
        serialHex: chinese.serialHex,
        issuerCommonName: 'Interbank Portal Test CA',
        issuedByTrustedRoot: true,
        validAtSigningTime: true,
      },
    });
    expect(a!.byteRange[0]).toBe(0);
    expect(a!.byteRange[2] + a!.byteRange[3]).toBe(first.length);
    expect(b).toMatchObject({
      fieldName: 'party-b',
      coversWholeDocument: true,
      signedRevisionSha256: sha256(both),
      intact: true,
      signer: { commonName: 'Foreign Seal', organization: 'Foreign Bank' },
      certificate: { issuerCommonName: 'Somebody Else CA', issuedByTrustedRoot: false, validAtSigningTime: true },
    });
    // Trusting the other CA instead flips the answers; trusting both accepts both.
    const other = await inspectPdfSignatures(both, { trustedRoots: [foreignCa.certificateDer] });
    expect(other.signatures.map((s) => s.certificate?.issuedByTrustedRoot)).toEqual([false, true]);
    const all = await inspectPdfSignatures(both, { trustedRoots: [portalCa.certificateDer, foreignCa.certificateDer] });
    expect(all.signatures.map((s) => s.certificate?.issuedByTrustedRoot)).toEqual([true, true]);
    const none = await inspectPdfSignatures(both, { trustedRoots: [] });
    expect(none.signatures.map((s) => [s.intact, s.certificate?.issuedByTrustedRoot])).toEqual([
      [true, false],
      [true, false],
    ]);
  });

  it('agrees with pdfsig', async () => {
    const ours = await inspectPdfSignatures(both, { trustedRoots: [portalCa.certificateDer] });
    const theirs = runPdfsig(both).signatures;
    expect(theirs.map((s) => s.signatureValidation === 'Signature is Valid.')).toEqual(
      ours.signatures.map((s) => s.intact),
    );
    expect(theirs.map((s) => s.totalDocumentSigned)).toEqual(ours.signatures.map((s) => s.coversWholeDocument));
    expect(theirs.map((s) => s.commonName)).toEqual(ours.signatures.map((s) => s.signer?.commonName));
    expect(theirs.map((s) => s.fieldName)).toEqual(ours.signatures.map((s) => s.fieldName));
  });

  it('takes the signing time from the signed attributes, and checks it against the certificate', async () => {
    const early = await stampAndSign(contract, { stamps: [], signer: chinese.signer, signingTime });
    const [signature] = (await inspectPdfSignatures(early, { trustedRoots: [portalCa.certificateDer] })).signatures;
    expect(signature!.signedAt).toEqual(signingTime);
    const ancient = await stampAndSign(contract, {
      stamps: [],
      signer: chinese.signer,
      signingTime: new Date('2001-01-01'),
    });
    const [old] = (await inspectPdfSignatures(ancient, { trustedRoots: [portalCa.certificateDer] })).signatures;
    expect(old!.certificate!.validAtSigningTime).toBe(false);
    expect(old!.intact).toBe(true);
  });

  it('finds a flipped byte in a signed range, and which signatures it breaks', async () => {
    const report = (bytes: Uint8Array) => inspectPdfSignatures(bytes, { trustedRoots: [portalCa.certificateDer] });
    // In the original contract: both signatures cover it.
    const early = both.slice();
    early[100] = early[100]! ^ 0x20;
    expect((await report(early)).signatures.map((s) => [s.digestMatches, s.signatureValid, s.intact])).toEqual([
      [false, true, false],
      [false, true, false],
    ]);
    // In the second party's update: only the second signature covers it.
    const late = both.slice();
    late[first.length + 10] = late[first.length + 10]! ^ 0x20;
    expect((await report(late)).signatures.map((s) => s.intact)).toEqual([true, false]);
  });

  it('finds a broken CMS signature value', async () => {
    const [signature] = (await inspectPdfSignatures(first, { trustedRoots: [] })).signatures;
    const gapStart = signature!.byteRange[0] + signature!.byteRange[1];
    const text = Buffer.from(first).toString('latin1');
    // The signature value is the last OCTET STRING of the CMS; its bytes sit just before the zero padding.
    const hex = text.slice(gapStart + 1, signature!.byteRange[2] - 1);
    const end = hex.replace(/(00)+$/, '').length;
    const tampered = first.slice();
    const at = gapStart + 1 + end - 8;
    tampered[at] = tampered[at] === 0x30 ? 0x31 : 0x30; // another hex digit
    const [broken] = (await inspectPdfSignatures(tampered, { trustedRoots: [] })).signatures;
    expect(broken!.digestMatches).toBe(true);
    expect(broken!.signatureValid).toBe(false);
    expect(broken!.intact).toBe(false);
  });

  it('notices bytes appended after the last signature', async () => {
    const appended = new Uint8Array([...both, ...new TextEncoder().encode('\n% appended\n')]);
    const report = await inspectPdfSignatures(appended, { trustedRoots: [portalCa.certificateDer] });
    expect(report.modifiedAfterLastSignature).toBe(true);
    expect(report.signatures.map((s) => [s.intact, s.coversWholeDocument])).toEqual([
      [true, false],
      [true, false],
    ]);
  });

  it('a certificate copying a trusted seal’s subject and serial, from a self-made authority with the trusted authority’s exact name, does not chain', async () => {
    const trusted = parseCertificate(portalCa.certificateDer);
    // The same subject as the portal test CA: CN, O and C.
    const lookalike = await createAuthority({
      commonName: 'Interbank Portal Test CA',
      organization: 'Interbank Cooperation Portal (test)',
      country: 'CN',
      validYears: 10,
    });
    expect(parseCertificate(lookalike.certificateDer).subject.isEqual(trusted.subject)).toBe(true);
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const copied = parseCertificate(chinese.certificateDer);
    const certificateDer = await issueCertificate(lookalike, {
      subject: {
        commonName: '华东商业银行合同专用章',
        organization: '华东商业银行',
        organizationalUnit: '同业合作部',
        serialNumber: '91310000MA1FL0XX1Q',
      },
      publicKey: keys.publicKey,
      serialNumber: chinese.serialHex,
      notBefore: copied.notBefore.value,
      notAfter: copied.notAfter.value,
      kind: 'seal',
    });
    const signer = await signerFor({
      privateKeyPkcs8: new Uint8Array(await crypto.subtle.exportKey('pkcs8', keys.privateKey)),
      certificateDer,
      chain: [lookalike.certificateDer],
    });
    const forged = await stampAndSign(first, { stamps: [{ page: 1, x: 0.1, y: 0.1, png: makeSealPng() }], signer });
    const [, signature] = (await inspectPdfSignatures(forged, { trustedRoots: [portalCa.certificateDer] })).signatures;
    expect(signature).toMatchObject({
      intact: true,
      signer: { organization: '华东商业银行' },
      certificate: {
        serialHex: chinese.serialHex,
        issuerCommonName: 'Interbank Portal Test CA',
        issuedByTrustedRoot: false,
      },
    });
  });

  it('names the pages each update changed, and those changed by bytes after the last signature', async () => {
    const report = await inspectPdfSignatures(both, { trustedRoots: [portalCa.certificateDer] });
    // The first party's seal on page 1 is its signature's widget: no page's content changed.
    expect(report.pageChanges).toEqual({ byUpdate: [[], []], afterLast: [] });

    // An unsigned update drawing on page 3.
    const pdf = await PDF.load(both);
    pdf.getPage(2)!.drawRectangle({ x: 50, y: 50, width: 200, height: 40 });
    const overlaid = await pdf.save({ incremental: true });
    expect(Buffer.from(overlaid.subarray(0, both.length)).equals(Buffer.from(both))).toBe(true);
    const changed = await inspectPdfSignatures(overlaid, { trustedRoots: [portalCa.certificateDer] });
    expect(changed.modifiedAfterLastSignature).toBe(true);
    expect(changed.pageChanges).toEqual({ byUpdate: [[], []], afterLast: [3] });

    // A signed update that draws into page 2's content is a change, by that signature.
    const overdrawn = await stampAndSign(await drawOverPage(both, 2), { stamps: [], signer: chinese.signer });
    const redrawn = await inspectPdfSignatures(overdrawn, { trustedRoots: [portalCa.certificateDer] });
    expect(redrawn.pageChanges).toEqual({ byUpdate: [[], [], [2]], afterLast: [] });

    // Bytes that draw nothing: appended, but no page changed.
    const comment = new Uint8Array([...both, ...new TextEncoder().encode('\n% appended\n')]);
    expect((await inspectPdfSignatures(comment, { trustedRoots: [] })).pageChanges?.afterLast).toEqual([]);
  });

  it('compares no pages past its time budget, rather than guess', async () => {
    const ends = [first.length, both.length];
    expect(await comparePageRevisions(both, ends, contract.length, { budgetMs: -1 })).toBeNull();
    expect(await comparePageRevisions(both, ends, contract.length)).toEqual({ byUpdate: [[], []], afterLast: [] });
  });

  it('survives truncated and mangled files', async () => {
    const truncated = both.slice(0, first.length + 3000);
    const report = await inspectPdfSignatures(truncated, { trustedRoots: [portalCa.certificateDer] });
    expect(report.signatures[0]!.intact).toBe(true);
    expect(report.signatures.slice(1).every((s) => !s.intact)).toBe(true);

    const mangled = new TextEncoder().encode(
      '%PDF-1.7\n1 0 obj << /ByteRange [0 10 20 99999] /Contents <zz> >>\n2 0 obj << /ByteRange [5 5 5 5] >>\n',
    );
    const odd = await inspectPdfSignatures(mangled, { trustedRoots: [] });
    expect(odd.signatures).toHaveLength(2);
    expect(odd.signatures.every((s) => !s.intact && s.signer === null)).toBe(true);

    const noise = new Uint8Array(20_000).map((_, i) => (i * 7919) % 251);
    noise.set(new TextEncoder().encode('%PDF-1.4\n'));
    expect((await inspectPdfSignatures(noise, { trustedRoots: [] })).signatures).toEqual([]);
  });

  it('throws PdfUnreadableError only for bytes that are no PDF at all', async () => {
    for (const bytes of [new Uint8Array(), new TextEncoder().encode('<html>not a pdf</html>')]) {
      const error = await inspectPdfSignatures(bytes, { trustedRoots: [] }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PdfUnreadableError);
      expect((error as PdfUnreadableError).code).toBe('NOT_PDF');
    }
  });
});

describe('parsePdfDate', () => {
  it('reads PDF dates with and without a time zone', () => {
    expect(parsePdfDate("D:20260601173000+08'00'")).toEqual(new Date('2026-06-01T09:30:00Z'));
    expect(parsePdfDate('D:20260601093000Z')).toEqual(new Date('2026-06-01T09:30:00Z'));
    expect(parsePdfDate('D:2026')).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(parsePdfDate('yesterday')).toBeNull();
  });
});

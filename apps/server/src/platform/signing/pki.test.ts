import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openssl } from '../../../test/require-tool.ts';
import {
  createAuthority,
  cryptoEngine,
  describeCertificate,
  describeCertificateName,
  fromPem,
  issueCertificate,
  type KeyPairDer,
  newSealKeys,
  parseCertificate,
  signerFor,
  toArrayBuffer,
  toPem,
} from './pki.ts';
import { makeTestAuthority } from './test-fixtures.ts';

const DAY = 86_400_000;

function extension(der: Uint8Array, oid: string) {
  return parseCertificate(der).extensions?.find((e) => e.extnID === oid);
}

/** The keyUsage bits that are set, by RFC 5280 number. */
function keyUsageBits(der: Uint8Array): number[] {
  const ext = extension(der, '2.5.29.15')!;
  const bits = asn1js.fromBER(ext.extnValue.valueBlock.valueHexView.slice()).result as asn1js.BitString;
  const bytes = bits.valueBlock.valueHexView;
  const set: number[] = [];
  for (let bit = 0; bit < bytes.length * 8; bit++) if (bytes[bit >> 3]! & (0x80 >> (bit & 7))) set.push(bit);
  return set;
}

let dir: string;
let ca: KeyPairDer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pki-test-'));
  ca = await makeTestAuthority();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `openssl verify` of `cert` against `caDer` for S/MIME signing (the purpose NSS checks signers against). */
function opensslVerify(caDer: Uint8Array, certDer: Uint8Array): string {
  writeFileSync(join(dir, 'ca.pem'), toPem(caDer, 'CERTIFICATE'));
  writeFileSync(join(dir, 'cert.pem'), toPem(certDer, 'CERTIFICATE'));
  const run = spawnSync(
    openssl(),
    ['verify', '-CAfile', join(dir, 'ca.pem'), '-purpose', 'smimesign', join(dir, 'cert.pem')],
    {
      encoding: 'utf8',
    },
  );
  return `${run.stdout}${run.stderr}`.trim();
}

describe('toArrayBuffer', () => {
  // Small Buffers share one pool: their `.buffer` holds other data around them, and Buffer's `slice`
  // is a view, so `slice().buffer` hands asn1js the whole pool (Node 24 verified nothing this way).
  it('copies exactly the bytes of a pooled Buffer, a Buffer view and a Uint8Array view', () => {
    const pooled = Buffer.from('0102030405', 'hex');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    for (const view of [pooled, pooled.subarray(1, 3), new Uint8Array([9, 1, 2, 3, 9]).subarray(1, 4)]) {
      const copy = toArrayBuffer(view);
      expect([...new Uint8Array(copy)]).toEqual([...view]);
    }
  });

  it('reads a DER signature value from a pooled Buffer', () => {
    const der = Buffer.concat([Buffer.from([0x04, 0x02]), Buffer.from([0xab, 0xcd])]);
    const parsed = asn1js.fromBER(toArrayBuffer(der));
    expect(parsed.offset).toBe(4);
    expect(Buffer.from((parsed.result as asn1js.OctetString).valueBlock.valueHexView).toString('hex')).toBe('abcd');
  });
});

describe('createAuthority', () => {
  it('makes a self-signed CA certificate with critical CA constraints and key usage', async () => {
    const now = new Date('2026-03-01T08:00:00Z');
    const authority = await makeTestAuthority({ commonName: '银行间合作门户 CA', organization: '银行间合作门户' });
    const described = describeCertificate(authority.certificateDer);
    expect(described.subject).toEqual(described.issuer);
    expect(described.subject.commonName).toBe('银行间合作门户 CA');
    expect(described.sha256Hex).toMatch(/^[0-9a-f]{64}$/);

    const cert = parseCertificate(authority.certificateDer);
    expect(await cert.verify(cert, cryptoEngine)).toBe(true);
    const basic = extension(authority.certificateDer, '2.5.29.19')!;
    expect(basic.critical).toBe(true);
    expect((basic.parsedValue as pkijs.BasicConstraints).cA).toBe(true);
    expect(extension(authority.certificateDer, '2.5.29.15')!.critical).toBe(true);
    expect(keyUsageBits(authority.certificateDer)).toEqual([5, 6]); // keyCertSign, cRLSign
    expect(extension(authority.certificateDer, '2.5.29.14')).toBeDefined();

    // Explicit `now` and validity: from an hour before now, for validYears.
    const dated = describeCertificate(
      (await createAuthority({ commonName: 'Dated CA', organization: 'Portal', validYears: 30, now })).certificateDer,
    );
    expect(dated.notBefore.toISOString()).toBe('2026-03-01T07:00:00.000Z');
    expect(dated.notAfter.toISOString()).toBe('2056-03-01T08:00:00.000Z'); // GeneralizedTime from 2050 on
  });
});

describe('issueCertificate / newSealKeys', () => {
  it('issues a seal certificate whose Chinese names round-trip', async () => {
    const notBefore = new Date('2026-01-01T00:00:00Z');
    const notAfter = new Date('2027-01-01T00:00:00Z');
    const seal = await newSealKeys({
      authority: ca,
      subject: {
        commonName: '华东商业银行合同专用章',
        organization: '华东商业银行',
        organizationalUnit: '金融市场部',
        serialNumber: '91310000MA1FL0XX1Q',
      },
      notBefore,
      notAfter,
    });
    const described = describeCertificate(seal.certificateDer);
    expect(described.subject).toEqual({
      commonName: '华东商业银行合同专用章',
      organization: '华东商业银行',
      organizationalUnit: '金融市场部',
      serialNumber: '91310000MA1FL0XX1Q',
    });
    expect(described.issuer.commonName).toBe('Interbank Portal Test CA');
    expect(described.notBefore).toEqual(notBefore);
    expect(described.notAfter).toEqual(notAfter);
    expect(described.serialHex).toBe(seal.serialHex);
    expect(seal.serialHex).toMatch(/^[4-7][0-9a-f]{31}$/); // 16 random bytes, positive

    const cert = parseCertificate(seal.certificateDer);
    expect(await cert.verify(parseCertificate(ca.certificateDer), cryptoEngine)).toBe(true);
    expect(keyUsageBits(seal.certificateDer)).toEqual([0, 1]); // digitalSignature, nonRepudiation
    expect(extension(seal.certificateDer, '2.5.29.15')!.critical).toBe(true);
    expect((extension(seal.certificateDer, '2.5.29.19')!.parsedValue as pkijs.BasicConstraints).cA).toBe(false);
    const eku = extension(seal.certificateDer, '2.5.29.37')!.parsedValue as pkijs.ExtKeyUsage;
    expect(eku.keyPurposes).toEqual(['1.3.6.1.5.5.7.3.4', '1.3.6.1.5.5.7.3.36']);
    // The authority key identifier is the CA's subject key identifier.
    const aki = extension(seal.certificateDer, '2.5.29.35')!.parsedValue as pkijs.AuthorityKeyIdentifier;
    const caSki = extension(ca.certificateDer, '2.5.29.14')!.parsedValue as asn1js.OctetString;
    expect(Buffer.from(aki.keyIdentifier!.valueBlock.valueHexView)).toEqual(Buffer.from(caSki.valueBlock.valueHexView));
    // A CRL distribution point naming the CA's directory entry, no URL (poppler < 25.11 needs one to
    // report "Certificate is Trusted", see issueCertificate).
    const cdp = extension(seal.certificateDer, '2.5.29.31')!;
    expect(cdp.critical).toBe(false);
    const points = (cdp.parsedValue as pkijs.CRLDistributionPoints).distributionPoints;
    expect(points).toHaveLength(1);
    const fullName = points[0]!.distributionPoint as pkijs.GeneralName[];
    expect(fullName.map((name) => name.type)).toEqual([4]); // directoryName
    expect(describeCertificateName(fullName[0]!.value)).toEqual(describeCertificate(ca.certificateDer).subject);
    // One attribute per RDN, as `openssl x509 -subject` shows it.
    writeFileSync(join(dir, 'seal.pem'), toPem(seal.certificateDer, 'CERTIFICATE'));
    const subject = spawnSync(
      openssl(),
      ['x509', '-in', join(dir, 'seal.pem'), '-noout', '-subject', '-nameopt', 'utf8,sep_comma_plus_space'],
      { encoding: 'utf8' },
    ).stdout.trim();
    expect(subject).toBe(
      'subject=O=华东商业银行, OU=金融市场部, CN=华东商业银行合同专用章, serialNumber=91310000MA1FL0XX1Q',
    );
  });

  it('passes openssl verification for S/MIME signing against the CA', async () => {
    const now = Date.now();
    const seal = await newSealKeys({
      authority: ca,
      subject: { commonName: 'Seal', organization: 'Bank' },
      notBefore: new Date(now - DAY),
      notAfter: new Date(now + DAY),
    });
    expect(opensslVerify(ca.certificateDer, seal.certificateDer)).toMatch(/: OK$/);
    const foreign = await makeTestAuthority({ commonName: 'Foreign CA' });
    expect(opensslVerify(foreign.certificateDer, seal.certificateDer)).not.toMatch(/: OK$/);
  });

  it('takes the public key as SPKI DER and an explicit serial number', async () => {
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
    const der = await issueCertificate(ca, {
      subject: { commonName: 'Interbank Portal', organization: 'Interbank Cooperation Portal' },
      publicKey: spki,
      notBefore: new Date(Date.now() - DAY),
      notAfter: new Date(Date.now() + DAY),
      serialNumber: 'ff00000000000001', // high bit set: encoded with a sign byte, still read back as given
      kind: 'portal',
    });
    expect(describeCertificate(der).serialHex).toBe('ff00000000000001');
    expect(keyUsageBits(der)).toEqual([0]); // the portal attests: digitalSignature only
    const cert = parseCertificate(der);
    expect(Buffer.from(cert.subjectPublicKeyInfo.toSchema().toBER(false))).toEqual(Buffer.from(spki));
  });

  it('refuses notAfter before notBefore', async () => {
    await expect(
      newSealKeys({
        authority: ca,
        subject: { commonName: 'x', organization: 'y' },
        notBefore: new Date(),
        notAfter: new Date(Date.now() - DAY),
      }),
    ).rejects.toThrow(/notAfter/);
  });
});

describe('signerFor', () => {
  it('gives an EC signer with the chain, whose signatures verify with the certificate key', async () => {
    const seal = await newSealKeys({
      authority: ca,
      subject: { commonName: 'Seal', organization: 'Bank' },
      notBefore: new Date(Date.now() - DAY),
      notAfter: new Date(Date.now() + DAY),
    });
    const signer = await signerFor({ ...seal, chain: [ca.certificateDer] });
    expect(signer.keyType).toBe('EC');
    expect(signer.signatureAlgorithm).toBe('ECDSA');
    expect(signer.certificateChain).toEqual([ca.certificateDer]);
    const data = new TextEncoder().encode('signed attributes');
    const signature = await signer.sign(data, 'SHA-256');
    // CMS wants DER (SEQUENCE { r, s }); verify it the way a CMS verifier does.
    const ok = await cryptoEngine.verifyWithPublicKey(
      data.slice().buffer,
      new asn1js.OctetString({ valueHex: signature.slice().buffer }),
      parseCertificate(seal.certificateDer).subjectPublicKeyInfo,
      new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.840.10045.4.3.2' }),
    );
    expect(ok).toBe(true);
  });
});

describe('PEM', () => {
  it('round-trips certificates and keys, and picks a block by label', async () => {
    const certPem = toPem(ca.certificateDer, 'CERTIFICATE');
    const keyPem = toPem(ca.privateKeyPkcs8, 'PRIVATE KEY');
    expect(certPem).toMatch(/^-----BEGIN CERTIFICATE-----\n([A-Za-z0-9+/=]{1,64}\n)+-----END CERTIFICATE-----\n$/);
    expect(fromPem(certPem)).toEqual(ca.certificateDer);
    const both = `${keyPem}\n${certPem}`;
    expect(fromPem(both, 'CERTIFICATE')).toEqual(ca.certificateDer);
    expect(fromPem(both, 'PRIVATE KEY')).toEqual(ca.privateKeyPkcs8);
    expect(() => fromPem('no pem here')).toThrow(/no PEM block/);
  });

  it('uses a CA supplied as PEM files by openssl (RSA) to issue verifiable seals', async () => {
    const keyFile = join(dir, 'rsa-ca.key');
    const certFile = join(dir, 'rsa-ca.pem');
    const made = spawnSync(openssl(), [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '30',
      '-subj',
      '/C=CN/O=Operator/CN=Operator Root CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    expect(made.status).toBe(0);
    const authority = {
      certificateDer: fromPem(readFileSync(certFile, 'utf8'), 'CERTIFICATE'),
      privateKeyPkcs8: fromPem(readFileSync(keyFile, 'utf8'), 'PRIVATE KEY'),
    };
    const seal = await newSealKeys({
      authority,
      subject: { commonName: '合同专用章', organization: '华东商业银行' },
      notBefore: new Date(Date.now() - DAY),
      notAfter: new Date(Date.now() + DAY),
    });
    expect(describeCertificate(seal.certificateDer).issuer.commonName).toBe('Operator Root CA');
    expect(opensslVerify(authority.certificateDer, seal.certificateDer)).toMatch(/: OK$/);
  });
});

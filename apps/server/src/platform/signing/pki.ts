/**
 * The portal's certificate authority and the certificates it issues: one self-signed CA, and under
 * it a certificate per seal (an institution's electronic seal) and one for the portal itself (it
 * signs evidence reports). Keys are ECDSA P-256 with SHA-256: key generation takes about a
 * millisecond (RSA-2048 takes up to a second), signatures are small, and poppler's `pdfsig`, NSS
 * and Adobe Reader all verify them.
 *
 * Names are written as UTF8String (institution names are often Chinese), except the country and
 * the serial number, which RFC 5280 wants as PrintableString.
 */
import { createHash, type webcrypto } from 'node:crypto';
import type { DigestAlgorithm, Signer } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { loadLibpdf } from './libraries.ts';

/** Our own engine over the platform WebCrypto, so pkijs's global engine (libpdf swaps it) never matters. */
/**
 * The key type of the global WebCrypto, whichever declares it: Node's types for the server, the DOM
 * library where this file is compiled for the browser journeys (e2e), whose KeyUsage list differs.
 */
type Key = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
type KeyPair = { publicKey: Key; privateKey: Key };

/**
 * A private key held outside this process (a PKCS#11 token's, platform/signing/pkcs11.ts): it
 * signs and never shows itself. Shaped like a WebCrypto private key, so pkijs takes it where it
 * takes one; `cryptoEngine` sends its signatures to `signDigest`.
 */
export interface ExternalPrivateKey {
  readonly type: 'private';
  readonly algorithm: { readonly name: 'ECDSA'; readonly namedCurve: 'P-256' };
  readonly extractable: false;
  readonly usages: readonly ['sign'];
  /** ECDSA over `digest` (already hashed), as r‖s (IEEE P1363, as WebCrypto answers). */
  signDigest(digest: Uint8Array): Promise<Uint8Array>;
}

/** What signs for a certificate: a WebCrypto key in this process, or a token's key. */
export type SigningKey = Key | ExternalPrivateKey;

export function isExternalKey(key: unknown): key is ExternalPrivateKey {
  return typeof (key as Partial<ExternalPrivateKey> | null)?.signDigest === 'function';
}

/** Node's name of a WebCrypto digest ('SHA-256' → 'sha256'). */
function nodeHash(name: string): string {
  const hash = { 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' }[name.toUpperCase()];
  if (!hash) throw new Error(`unsupported digest ${name}`);
  return hash;
}

const bytesOf = (data: ArrayBuffer | ArrayBufferView): Uint8Array =>
  data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** pkijs's WebCrypto engine, which also signs with an external key (the data hashed here, the digest signed there). */
class PortalCryptoEngine extends pkijs.CryptoEngine {
  override async sign(...args: Parameters<pkijs.CryptoEngine['sign']>): Promise<ArrayBuffer> {
    const [algorithm, key, data] = args;
    if (!isExternalKey(key)) return super.sign(...args);
    const hash = (algorithm as { hash?: { name?: string } | string }).hash;
    const hashName = typeof hash === 'string' ? hash : (hash?.name ?? '');
    const digest = createHash(nodeHash(hashName)).update(bytesOf(data)).digest();
    return toArrayBuffer(await key.signDigest(digest));
  }
}

export const cryptoEngine = new PortalCryptoEngine({ name: 'portal-webcrypto', crypto: globalThis.crypto });

/** A signing key where pkijs's types want a CryptoKey (cryptoEngine tells them apart). */
export const asCryptoKey = (key: SigningKey): Key => key as Key;

const EC_KEY = { name: 'ECDSA', namedCurve: 'P-256' } as const;

const OID = {
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  crlDistributionPoints: '2.5.29.31',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  ocsp: '1.3.6.1.5.5.7.48.1',
  caIssuers: '1.3.6.1.5.5.7.48.2',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  documentSigning: '1.3.6.1.5.5.7.3.36',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  ecPublicKey: '1.2.840.10045.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  p256: '1.2.840.10045.3.1.7',
  p384: '1.3.132.0.34',
  p521: '1.3.132.0.35',
} as const;

export type KeyPairDer = { certificateDer: Uint8Array; privateKeyPkcs8: Uint8Array };

/** A certificate and what signs for it: its PKCS#8 key, or a key already at hand (a token's too). */
export type CertifiedKey = { certificateDer: Uint8Array } & (
  | { privateKeyPkcs8: Uint8Array; privateKey?: undefined }
  | { privateKey: SigningKey }
);

/** The key that signs for `pair`'s certificate, ready for cryptoEngine. */
export async function signingKeyOf(pair: CertifiedKey, certificate: pkijs.Certificate): Promise<Key> {
  return pair.privateKey ? asCryptoKey(pair.privateKey) : importPrivateKey(pair.privateKeyPkcs8, certificate);
}

/** Where a relying party finds a certificate's revocation status and its issuer (absolute URLs). */
export type RevocationUrls = { crl: string; ocsp: string; caIssuers: string };

export type SubjectName = {
  commonName: string;
  organization: string;
  organizationalUnit?: string;
  /** The subject's serialNumber attribute (e.g. a unified social credit code), not the certificate's. */
  serialNumber?: string;
};

export type DescribedName = {
  commonName: string | null;
  organization: string | null;
  organizationalUnit: string | null;
  serialNumber: string | null;
};

export type CertificateDescription = {
  serialHex: string;
  subject: DescribedName;
  issuer: DescribedName;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 of the DER certificate, lower-case hex: the certificate's fingerprint. */
  sha256Hex: string;
};

const toHex = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
/**
 * Exactly the bytes a view shows, as an ArrayBuffer of their own (asn1js, pkijs and opentype.js read
 * whole ArrayBuffers). Not `bytes.slice().buffer`: on a Node Buffer `slice` is a view, and a small
 * Buffer's `.buffer` is the shared pool, other data around it.
 */
export const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** Parses a DER certificate; throws a plain Error on anything else. */
export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  return pkijs.Certificate.fromBER(toArrayBuffer(der));
}

/**
 * A distinguished name with one attribute per RDN, as CAs write them (pkijs's own toSchema would
 * put every attribute into one multi-valued RDN, shown as "O=…+CN=…").
 */
function nameOf(attributes: Array<[string, string | undefined]>): pkijs.RelativeDistinguishedNames {
  const printable = new Set<string>([OID.country, OID.serialNumber]);
  const rdns = attributes
    .filter((attribute): attribute is [string, string] => attribute[1] !== undefined && attribute[1] !== '')
    .map(
      ([type, value]) =>
        new asn1js.Set({
          value: [
            new pkijs.AttributeTypeAndValue({
              type,
              value: printable.has(type) ? new asn1js.PrintableString({ value }) : new asn1js.Utf8String({ value }),
            }).toSchema(),
          ],
        }),
    );
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER(false));
}

/** The names the portal shows from a certificate's subject or issuer (null when absent). */
export function describeCertificateName(name: pkijs.RelativeDistinguishedNames): DescribedName {
  const read = (type: string): string | null => {
    const found = name.typesAndValues.find((tv) => tv.type === type);
    const value = (found?.value.valueBlock as { value?: unknown } | undefined)?.value;
    return typeof value === 'string' ? value : null;
  };
  return {
    commonName: read(OID.commonName),
    organization: read(OID.organization),
    organizationalUnit: read(OID.organizationalUnit),
    serialNumber: read(OID.serialNumber),
  };
}

const SHORT_NAMES: Record<string, string> = {
  [OID.commonName]: 'CN',
  [OID.organization]: 'O',
  [OID.organizationalUnit]: 'OU',
  [OID.country]: 'C',
  [OID.serialNumber]: 'SERIALNUMBER',
};

/** A name as people read it, most specific first ("CN=…, O=…, C=…"), as openssl and certutil print it. */
export function nameText(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((tv) => {
      const value = (tv.value.valueBlock as { value?: unknown } | undefined)?.value;
      return `${SHORT_NAMES[tv.type] ?? tv.type}=${typeof value === 'string' ? value : '?'}`;
    })
    .reverse()
    .join(', ');
}

/** SHA-256 of a DER certificate as viewers show it: upper-case hex pairs joined by ':'. */
export function fingerprintOf(der: Uint8Array): string {
  return createHash('sha256').update(der).digest('hex').toUpperCase().match(/../g)?.join(':') ?? '';
}

/** UTCTime up to 2049, GeneralizedTime from 2050 on (RFC 5280 §4.1.2.5). */
export function timeOf(date: Date): pkijs.Time {
  const type = date.getUTCFullYear() < 2050 ? pkijs.TimeType.UTCTime : pkijs.TimeType.GeneralizedTime;
  // X.509 times have whole seconds; dropping the milliseconds keeps describeCertificate exact.
  return new pkijs.Time({ type, value: new Date(Math.floor(date.getTime() / 1000) * 1000) });
}

/** A positive, minimally encoded DER INTEGER from big-endian bytes. */
export function serialInteger(bytes: Uint8Array): asn1js.Integer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  let body = bytes.slice(start);
  if (body.length === 0) body = new Uint8Array([0]);
  if (body[0]! & 0x80) body = Uint8Array.of(0, ...body);
  return new asn1js.Integer({ valueHex: toArrayBuffer(body) });
}

/** Serial numbers as lower-case hex without the sign padding byte, as viewers and openssl show them. */
export function serialHexOf(certificate: pkijs.Certificate): string {
  return integerHex(certificate.serialNumber);
}

/** A DER INTEGER (a serial number, a CRL number) as lower-case hex without the sign padding byte. */
export function integerHex(integer: asn1js.Integer): string {
  const bytes = integer.valueBlock.valueHexView;
  return toHex(bytes.length > 1 && bytes[0] === 0 ? bytes.subarray(1) : bytes);
}

function randomSerial(): Uint8Array {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0]! & 0x7f) | 0x40; // positive and exactly 16 bytes long
  return bytes;
}

function extension(extnID: string, critical: boolean, value: asn1js.BaseBlock): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });
}

/** keyUsage bits, named as RFC 5280 numbers them (0 = digitalSignature). */
function keyUsage(bits: number[]): asn1js.BitString {
  let value = 0;
  for (const bit of bits) value |= 1 << (15 - bit);
  const bytes = value & 0xff ? [value >> 8, value & 0xff] : [value >> 8];
  const last = bytes[bytes.length - 1]!;
  let unusedBits = 0;
  while (unusedBits < 7 && !(last & (1 << unusedBits))) unusedBits++;
  return new asn1js.BitString({ valueHex: new Uint8Array(bytes).buffer, unusedBits });
}
const KU = { digitalSignature: 0, nonRepudiation: 1, keyCertSign: 5, cRLSign: 6 } as const;

/** RFC 5280 §4.2.1.2 method 1: SHA-1 of the subjectPublicKey bit string. */
export async function keyIdentifier(spki: pkijs.PublicKeyInfo): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-1', spki.subjectPublicKey.valueBlock.valueHexView.slice());
}

async function publicKeyInfo(publicKey: Key | Uint8Array): Promise<pkijs.PublicKeyInfo> {
  if (publicKey instanceof Uint8Array) return pkijs.PublicKeyInfo.fromBER(toArrayBuffer(publicKey));
  const spki = new pkijs.PublicKeyInfo();
  await spki.importKey(publicKey, cryptoEngine);
  return spki;
}

/** WebCrypto parameters for a PKCS#8 key of the type the certificate's public key has. */
function importParameters(certificate: pkijs.Certificate): {
  algorithm: webcrypto.EcKeyImportParams | webcrypto.RsaHashedImportParams;
  keyType: 'EC' | 'RSA';
  signatureAlgorithm: 'ECDSA' | 'RSASSA-PKCS1-v1_5';
} {
  const spkiAlgorithm = certificate.subjectPublicKeyInfo.algorithm;
  if (spkiAlgorithm.algorithmId === OID.rsaEncryption) {
    return {
      algorithm: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      keyType: 'RSA',
      signatureAlgorithm: 'RSASSA-PKCS1-v1_5',
    };
  }
  if (spkiAlgorithm.algorithmId === OID.ecPublicKey) {
    const curveOid = (spkiAlgorithm.algorithmParams as asn1js.ObjectIdentifier).valueBlock.toString();
    const namedCurve = { [OID.p256]: 'P-256', [OID.p384]: 'P-384', [OID.p521]: 'P-521' }[curveOid];
    if (!namedCurve) throw new Error(`unsupported EC curve ${curveOid}`);
    return { algorithm: { name: 'ECDSA', namedCurve }, keyType: 'EC', signatureAlgorithm: 'ECDSA' };
  }
  throw new Error(`unsupported public key algorithm ${spkiAlgorithm.algorithmId}`);
}

/** A PKCS#8 key, non-extractable, of the type `certificate`'s public key has (null: ECDSA P-256, the portal's own keys). */
export async function importPrivateKey(
  privateKeyPkcs8: Uint8Array,
  certificate: pkijs.Certificate | null,
): Promise<Key> {
  const algorithm = certificate ? importParameters(certificate).algorithm : EC_KEY;
  return crypto.subtle.importKey('pkcs8', privateKeyPkcs8.slice(), algorithm, false, ['sign']);
}

export async function generateKeyPair(): Promise<KeyPair> {
  return crypto.subtle.generateKey(EC_KEY, true, ['sign', 'verify']);
}

const exportPkcs8 = async (key: Key) => new Uint8Array(await crypto.subtle.exportKey('pkcs8', key));

/**
 * A self-signed CA certificate and its key. Valid from one hour before `now` (a verifier whose
 * clock runs a little behind still accepts it) for `validYears`.
 */
export async function createAuthority(options: AuthorityOptions): Promise<KeyPairDer> {
  const keys = await generateKeyPair();
  return {
    certificateDer: await createAuthorityCertificate({ ...options, ...keys }),
    privateKeyPkcs8: await exportPkcs8(keys.privateKey),
  };
}

type AuthorityOptions = {
  commonName: string;
  organization: string;
  country?: string;
  validYears: number;
  now?: Date;
};

/**
 * The self-signed CA certificate of a key pair made elsewhere (`publicKey`: a CryptoKey or the
 * DER SubjectPublicKeyInfo; `privateKey`: a token's key too). createAuthority says the rest.
 */
export async function createAuthorityCertificate({
  commonName,
  organization,
  country,
  validYears,
  now = new Date(),
  publicKey,
  privateKey,
}: AuthorityOptions & { publicKey: Key | Uint8Array; privateKey: SigningKey }): Promise<Uint8Array> {
  const name = nameOf([
    [OID.country, country],
    [OID.organization, organization],
    [OID.commonName, commonName],
  ]);
  const notBefore = new Date(now.getTime() - 3_600_000);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + validYears);

  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = serialInteger(randomSerial());
  certificate.issuer = name;
  certificate.subject = name;
  certificate.notBefore = timeOf(notBefore);
  certificate.notAfter = timeOf(notAfter);
  certificate.subjectPublicKeyInfo = await publicKeyInfo(publicKey);
  const ski = await keyIdentifier(certificate.subjectPublicKeyInfo);
  certificate.extensions = [
    // pathLen 0: the portal CA issues end-entity certificates only.
    extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: true, pathLenConstraint: 0 }).toSchema()),
    extension(OID.keyUsage, true, keyUsage([KU.keyCertSign, KU.cRLSign])),
    extension(OID.subjectKeyIdentifier, false, new asn1js.OctetString({ valueHex: ski })),
  ];
  await certificate.sign(asCryptoKey(privateKey), 'SHA-256', cryptoEngine);
  return new Uint8Array(certificate.toSchema(true).toBER(false));
}

/**
 * Issues a certificate under `authority`. `kind: 'seal'` is an institution's electronic seal:
 * keyUsage digitalSignature + nonRepudiation (the holder commits to what it signs). `'portal'` is
 * the portal's own key for evidence reports: digitalSignature only (the portal attests, it does not
 * commit to a contract). Both carry extKeyUsage emailProtection + documentSigning: NSS (`pdfsig`)
 * checks a document signer against the e-mail-signer usage and refuses an EKU list without
 * emailProtection; documentSigning (RFC 9336) is the purpose proper.
 *
 * `'tsa'` is the portal's RFC 3161 timestamp authority: digitalSignature + nonRepudiation and
 * extKeyUsage timeStamping alone, critical (RFC 3161 §2.3: a TSA's certificate names only that).
 *
 * Given `revocation` (every seal certificate issued since revocation is published), the
 * certificate carries a CRL distribution point with the CRL's URL and an Authority Information
 * Access extension with the OCSP responder's URL and the issuer certificate's (caIssuers), so
 * `pdfsig`, Acrobat and openssl find out that a cancelled seal's certificate is revoked.
 *
 * Without it (the portal's own certificate, older seals, test fixtures) the CRL distribution point
 * names the CA's own directory entry (a directoryName, no URL: nothing is fetched). It is there for poppler before
 * 25.11 (`pdfsig`, Okular, Evince): it reads NSS's last error even when CERT_PKIXVerifyCert
 * succeeds, and on a chain NSS trusts the last error left is libpkix's unanswered look-up of the
 * end-entity certificate's crlDistributionPoints (SEC_ERROR_EXTENSION_NOT_FOUND), which poppler
 * reports as "Unknown issue with Certificate or corrupted data" instead of "Certificate is
 * Trusted". Any certificate without the extension shows it, openssl's too (poppler commit
 * 11b859f5, "call PORT_GetError() only if the preceding CERT_PKIXVerifyCert() fails").
 */
export async function issueCertificate(
  authority: CertifiedKey,
  {
    subject,
    publicKey,
    notBefore,
    notAfter,
    serialNumber,
    kind,
    revocation,
  }: {
    subject: SubjectName;
    /** A CryptoKey or the DER SubjectPublicKeyInfo. */
    publicKey: Key | Uint8Array;
    notBefore: Date;
    notAfter: Date;
    /** Big-endian bytes or hex; 16 random bytes when not given. */
    serialNumber?: Uint8Array | string;
    kind: 'seal' | 'portal' | 'tsa';
    revocation?: RevocationUrls | undefined;
  },
): Promise<Uint8Array> {
  if (!(notAfter.getTime() > notBefore.getTime())) throw new Error('notAfter must be after notBefore');
  const ca = parseCertificate(authority.certificateDer);
  const caKey = await signingKeyOf(authority, ca);

  const serial =
    serialNumber === undefined
      ? randomSerial()
      : typeof serialNumber === 'string'
        ? new Uint8Array(Buffer.from(serialNumber, 'hex'))
        : serialNumber;
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = serialInteger(serial);
  certificate.issuer = ca.subject;
  certificate.subject = nameOf([
    [OID.organization, subject.organization],
    [OID.organizationalUnit, subject.organizationalUnit],
    [OID.commonName, subject.commonName],
    [OID.serialNumber, subject.serialNumber],
  ]);
  certificate.notBefore = timeOf(notBefore);
  certificate.notAfter = timeOf(notAfter);
  certificate.subjectPublicKeyInfo = await publicKeyInfo(publicKey);

  certificate.extensions = await endEntityExtensions(ca, certificate.subjectPublicKeyInfo, kind, revocation);
  await certificate.sign(caKey, 'SHA-256', cryptoEngine);
  return new Uint8Array(certificate.toSchema(true).toBER(false));
}

/** The extensions of a certificate issueCertificate makes (see there). */
async function endEntityExtensions(
  ca: pkijs.Certificate,
  subjectPublicKeyInfo: pkijs.PublicKeyInfo,
  kind: 'seal' | 'portal' | 'tsa',
  revocation: RevocationUrls | undefined,
): Promise<pkijs.Extension[]> {
  const caSki = ca.extensions?.find((e) => e.extnID === OID.subjectKeyIdentifier)?.parsedValue as
    | asn1js.OctetString
    | undefined;
  const authorityKeyId = caSki ? caSki.valueBlock.valueHexView.slice() : await keyIdentifier(ca.subjectPublicKeyInfo);
  const usage = kind === 'portal' ? [KU.digitalSignature] : [KU.digitalSignature, KU.nonRepudiation];
  const purposes = kind === 'tsa' ? [OID.timeStamping] : [OID.emailProtection, OID.documentSigning];
  return [
    extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: false }).toSchema()),
    extension(OID.keyUsage, true, keyUsage(usage)),
    extension(OID.extKeyUsage, kind === 'tsa', new pkijs.ExtKeyUsage({ keyPurposes: purposes }).toSchema()),
    extension(
      OID.subjectKeyIdentifier,
      false,
      new asn1js.OctetString({ valueHex: await keyIdentifier(subjectPublicKeyInfo) }),
    ),
    extension(
      OID.authorityKeyIdentifier,
      false,
      new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: authorityKeyId }),
      }).toSchema(),
    ),
    ...revocationExtensions(ca, revocation),
  ];
}

const URI = 6; // GeneralName uniformResourceIdentifier
const DIRECTORY_NAME = 4;

/** The CRL distribution point, and with URLs the Authority Information Access (issueCertificate). */
function revocationExtensions(ca: pkijs.Certificate, urls: RevocationUrls | undefined): pkijs.Extension[] {
  const where = urls
    ? new pkijs.GeneralName({ type: URI, value: urls.crl })
    : new pkijs.GeneralName({ type: DIRECTORY_NAME, value: ca.subject });
  const cdp = extension(
    OID.crlDistributionPoints,
    false,
    new pkijs.CRLDistributionPoints({
      distributionPoints: [new pkijs.DistributionPoint({ distributionPoint: [where] })],
    }).toSchema(),
  );
  if (!urls) return [cdp];
  const access = (method: string, url: string) =>
    new pkijs.AccessDescription({
      accessMethod: method,
      accessLocation: new pkijs.GeneralName({ type: URI, value: url }),
    });
  const aia = extension(
    OID.authorityInfoAccess,
    false,
    new pkijs.InfoAccess({
      accessDescriptions: [access(OID.ocsp, urls.ocsp), access(OID.caIssuers, urls.caIssuers)],
    }).toSchema(),
  );
  return [cdp, aia];
}

/** A new seal: a fresh key pair and its certificate from `authority`, in one call. */
export async function newSealKeys({
  authority,
  subject,
  notBefore,
  notAfter,
  kind = 'seal',
  revocation,
}: {
  authority: CertifiedKey;
  subject: SubjectName;
  notBefore: Date;
  notAfter: Date;
  kind?: 'seal' | 'portal' | 'tsa';
  revocation?: RevocationUrls;
}): Promise<KeyPairDer & { serialHex: string }> {
  const keys = await generateKeyPair();
  const certificateDer = await issueCertificate(authority, {
    subject,
    publicKey: keys.publicKey,
    notBefore,
    notAfter,
    kind,
    revocation,
  });
  return {
    certificateDer,
    privateKeyPkcs8: await exportPkcs8(keys.privateKey),
    serialHex: serialHexOf(parseCertificate(certificateDer)),
  };
}

/**
 * An `@libpdf/core` Signer for a key held on this server. `chain` (the CA certificate, and any
 * intermediates) is embedded in each signature so a verifier can build the path to the root.
 * The key is imported non-extractable.
 */
export async function signerFor({
  privateKeyPkcs8,
  certificateDer,
  chain,
}: {
  privateKeyPkcs8: Uint8Array;
  certificateDer: Uint8Array;
  chain: Uint8Array[];
}): Promise<Signer> {
  const certificate = parseCertificate(certificateDer);
  const { keyType, signatureAlgorithm } = importParameters(certificate);
  const key = await importPrivateKey(privateKeyPkcs8, certificate);
  const { CryptoKeySigner } = await loadLibpdf();
  return new CryptoKeySigner(key, certificateDer, keyType, signatureAlgorithm, chain);
}

/** A Signer over a key already at hand: a WebCrypto key, or a token's key (platform/signing/pkcs11.ts). */
export async function signerWith({
  privateKey,
  certificateDer,
  chain,
}: {
  privateKey: SigningKey;
  certificateDer: Uint8Array;
  chain: Uint8Array[];
}): Promise<Signer> {
  if (isExternalKey(privateKey)) return new ExternalKeySigner(privateKey, certificateDer, chain);
  const { keyType, signatureAlgorithm } = importParameters(parseCertificate(certificateDer));
  const { CryptoKeySigner } = await loadLibpdf();
  return new CryptoKeySigner(privateKey, certificateDer, keyType, signatureAlgorithm, chain);
}

/** libpdf's Signer over an external key: the data hashed here, the digest signed in the token, DER-encoded for CMS. */
class ExternalKeySigner implements Signer {
  readonly keyType = 'EC' as const;
  readonly signatureAlgorithm = 'ECDSA' as const;
  readonly certificate: Uint8Array;
  readonly certificateChain: Uint8Array[];
  private readonly key: ExternalPrivateKey;
  // No parameter properties: the parser pool's worker runs this file with Node's type stripping.
  constructor(key: ExternalPrivateKey, certificate: Uint8Array, certificateChain: Uint8Array[]) {
    this.key = key;
    this.certificate = certificate;
    this.certificateChain = certificateChain;
  }

  async sign(data: Uint8Array, algorithm: DigestAlgorithm): Promise<Uint8Array> {
    const digest = createHash(nodeHash(algorithm)).update(data).digest();
    const p1363 = await this.key.signDigest(digest);
    return new Uint8Array(pkijs.createCMSECDSASignature(toArrayBuffer(p1363)));
  }
}

export function describeCertificate(der: Uint8Array): CertificateDescription {
  const certificate = parseCertificate(der);
  return {
    serialHex: serialHexOf(certificate),
    subject: describeCertificateName(certificate.subject),
    issuer: describeCertificateName(certificate.issuer),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
    sha256Hex: sha256HexSync(der),
  };
}

function sha256HexSync(bytes: Uint8Array): string {
  // node:crypto is synchronous; WebCrypto's digest is not.
  return createHash('sha256').update(bytes).digest('hex');
}

export type PemLabel = 'CERTIFICATE' | 'PRIVATE KEY';

export function toPem(der: Uint8Array, label: PemLabel): string {
  const base64 = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('base64');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/**
 * The DER bytes of the first PEM block in `text` (of the given label, when one is given). A key
 * must be PKCS#8 ("PRIVATE KEY"); `openssl pkcs8 -topk8 -nocrypt` converts an "EC PRIVATE KEY".
 */
export function fromPem(text: string, label?: PemLabel): Uint8Array {
  for (const match of text.matchAll(/-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g)) {
    if (label && match[1] !== label) continue;
    return new Uint8Array(Buffer.from(match[2]!.replace(/\s+/g, ''), 'base64'));
  }
  throw new Error(label ? `no PEM block "${label}" found` : 'no PEM block found');
}

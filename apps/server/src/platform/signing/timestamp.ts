/**
 * RFC 3161 time-stamping: the tokens the portal's own timestamp authority makes, the requests and
 * replies of its HTTP form, and the checks every token passes before the portal embeds it (one
 * from an external TSA) or relies on it (/verify reads each signature's token). No database
 * here: modules/seals/timestamping.ts holds the authority's key and answers the requests.
 *
 * A token is a CMS SignedData over a TSTInfo (the imprint asked for, a serial, genTime, the nonce
 * when one was asked), signed by the TSA's key with the signed attributes contentType,
 * messageDigest and signingCertificateV2 (RFC 5816: the TSA certificate's SHA-256 and issuer and
 * serial), so a verifier knows which certificate signed it.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  type CertifiedKey,
  cryptoEngine,
  integerHex,
  parseCertificate,
  serialInteger,
  signingKeyOf,
  toArrayBuffer,
} from './pki.ts';

export const TS_OID = {
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  extKeyUsage: '2.5.29.37',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

/**
 * The portal TSA's policy: a UUID OID (ITU-T X.667, arc 2.25, no registration needed). It names
 * the portal's practice (docs/decisions/0016-trusted-time.md), not a published ETSI policy.
 */
export const PORTAL_TSA_POLICY = '2.25.291550942611781775711794321219151574610';

/** The digest algorithms a request may name, with their OIDs and digest lengths. */
export const IMPRINT_ALGORITHMS = {
  'SHA-256': { oid: '2.16.840.1.101.3.4.2.1', node: 'sha256', bytes: 32 },
  'SHA-384': { oid: '2.16.840.1.101.3.4.2.2', node: 'sha384', bytes: 48 },
  'SHA-512': { oid: '2.16.840.1.101.3.4.2.3', node: 'sha512', bytes: 64 },
} as const;
export type ImprintAlgorithm = keyof typeof IMPRINT_ALGORITHMS;

const algorithmByOid = (oid: string): ImprintAlgorithm | undefined =>
  (Object.keys(IMPRINT_ALGORITHMS) as ImprintAlgorithm[]).find((name) => IMPRINT_ALGORITHMS[name].oid === oid);

export type Imprint = { algorithm: ImprintAlgorithm; digest: Uint8Array };

/** A token that must not be embedded nor relied on; the message says why. */
export class TimestampError extends Error {}

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
const der = (block: { toSchema(): asn1js.BaseBlock }) => new Uint8Array(block.toSchema().toBER(false));

function messageImprint({ algorithm, digest }: Imprint): pkijs.MessageImprint {
  return new pkijs.MessageImprint({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: IMPRINT_ALGORITHMS[algorithm].oid }),
    hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(digest) }),
  });
}

/** signingCertificateV2 (RFC 5035): ESSCertIDv2 { certHash SHA-256 (the default, omitted), issuerSerial }. */
function signingCertificateV2(certificateDer: Uint8Array): pkijs.Attribute {
  const certificate = parseCertificate(certificateDer);
  const essCertId = new asn1js.Sequence({
    value: [
      new asn1js.OctetString({ valueHex: toArrayBuffer(sha256(certificateDer)) }),
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({ value: [new pkijs.GeneralName({ type: 4, value: certificate.issuer }).toSchema()] }),
          certificate.serialNumber,
        ],
      }),
    ],
  });
  return new pkijs.Attribute({
    type: TS_OID.signingCertificateV2,
    values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertId] })] })],
  });
}

export type TokenRequest = {
  imprint: Imprint;
  /** The request's nonce (DER INTEGER content), echoed in the token. */
  nonce?: asn1js.Integer | undefined;
  /** Put the TSA certificate and its chain into the token (RFC 3161 certReq). */
  certificates: boolean;
};

/**
 * A TimeStampToken (DER ContentInfo) over `request.imprint`, signed by `tsa` at `now` (whole
 * seconds, accuracy one second), with a random 128-bit serial. `chain` is the TSA certificate's
 * issuers, carried after it when certificates are asked for.
 */
export async function createTimestampToken(
  tsa: CertifiedKey,
  chain: Uint8Array[],
  request: TokenRequest,
  now = new Date(),
): Promise<Uint8Array> {
  const tsaCertificate = parseCertificate(tsa.certificateDer);
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const tstInfo = new pkijs.TSTInfo({
    version: 1,
    policy: PORTAL_TSA_POLICY,
    messageImprint: messageImprint(request.imprint),
    serialNumber: serialInteger(serial),
    genTime: new Date(Math.floor(now.getTime() / 1000) * 1000),
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ...(request.nonce ? { nonce: request.nonce } : {}),
  });
  const content = der(tstInfo);
  const signedData = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: TS_OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(content) }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: tsaCertificate.issuer,
          serialNumber: tsaCertificate.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: TS_OID.contentType,
              values: [new asn1js.ObjectIdentifier({ value: TS_OID.tstInfo })],
            }),
            new pkijs.Attribute({
              type: TS_OID.messageDigest,
              values: [new asn1js.OctetString({ valueHex: toArrayBuffer(sha256(content)) })],
            }),
            signingCertificateV2(tsa.certificateDer),
          ],
        }),
      }),
    ],
    ...(request.certificates ? { certificates: [tsaCertificate, ...chain.map((c) => parseCertificate(c))] } : {}),
  });
  await signedData.sign(await signingKeyOf(tsa, tsaCertificate), 0, 'SHA-256', undefined, cryptoEngine);
  const token = new pkijs.ContentInfo({ contentType: TS_OID.signedData, content: signedData.toSchema(true) });
  return der(token);
}

/** PKIFailureInfo bits (RFC 3161 §2.4.2) the portal's TSA answers with. */
export const FAILURE = {
  badAlg: 0,
  badRequest: 2,
  badDataFormat: 5,
  unacceptedPolicy: 15,
  unacceptedExtension: 16,
} as const;

export type ReadRequest = { ok: true; request: TokenRequest } | { ok: false; failure: keyof typeof FAILURE };

/** Reads a DER TimeStampReq: refused when unreadable, of an unknown algorithm or policy, or with extensions. */
export function readTimestampRequest(bytes: Uint8Array): ReadRequest {
  let request: pkijs.TimeStampReq;
  try {
    request = pkijs.TimeStampReq.fromBER(toArrayBuffer(bytes));
  } catch {
    return { ok: false, failure: 'badDataFormat' };
  }
  if (request.version !== 1) return { ok: false, failure: 'badRequest' };
  const algorithm = algorithmByOid(request.messageImprint.hashAlgorithm.algorithmId);
  if (!algorithm) return { ok: false, failure: 'badAlg' };
  const digest = request.messageImprint.hashedMessage.valueBlock.valueHexView;
  if (digest.byteLength !== IMPRINT_ALGORITHMS[algorithm].bytes) return { ok: false, failure: 'badDataFormat' };
  if (request.reqPolicy !== undefined && request.reqPolicy !== PORTAL_TSA_POLICY) {
    return { ok: false, failure: 'unacceptedPolicy' };
  }
  if (request.extensions?.length) return { ok: false, failure: 'unacceptedExtension' };
  // RFC 3161 puts no bound on the nonce; 64 bytes is far beyond any client's.
  if (request.nonce && request.nonce.valueBlock.valueHexView.byteLength > 64) {
    return { ok: false, failure: 'badDataFormat' };
  }
  return {
    ok: true,
    request: {
      imprint: { algorithm, digest: new Uint8Array(digest) },
      nonce: request.nonce,
      certificates: request.certReq ?? false,
    },
  };
}

/** A TimeStampResp: granted with `token`, or a rejection with its failure bit. */
export function timestampReply(answer: { token: Uint8Array } | { failure: keyof typeof FAILURE }): Uint8Array {
  if ('token' in answer) {
    const token = pkijs.ContentInfo.fromBER(toArrayBuffer(answer.token));
    return der(new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: 0 }), timeStampToken: token }));
  }
  const bit = FAILURE[answer.failure];
  const bytes = new Uint8Array(Math.floor(bit / 8) + 1);
  bytes[Math.floor(bit / 8)] = 0x80 >> (bit % 8);
  const status = new pkijs.PKIStatusInfo({
    status: 2,
    failInfo: new asn1js.BitString({ valueHex: toArrayBuffer(bytes), unusedBits: 7 - (bit % 8) }),
  });
  return der(new pkijs.TimeStampResp({ status }));
}

/** A DER TimeStampReq for `imprint` with a random 64-bit nonce, asking for the certificates. */
export function timestampRequest(imprint: Imprint): { der: Uint8Array; nonce: asn1js.Integer } {
  const nonceBytes = randomBytes(8);
  nonceBytes[0] = nonceBytes[0]! & 0x7f;
  const nonce = serialInteger(nonceBytes);
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: messageImprint(imprint),
    nonce,
    certReq: true,
  });
  return { der: der(request), nonce };
}

/** The token of a granted TimeStampResp; throws TimestampError for a refusal or an unreadable reply. */
export function tokenOfReply(reply: Uint8Array): Uint8Array {
  let response: pkijs.TimeStampResp;
  try {
    response = pkijs.TimeStampResp.fromBER(toArrayBuffer(reply));
  } catch {
    throw new TimestampError('the timestamp reply is not a TimeStampResp');
  }
  if (response.status.status !== 0 && response.status.status !== 1) {
    throw new TimestampError(`the timestamp authority refused the request (status ${response.status.status})`);
  }
  if (!response.timeStampToken) throw new TimestampError('the timestamp reply holds no token');
  return der(response.timeStampToken);
}

export type CheckedToken = {
  genTime: Date;
  serialHex: string;
  policy: string;
  imprint: Imprint;
  /** The certificate that signed the token (DER), and the certificates the token carries. */
  tsaCertificate: pkijs.Certificate;
  certificates: pkijs.Certificate[];
};

function bytesOfOctetString(value: asn1js.OctetString): Uint8Array {
  return new Uint8Array(value.idBlock.isConstructed ? value.getValue() : value.valueBlock.valueHexView);
}

/** The certificate a signerInfo names (issuer and serial, or subject key identifier) among `pool`. */
function signerCertificate(signerInfo: pkijs.SignerInfo, pool: pkijs.Certificate[]): pkijs.Certificate | undefined {
  const sid = signerInfo.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return pool.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber));
  }
  const wanted = Buffer.from((sid as asn1js.Primitive).valueBlock.valueHexView);
  return pool.find((c) => {
    const ski = c.extensions?.find((e) => e.extnID === '2.5.29.14')?.parsedValue;
    return ski instanceof asn1js.OctetString && Buffer.from(ski.valueBlock.valueHexView).equals(wanted);
  });
}

/** The certificate hash an ESSCertIDv2 (or ESSCertID, SHA-1) names, with its algorithm. */
function essCertHashes(signerInfo: pkijs.SignerInfo): Array<{ node: string; hash: Uint8Array }> {
  const hashes: Array<{ node: string; hash: Uint8Array }> = [];
  for (const attribute of signerInfo.signedAttrs?.attributes ?? []) {
    const v2 = attribute.type === TS_OID.signingCertificateV2;
    if (!v2 && attribute.type !== '1.2.840.113549.1.9.16.2.12') continue;
    const certs = (attribute.values[0] as asn1js.Sequence | undefined)?.valueBlock.value[0] as asn1js.Sequence;
    const first = certs?.valueBlock.value[0] as asn1js.Sequence | undefined;
    if (!first) continue;
    let parts = first.valueBlock.value;
    let node = v2 ? 'sha256' : 'sha1';
    if (v2 && parts[0] instanceof asn1js.Sequence) {
      const algorithm = algorithmByOid(new pkijs.AlgorithmIdentifier({ schema: parts[0] }).algorithmId);
      if (!algorithm) continue;
      node = IMPRINT_ALGORITHMS[algorithm].node;
      parts = parts.slice(1);
    }
    if (parts[0] instanceof asn1js.OctetString) hashes.push({ node, hash: bytesOfOctetString(parts[0]) });
  }
  return hashes;
}

const hasTimeStampingUsage = (certificate: pkijs.Certificate) => {
  const eku = certificate.extensions?.find((e) => e.extnID === TS_OID.extKeyUsage);
  const purposes = (eku?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
  // RFC 3161 §2.3: timeStamping alone, and the extension critical.
  return eku?.critical === true && purposes.length === 1 && purposes[0] === TS_OID.timeStamping;
};

/** The token's SignedData and the TSTInfo it carries; throws TimestampError when it is not one. */
function parseToken(token: Uint8Array): { signedData: pkijs.SignedData; tstInfo: pkijs.TSTInfo } {
  try {
    const asn1 = asn1js.fromBER(toArrayBuffer(token));
    const contentInfo = new pkijs.ContentInfo({ schema: asn1.result });
    if (contentInfo.contentType !== TS_OID.signedData) throw new Error('not SignedData');
    const signedData = new pkijs.SignedData({ schema: contentInfo.content });
    if (signedData.encapContentInfo.eContentType !== TS_OID.tstInfo) throw new Error('not a TSTInfo');
    const eContent = signedData.encapContentInfo.eContent;
    if (!eContent) throw new Error('no TSTInfo');
    const tstInfo = pkijs.TSTInfo.fromBER(toArrayBuffer(bytesOfOctetString(eContent)));
    return { signedData, tstInfo };
  } catch (error) {
    throw new TimestampError(`not a timestamp token: ${(error as Error).message}`);
  }
}

/** The signingCertificate(V2) attribute must name the certificate that signed. */
function checkNamesCertificate(signerInfo: pkijs.SignerInfo, tsaCertificate: pkijs.Certificate): void {
  const certificateDer = new Uint8Array(tsaCertificate.toSchema(true).toBER(false));
  const named = essCertHashes(signerInfo);
  if (named.length === 0) throw new TimestampError('the timestamp token does not name its signing certificate');
  if (!named.some(({ node: n, hash }) => sameBytes(hash, createHash(n).update(certificateDer).digest()))) {
    throw new TimestampError('the timestamp token names another certificate than the one that signed it');
  }
}

/** Whether the signed attributes' signature verifies with the certificate's key (false when it cannot be checked). */
async function signatureVerifies(
  signerInfo: pkijs.SignerInfo,
  tsaCertificate: pkijs.Certificate,
  node: string,
): Promise<boolean> {
  try {
    const algorithmId = signerInfo.signatureAlgorithm.algorithmId;
    const bare = algorithmId === '1.2.840.10045.2.1' || algorithmId === '1.2.840.113549.1.1.1';
    return await cryptoEngine.verifyWithPublicKey(
      signerInfo.signedAttrs!.encodedValue,
      signerInfo.signature,
      tsaCertificate.subjectPublicKeyInfo,
      signerInfo.signatureAlgorithm,
      bare ? ({ sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' } as Record<string, string>)[node] : undefined,
    );
  } catch {
    return false;
  }
}

/** The imprint (and the nonce, when one was sent) must be the ones asked for. */
function checkExpected(
  imprint: Imprint,
  tstInfo: pkijs.TSTInfo,
  expected: { imprint: Imprint; nonce?: asn1js.Integer | undefined },
): void {
  if (imprint.algorithm !== expected.imprint.algorithm || !sameBytes(imprint.digest, expected.imprint.digest)) {
    throw new TimestampError('the timestamp token is over another imprint than the one asked for');
  }
  if (expected.nonce && !tstInfo.nonce?.isEqual(expected.nonce)) {
    throw new TimestampError('the timestamp token does not carry the nonce sent');
  }
}

/**
 * Checks a TimeStampToken and reads it: a SignedData over a TSTInfo, its messageDigest that of the
 * TSTInfo, its signature by the certificate the signingCertificate(V2) attribute names (taken
 * from the token, or `tsaCertificates` when the token carries none), that certificate valid at
 * genTime with the timeStamping extended key usage (critical, alone); when `expected` is given,
 * the imprint (and the nonce, when one was sent) are those. Throws TimestampError otherwise.
 * Trust in the certificate's issuer is the caller's to judge.
 */
export async function checkTimestampToken(
  token: Uint8Array,
  expected?: { imprint: Imprint; nonce?: asn1js.Integer | undefined },
  tsaCertificates: pkijs.Certificate[] = [],
): Promise<CheckedToken> {
  const { signedData, tstInfo } = parseToken(token);
  const content = bytesOfOctetString(signedData.encapContentInfo.eContent!);
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo?.signedAttrs) throw new TimestampError('the timestamp token has no signed attributes');
  const carried = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const tsaCertificate = signerCertificate(signerInfo, [...carried, ...tsaCertificates]);
  if (!tsaCertificate) throw new TimestampError("the timestamp token's signer certificate is missing");

  const digestAlgorithm = algorithmByOid(signerInfo.digestAlgorithm.algorithmId);
  if (!digestAlgorithm) throw new TimestampError('the timestamp token uses an unsupported digest');
  const node = IMPRINT_ALGORITHMS[digestAlgorithm].node;
  const messageDigest = signerInfo.signedAttrs.attributes.find((a) => a.type === TS_OID.messageDigest)?.values[0];
  if (
    !(messageDigest instanceof asn1js.OctetString) ||
    !sameBytes(bytesOfOctetString(messageDigest), createHash(node).update(content).digest())
  ) {
    throw new TimestampError("the timestamp token's messageDigest is not that of its content");
  }
  checkNamesCertificate(signerInfo, tsaCertificate);
  if (!(await signatureVerifies(signerInfo, tsaCertificate, node)))
    throw new TimestampError("the timestamp token's signature does not verify");
  if (!hasTimeStampingUsage(tsaCertificate)) {
    throw new TimestampError("the timestamp token's certificate is not a time-stamping certificate");
  }
  const genTime = tstInfo.genTime;
  if (genTime < tsaCertificate.notBefore.value || genTime > tsaCertificate.notAfter.value) {
    throw new TimestampError("the timestamp token's certificate was not valid at its time");
  }
  const algorithm = algorithmByOid(tstInfo.messageImprint.hashAlgorithm.algorithmId);
  if (!algorithm) throw new TimestampError('the timestamp token has an imprint of an unsupported algorithm');
  const imprint = { algorithm, digest: new Uint8Array(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView) };
  if (expected) checkExpected(imprint, tstInfo, expected);
  return {
    genTime,
    serialHex: integerHex(tstInfo.serialNumber),
    policy: tstInfo.policy,
    imprint,
    tsaCertificate,
    certificates: carried,
  };
}

/** The signature timestamp token (unsigned attribute) of a CMS SignerInfo, DER; null without one. */
export function signatureTimestampToken(signerInfo: pkijs.SignerInfo): Uint8Array | null {
  const attribute = signerInfo.unsignedAttrs?.attributes.find((a) => a.type === TS_OID.signatureTimeStampToken);
  const value = attribute?.values[0];
  return value ? new Uint8Array(value.toBER(false)) : null;
}

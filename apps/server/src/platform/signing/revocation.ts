/**
 * Revocation data signed by the portal's certificate authority: the CRL (RFC 5280 §5) and OCSP
 * responses (RFC 6960). No database here: the seals module says which serials are revoked and
 * when (modules/seals/revocation.ts).
 *
 * Both are signed with the CA key itself (RFC 6960 §4.2.2.2: the issuing CA may sign its own
 * responses), so no delegated responder certificate and no second key to keep. Every revocation
 * is a cancellation by the seal's holder, so the reason is cessationOfOperation: signatures made
 * before the revocation time stay valid (keyCompromise would put earlier ones in doubt too).
 */
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  type CertifiedKey,
  cryptoEngine,
  integerHex,
  keyIdentifier,
  parseCertificate,
  serialInteger,
  signingKeyOf,
  timeOf,
  toArrayBuffer,
} from './pki.ts';

const OID = {
  crlNumber: '2.5.29.20',
  crlReason: '2.5.29.21',
  authorityKeyIdentifier: '2.5.29.35',
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  ocspNonce: '1.3.6.1.5.5.7.48.1.2',
} as const;

/** CRLReason (RFC 5280 §5.3.1). */
export const CRL_REASON = { keyCompromise: 1, cessationOfOperation: 5 } as const;

/** CertID hash algorithms a request may use (openssl's default is SHA-1), by OID. */
const CERT_ID_HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const SHA1 = '1.3.14.3.2.26';

/** At most this many certificates per OCSP request, and a nonce of at most 32 octets (RFC 8954). */
const MAX_REQUESTS = 20;
const MAX_NONCE_EXTENSION = 40;

export type RevokedEntry = { serialHex: string; revokedAt: Date; reason: number };

export type CertificateStatus =
  | { status: 'good' }
  | { status: 'revoked'; revokedAt: Date; reason: number }
  | { status: 'unknown' };

const wholeSeconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

function bigIntegerOf(value: bigint): asn1js.Integer {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return serialInteger(new Uint8Array(Buffer.from(hex, 'hex')));
}

function authorityKeyIdentifierExtension(keyId: ArrayBuffer): pkijs.Extension {
  return new pkijs.Extension({
    extnID: OID.authorityKeyIdentifier,
    critical: false,
    extnValue: new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: keyId }) })
      .toSchema()
      .toBER(false),
  });
}

/**
 * A v2 CRL of `entries`, signed by `authority`, with a CRL number, the authority key identifier
 * and each entry's reason code.
 */
export async function buildCrl(
  authority: CertifiedKey,
  {
    entries,
    thisUpdate,
    nextUpdate,
    crlNumber,
  }: { entries: readonly RevokedEntry[]; thisUpdate: Date; nextUpdate: Date; crlNumber: bigint },
): Promise<Uint8Array> {
  const ca = parseCertificate(authority.certificateDer);
  const crl = new pkijs.CertificateRevocationList();
  crl.version = 1; // v2: it has extensions
  crl.issuer = ca.subject;
  crl.thisUpdate = timeOf(thisUpdate);
  crl.nextUpdate = timeOf(nextUpdate);
  // RFC 5280 §5.1.2.6: no revoked certificates, no (empty) list.
  if (entries.length > 0) {
    crl.revokedCertificates = entries.map(
      (entry) =>
        new pkijs.RevokedCertificate({
          userCertificate: serialInteger(new Uint8Array(Buffer.from(entry.serialHex, 'hex'))),
          revocationDate: timeOf(entry.revokedAt),
          crlEntryExtensions: new pkijs.Extensions({
            extensions: [
              new pkijs.Extension({
                extnID: OID.crlReason,
                critical: false,
                extnValue: new asn1js.Enumerated({ value: entry.reason }).toBER(false),
              }),
            ],
          }),
        }),
    );
  }
  crl.crlExtensions = new pkijs.Extensions({
    extensions: [
      authorityKeyIdentifierExtension(await keyIdentifier(ca.subjectPublicKeyInfo)),
      new pkijs.Extension({ extnID: OID.crlNumber, critical: false, extnValue: bigIntegerOf(crlNumber).toBER(false) }),
    ],
  });
  await crl.sign(await signingKeyOf(authority, ca), 'SHA-256', cryptoEngine);
  return new Uint8Array(crl.toSchema(true).toBER(false));
}

/** One certificate asked about: its CertID as sent (echoed in the answer) and what it names. */
export type OcspQuestion = {
  certId: pkijs.CertID;
  serialHex: string;
  /** The CertID's issuer hashes are those of `authority`: only then can the portal answer. */
  issuedByAuthority: boolean;
};

export type OcspRequestRead = { questions: OcspQuestion[]; nonce: pkijs.Extension | undefined };

const hashOf = (algorithm: string, bytes: Uint8Array) => new Uint8Array(createHash(algorithm).update(bytes).digest());

/** The issuer's name (as encoded in its certificate) and public key bits, which CertIDs hash. */
function issuerParts(ca: pkijs.Certificate): { name: Uint8Array; key: Uint8Array } {
  const encodedName = new Uint8Array(ca.subject.valueBeforeDecode);
  return {
    name: encodedName.byteLength > 0 ? encodedName : new Uint8Array(ca.subject.toSchema().toBER(false)),
    key: ca.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView,
  };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/**
 * Reads a DER OCSPRequest (RFC 6960 §4.1.1). Null when it is not one, asks about no certificate
 * or too many, or carries an oversized nonce: the responder answers malformedRequest. The
 * caller bounds the size of `der` before.
 */
export function readOcspRequest(der: Uint8Array, authorityCertificateDer: Uint8Array): OcspRequestRead | null {
  let request: pkijs.OCSPRequest;
  try {
    request = pkijs.OCSPRequest.fromBER(toArrayBuffer(der));
  } catch {
    return null;
  }
  const list = request.tbsRequest.requestList;
  if (list.length === 0 || list.length > MAX_REQUESTS) return null;
  const nonce = request.tbsRequest.requestExtensions?.find((e) => e.extnID === OID.ocspNonce);
  if (nonce && nonce.extnValue.valueBlock.valueHexView.byteLength > MAX_NONCE_EXTENSION) return null;
  const issuer = issuerParts(parseCertificate(authorityCertificateDer));
  const questions = list.map(({ reqCert }) => {
    const algorithm = CERT_ID_HASHES[reqCert.hashAlgorithm.algorithmId];
    const issuedByAuthority =
      algorithm !== undefined &&
      sameBytes(reqCert.issuerNameHash.valueBlock.valueHexView, hashOf(algorithm, issuer.name)) &&
      sameBytes(reqCert.issuerKeyHash.valueBlock.valueHexView, hashOf(algorithm, issuer.key));
    return { certId: reqCert, serialHex: integerHex(reqCert.serialNumber), issuedByAuthority };
  });
  return { questions, nonce };
}

/** The CertID (SHA-1, as most clients send it) of a certificate `authority` issued. */
export function certIdOf(certificateDer: Uint8Array, authorityCertificateDer: Uint8Array): pkijs.CertID {
  const issuer = issuerParts(parseCertificate(authorityCertificateDer));
  return new pkijs.CertID({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA1, algorithmParams: new asn1js.Null() }),
    issuerNameHash: new asn1js.OctetString({ valueHex: toArrayBuffer(hashOf('sha1', issuer.name)) }),
    issuerKeyHash: new asn1js.OctetString({ valueHex: toArrayBuffer(hashOf('sha1', issuer.key)) }),
    serialNumber: parseCertificate(certificateDer).serialNumber,
  });
}

/** CertStatus (RFC 6960 §4.2.1): good [0] NULL, revoked [1] RevokedInfo, unknown [2] NULL, all implicit. */
function certStatusOf(status: CertificateStatus): asn1js.BaseBlock {
  if (status.status === 'revoked') {
    return new asn1js.Constructed({
      idBlock: { tagClass: 3, tagNumber: 1 },
      value: [
        new asn1js.GeneralizedTime({ valueDate: wholeSeconds(status.revokedAt) }),
        new asn1js.Constructed({
          idBlock: { tagClass: 3, tagNumber: 0 },
          value: [new asn1js.Enumerated({ value: status.reason })],
        }),
      ],
    });
  }
  return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: status.status === 'good' ? 0 : 2 } });
}

/**
 * A successful OCSPResponse with a BasicOCSPResponse signed by `authority`: one answer per
 * question, valid from `now` to `now + validForMs`, the request's nonce echoed. The responder is
 * named by its key (SHA-1 of the public key) and its certificate travels with the response.
 */
export async function buildOcspResponse(
  authority: CertifiedKey,
  {
    answers,
    nonce,
    now,
    validForMs,
  }: {
    answers: ReadonlyArray<{ certId: pkijs.CertID; status: CertificateStatus }>;
    nonce?: pkijs.Extension | undefined;
    now: Date;
    validForMs: number;
  },
): Promise<Uint8Array> {
  const ca = parseCertificate(authority.certificateDer);
  const thisUpdate = wholeSeconds(now);
  const nextUpdate = new Date(thisUpdate.getTime() + validForMs);
  const responderKeyHash = hashOf('sha1', issuerParts(ca).key);
  const basic = new pkijs.BasicOCSPResponse({
    tbsResponseData: new pkijs.ResponseData({
      responderID: new asn1js.OctetString({ valueHex: toArrayBuffer(responderKeyHash) }),
      producedAt: thisUpdate,
      responses: answers.map(
        ({ certId, status }) =>
          new pkijs.SingleResponse({ certID: certId, certStatus: certStatusOf(status), thisUpdate, nextUpdate }),
      ),
      ...(nonce ? { responseExtensions: [nonce] } : {}),
    }),
    certs: [ca],
  });
  await basic.sign(await signingKeyOf(authority, ca), 'SHA-256', cryptoEngine);
  const response = new pkijs.OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: 0 }),
    responseBytes: new pkijs.ResponseBytes({
      responseType: OID.ocspBasic,
      response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) }),
    }),
  });
  return new Uint8Array(response.toSchema().toBER(false));
}

/** OCSPResponseStatus values other than successful (RFC 6960 §4.2.1). */
const ERROR_STATUS = { malformedRequest: 1, internalError: 2, tryLater: 3, unauthorized: 6 } as const;

/** An unsigned OCSPResponse carrying only an error status. */
export function ocspErrorResponse(status: keyof typeof ERROR_STATUS): Uint8Array {
  const response = new pkijs.OCSPResponse({ responseStatus: new asn1js.Enumerated({ value: ERROR_STATUS[status] }) });
  return new Uint8Array(response.toSchema().toBER(false));
}

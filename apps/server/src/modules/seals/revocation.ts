/**
 * Revocation, published (issue 25): which seal certificates the portal's authority has revoked,
 * as a CRL and as OCSP answers, for relying parties (the routes in revocation.routes.ts) and for
 * code that embeds them in a signed PDF (`currentCrl`, `ocspResponseForCertificate`).
 *
 * The CRL is built from the seal rows alone, so every instance sharing the database builds the
 * same one: thisUpdate is the later of the latest revocation and the start of the current UTC
 * day, nextUpdate seven days after it, and the CRL number is thisUpdate in milliseconds (it grows
 * with every new CRL, whichever instance serves it). Each instance keeps the last one it built in
 * memory, built at start and right after a cancellation; a read checks it against one aggregate
 * query (a cancellation on another instance, or a new day) and rebuilds it in memory if needed.
 */
import { REVOCATION_PATHS, TRUST_ANCHOR_PATHS } from '@portal/shared/schemas/seals';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { parseCertificate, type RevocationUrls, serialHexOf } from '../../platform/signing/pki.ts';
import {
  buildCrl,
  buildOcspResponse,
  type CertificateStatus,
  CRL_REASON,
  certIdOf,
  ocspErrorResponse,
  type RevokedEntry,
  readOcspRequest,
} from '../../platform/signing/revocation.ts';
import { type Authority, type AuthorityConfig, signingAuthority } from './authority.ts';
import { findCertificateBySerial, listRevokedCertificates, revocationMark } from './seals.repository.ts';

type Deps = { db: Db; config: AuthorityConfig & Pick<Config, 'publicBaseUrl'> };

const DAY_MS = 86_400_000;
export const CRL_VALIDITY_MS = 7 * DAY_MS;
/** How long an OCSP answer may be relied on: short, so a cancellation is seen within the hour. */
export const OCSP_VALIDITY_MS = 3_600_000;

/** The addresses written into every new seal certificate. */
export function revocationUrls(config: Pick<Config, 'publicBaseUrl'>): RevocationUrls {
  return {
    crl: `${config.publicBaseUrl}${REVOCATION_PATHS.crl}`,
    ocsp: `${config.publicBaseUrl}${REVOCATION_PATHS.ocsp}`,
    caIssuers: `${config.publicBaseUrl}${TRUST_ANCHOR_PATHS.der}`,
  };
}

export type PublishedCrl = { der: Uint8Array; thisUpdate: Date; nextUpdate: Date; crlNumber: bigint };

type Built = { key: string; crl: Promise<PublishedCrl> };
const built = new WeakMap<Db, Built>();

/** Is `der` a certificate this authority issued (its issuer name is the authority's subject)? */
function issuedBy(ca: ReturnType<typeof parseCertificate>, der: Uint8Array): boolean {
  try {
    const issuer = parseCertificate(der).issuer;
    return issuer.isEqual(ca.subject);
  } catch {
    return false;
  }
}

async function buildFromRows(db: Db, authority: Authority, thisUpdate: Date): Promise<PublishedCrl> {
  const ca = parseCertificate(authority.certificateDer);
  const rows = await listRevokedCertificates(db);
  const entries: RevokedEntry[] = rows
    // A certificate of an authority configured earlier is not this CRL's to list.
    .filter((row) => row.certificateDer && issuedBy(ca, new Uint8Array(row.certificateDer)))
    .map((row) => ({
      serialHex: row.certificateSerial as string,
      revokedAt: new Date(row.revokedAt as Date),
      reason: CRL_REASON.cessationOfOperation,
    }));
  const nextUpdate = new Date(thisUpdate.getTime() + CRL_VALIDITY_MS);
  const crlNumber = BigInt(thisUpdate.getTime());
  const der = await buildCrl(authority, { entries, thisUpdate, nextUpdate, crlNumber });
  return { der, thisUpdate, nextUpdate, crlNumber };
}

/**
 * The CRL as of now: the one built before when nothing was revoked since and the day is the
 * same, else a new one (kept for the next call). Writes nothing to the database.
 */
export async function currentCrl(deps: Deps, now = new Date()): Promise<PublishedCrl> {
  const { db } = deps;
  const mark = await revocationMark(db);
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const thisUpdate = new Date(Math.max(dayStart, mark.latest?.getTime() ?? 0));
  const key = `${mark.count}|${thisUpdate.getTime()}`;
  const memo = built.get(db);
  if (memo?.key === key) return memo.crl;
  const crl = signingAuthority(db, deps.config).then((authority) => buildFromRows(db, authority, thisUpdate));
  built.set(db, { key, crl });
  // A failure is not remembered: the next call builds again.
  crl.catch(() => {
    if (built.get(db)?.crl === crl) built.delete(db);
  });
  return crl;
}

/** The status of the certificate with this serial, as the authority knows it. */
async function statusOf(db: Db, authority: Authority, serialHex: string): Promise<CertificateStatus> {
  const ca = parseCertificate(authority.certificateDer);
  // The portal's own certificates (evidence reports, its timestamp authority) are never revoked.
  for (const own of [authority.portalCertificateDer, authority.tsaCertificateDer]) {
    if (own.length > 0 && serialHex === serialHexOf(parseCertificate(own))) return { status: 'good' };
  }
  const row = await findCertificateBySerial(db, serialHex);
  if (!row?.certificateDer || !issuedBy(ca, new Uint8Array(row.certificateDer))) return { status: 'unknown' };
  if (row.revokedAt) {
    return { status: 'revoked', revokedAt: new Date(row.revokedAt), reason: CRL_REASON.cessationOfOperation };
  }
  return { status: 'good' };
}

/**
 * The DER OCSPResponse to a DER OCSPRequest: good, revoked (with its time and reason) or
 * unknown for each certificate asked about, signed by the authority, the nonce echoed.
 * `malformed` is true when the request could not be read (its answer is malformedRequest).
 */
export async function answerOcspRequest(
  deps: Deps,
  requestDer: Uint8Array,
  now = new Date(),
): Promise<{ der: Uint8Array; malformed: boolean }> {
  const authority = await signingAuthority(deps.db, deps.config);
  const read = readOcspRequest(requestDer, authority.certificateDer);
  if (!read) return { der: ocspErrorResponse('malformedRequest'), malformed: true };
  const answers = [];
  for (const question of read.questions) {
    const status: CertificateStatus = question.issuedByAuthority
      ? await statusOf(deps.db, authority, question.serialHex)
      : { status: 'unknown' };
    answers.push({ certId: question.certId, status });
  }
  const der = await buildOcspResponse(authority, {
    answers,
    nonce: read.nonce,
    now,
    validForMs: OCSP_VALIDITY_MS,
  });
  return { der, malformed: false };
}

/**
 * A signed OCSP response about one certificate the authority issued (no nonce), e.g. to embed in
 * a PDF. `reader` reads the seal rows: the transaction that signs, which holds their locks.
 */
export async function ocspResponseForCertificate(
  deps: Deps,
  certificateDer: Uint8Array,
  now = new Date(),
  reader: Db = deps.db,
) {
  const authority = await signingAuthority(deps.db, deps.config);
  const certId = certIdOf(certificateDer, authority.certificateDer);
  const ca = parseCertificate(authority.certificateDer);
  const status: CertificateStatus = issuedBy(ca, certificateDer)
    ? await statusOf(reader, authority, serialHexOf(parseCertificate(certificateDer)))
    : { status: 'unknown' };
  return buildOcspResponse(authority, { answers: [{ certId, status }], now, validForMs: OCSP_VALIDITY_MS });
}

/**
 * Trusted time (issue 25; docs/decisions/0016-trusted-time.md): the timestamp authority every
 * signature's time is proved by, and the validation data embedded when a contract is complete.
 *
 * - The portal's own RFC 3161 authority runs in this process (no HTTP on the signing path): its
 *   key and certificate are the authority's row's (authority.ts). It is also published at
 *   POST /api/pki/tsa (timestamp.routes.ts) for anyone who wants a token.
 * - With TSA_URL the tokens come from that external authority over HTTP instead; each reply is
 *   checked (its nonce, imprint, signature, and a certificate with the timeStamping usage)
 *   before it is embedded, and refused otherwise.
 * - `revocationProviderFor` answers libpdf's look-ups for the DSS from the authority's own OCSP
 *   answers, built here: nothing is fetched over the network.
 */
import type { RevocationProvider, TimestampAuthority } from '@libpdf/core';
import type * as asn1js from 'asn1js';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { parseCertificate } from '../../platform/signing/pki.ts';
import {
  checkTimestampToken,
  createTimestampToken,
  type Imprint,
  type ImprintAlgorithm,
  readTimestampRequest,
  TimestampError,
  timestampReply,
  timestampRequest,
  tokenOfReply,
} from '../../platform/signing/timestamp.ts';
import { type Authority, signingAuthority } from './authority.ts';
import { ocspResponseForCertificate } from './revocation.ts';

type Deps = { db: Db; config: Config };

/** A reply is a token with two certificates: a few KB. Anything far larger is not one. */
const REPLY_LIMIT = 64 * 1024;
const EXTERNAL_TIMEOUT_MS = 10_000;

/** A token over `imprint` from the portal's own authority, with its certificate and the authority's. */
export function ownToken(
  authority: Authority,
  imprint: Imprint,
  options: { nonce?: asn1js.Integer | undefined; certificates?: boolean } = {},
): Promise<Uint8Array> {
  return createTimestampToken(
    { certificateDer: authority.tsaCertificateDer, privateKey: authority.tsaPrivateKey },
    [authority.certificateDer],
    { imprint, nonce: options.nonce, certificates: options.certificates ?? true },
  );
}

/** The DER TimeStampResp to a DER TimeStampReq, from the portal's own authority. */
export async function answerTimestampRequest(deps: Deps, requestDer: Uint8Array): Promise<Uint8Array> {
  const read = readTimestampRequest(requestDer);
  if (!read.ok) return timestampReply({ failure: read.failure });
  const authority = await signingAuthority(deps.db, deps.config);
  const token = await ownToken(authority, read.request.imprint, read.request);
  return timestampReply({ token });
}

/** Asks an external RFC 3161 authority over HTTP and checks what it answers before anyone uses it. */
export async function externalToken(
  tsa: NonNullable<Config['timestampAuthority']>,
  imprint: Imprint,
): Promise<Uint8Array> {
  const request = timestampRequest(imprint);
  const headers: Record<string, string> = { 'content-type': 'application/timestamp-query' };
  if (tsa.username !== undefined) {
    headers.authorization = `Basic ${Buffer.from(`${tsa.username}:${tsa.password}`).toString('base64')}`;
  }
  let response: Response;
  try {
    response = await fetch(tsa.url, {
      method: 'POST',
      headers,
      body: Buffer.from(request.der),
      signal: AbortSignal.timeout(EXTERNAL_TIMEOUT_MS),
    });
  } catch (error) {
    throw new TimestampError(`the timestamp authority at ${tsa.url} did not answer: ${(error as Error).message}`);
  }
  if (!response.ok) throw new TimestampError(`the timestamp authority at ${tsa.url} answered HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > REPLY_LIMIT) throw new TimestampError('the timestamp reply is too large');
  const reply = new Uint8Array(await response.arrayBuffer());
  if (reply.length > REPLY_LIMIT) throw new TimestampError('the timestamp reply is too large');
  const token = tokenOfReply(reply);
  await checkTimestampToken(token, { imprint, nonce: request.nonce });
  return token;
}

/**
 * libpdf's TimestampAuthority for the signatures and the document timestamp: the external one
 * when TSA_URL is set, else the portal's own, in this process.
 */
export async function timestampAuthorityFor(deps: Deps): Promise<TimestampAuthority> {
  const external = deps.config.timestampAuthority;
  if (external) {
    return {
      timestamp: (digest, algorithm) => externalToken(external, { algorithm: algorithm as ImprintAlgorithm, digest }),
    };
  }
  const authority = await signingAuthority(deps.db, deps.config);
  return {
    timestamp: (digest, algorithm) => ownToken(authority, { algorithm: algorithm as ImprintAlgorithm, digest }),
  };
}

/**
 * libpdf's RevocationProvider for the DSS: an OCSP answer signed by the authority about each
 * certificate it issued (seals, the portal's own, the timestamp authority's), read in `reader`
 * (the signing transaction). Nothing for the authority itself (the trust anchor) nor for a
 * certificate another authority issued (an external TSA's: its chain still goes into the DSS).
 */
export async function revocationProviderFor(deps: Deps, reader: Db): Promise<RevocationProvider> {
  const authority = await signingAuthority(deps.db, deps.config);
  const ours = Buffer.from(authority.certificateDer);
  const now = new Date();
  return {
    getOCSP: async (certificate, issuer) => {
      if (!ours.equals(Buffer.from(issuer))) return null;
      if (!parseCertificate(certificate).issuer.isEqual(parseCertificate(issuer).subject)) return null;
      return ocspResponseForCertificate(deps, certificate, now, reader);
    },
  };
}

/**
 * Contract and trust-anchor constants shared by server and web, kept free of zod so that a page
 * (/verify, the footer's verification link) can use them without evaluating the contracts' and
 * seals' schemas at start (issue 27: about 60 ms of a phone's main thread).
 */

/** A contract PDF: at most 10 MB, checked by content. */
export const CONTRACT_MAX_BYTES = 10 * 1024 * 1024;

/** The published trust anchor's addresses (no log-in): the authority's certificate as PEM and as DER. */
export const TRUST_ANCHOR_PATHS = {
  info: '/api/pki/authority',
  pem: '/api/pki/authority.pem',
  der: '/api/pki/authority.der',
} as const;

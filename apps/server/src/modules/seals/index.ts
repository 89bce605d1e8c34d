/**
 * The seals module's public face (docs/architecture.md, Boundaries). Nothing else of this folder
 * is to be imported from outside it.
 *
 * - `sealRoutes` (the applicant's side, /api/signet/seals/...) and `sealReviewRoutes` (the back
 *   office's queue, /api/backend/seals/...), for app.ts; they take `stampedFilesOf`, the
 *   contracts module's list of the files each seal stamped, so seals never reads contracts.
 * - `trustAnchorRoutes`: the authority's certificate, published (PEM, DER, fingerprint), for app.ts.
 * - `revocationRoutes`: the authority's CRL and OCSP responder, published, for app.ts;
 *   `currentCrl` (the CRL's DER and dates; start.ts builds it) and `ocspResponseForCertificate`
 *   (a signed OCSP answer about one seal certificate), for embedding revocation data in a PDF.
 * - `timestampRoutes`: the portal's RFC 3161 timestamp authority, published, for app.ts;
 *   `timestampAuthorityFor` (the signatures' and the document timestamp's tokens: the portal's
 *   own, in-process, or TSA_URL's, checked) and `revocationProviderFor` (OCSP answers for the
 *   DSS of a completed contract), for contracts.
 * - `createSealExpiryJob`: the hourly expiry of seals at the end of their period.
 * - `signingAuthority(db, config)`: made (or loaded) at start.
 * - `checkStoredKeys`, `sealPlainKeys` (at start) and `rotateKek` (`npm run keys:rotate`): the
 *   private keys the database holds, sealed under the key-encryption key.
 * - For contracts: `findUsableSeals` (effective seals issued to the signer, each with its image and
 *   a signer over its key; refuses another institution's, a colleague's or an unusable seal),
 *   `lockSealsForSigning` (in the signing transaction: locks those seals, checks them again and
 *   answers the signing time), `portalSignerFor`,
 *   `authorityCertificate`, `portalCertificateSerial`, `sealsByCertificateSerial` (for /verify), `sealNames`.
 */
export { signingAuthority } from './authority.ts';
export { createSealExpiryJob } from './expiry.job.ts';
export { revocationRoutes } from './revocation.routes.ts';
export { currentCrl, ocspResponseForCertificate, type PublishedCrl } from './revocation.ts';
export { checkStoredKeys, checkTokenKeys, type Rotation, rotateKek, sealPlainKeys } from './sealed-keys.ts';
export { sealReviewRoutes, sealRoutes } from './seals.routes.ts';
export type { StampedFilesOf } from './seals.service.ts';
export {
  authorityCertificate,
  findUsableSeals,
  lockSealsForSigning,
  portalCertificateSerial,
  portalSignerFor,
  type SealRecord,
  sealNames,
  sealsByCertificateSerial,
  type UsableSeal,
} from './stamping.ts';
export { timestampRoutes } from './timestamp.routes.ts';
export { revocationProviderFor, timestampAuthorityFor } from './timestamping.ts';
export { trustAnchorRoutes } from './trust-anchor.routes.ts';

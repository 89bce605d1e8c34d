/**
 * The contracts module's public face (docs/architecture.md, Boundaries). Nothing else of this
 * folder is to be imported from outside it.
 *
 * - `contractRoutes`: the contract list, page, upload, delete, confirm, sign, evidence and the
 *   public /api/verify, for app.ts.
 * - `stampedFilesOf(db, sealIds)`: the contracts each seal stamped, which app.ts hands to the
 *   seals module's routes (seals never reads contracts).
 */
export { contractRoutes } from './contracts.routes.ts';
export { stampedFilesOf } from './contracts.service.ts';

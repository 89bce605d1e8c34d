/**
 * The cooperation module's public face (the marketplace, docs/decisions/0006): what app.ts and
 * other code outside this folder may use. Nothing else of this folder is to be imported from
 * outside it.
 *
 * - Route plugins: `requestRoutes` (publish, drafts, lists, detail, follows, master agreements),
 *   `intentionRoutes`, `pushRoutes` (matched opportunities), `backofficeRequestRoutes` (staff).
 * - `createRequestExpiryJob({ db })`: the hourly expiry of requests past their validity.
 * - `releaseFormToColumns(form, categoryCode, as?)`: a release form as `cooperation_request`
 *   columns, for code that writes requests without the publish service. The demo seed and the
 *   test factories import it from `release-columns.ts` itself (no HTTP, no database), so that
 *   they, and the bench that loads the seed, do not load the route plugins.
 * - Deals (agreed intentions and their two parties, for contracts): `findDeal`,
 *   `findDealsByIds`, `listAgreedDeals` (each says whether its request was withdrawn or taken
 *   down: `requestClosed`), and `lockRequestClosed` (the same, read under a share lock inside the
 *   contract step's transaction, so a withdrawal or take-down is served before or after it).
 */
export { backofficeRequestRoutes } from './backoffice-requests.routes.ts';
export {
  type Deal,
  findDeal,
  findDealsByIds,
  listAgreedDeals,
  lockRequestClosed,
  type RequestClosed,
} from './deals.ts';
export { createRequestExpiryJob } from './expiry.job.ts';
export { intentionRoutes } from './intentions.routes.ts';
export { pushRoutes } from './pushes.routes.ts';
export { type ReleaseColumns, type ReleaseFormValues, releaseFormToColumns } from './release-columns.ts';
export { requestRoutes } from './requests.routes.ts';

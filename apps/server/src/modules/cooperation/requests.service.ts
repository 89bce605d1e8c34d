/**
 * Cooperation requests (SPEC §2–§5, docs/decisions/0006): publish, edit, withdraw, the lists,
 * follows and the detail page. Rules only, no HTTP.
 *
 * - Publish validates the body with the form's schema given today (`releaseSchemaFor`: the
 *   validity and the L/C expiry must not be in the past), then the rules the schema cannot know:
 *   the step-2 choice leads to this sub-type (and direction), the attachments are the caller's
 *   own uploads, and forfaiting / risk participation need a signed master agreement (the bank's
 *   own institutions excepted). The row, the attachments, the audit record and matching are
 *   written in one transaction.
 * - Only the user who published a request edits or withdraws it; drafts are visible to their
 *   owner only, taken-down requests to their owner and bank staff only.
 *
 * Split by concern: publishing, editing and withdrawing (request-publishing.service.ts), and
 * reading: the lists, follows, contact and detail page (request-reading.service.ts). This file
 * composes them for the routes, the drafts, the expiry job and the module.
 */
export {
  claimRequestAttachments,
  describeRequestAttachments,
  findChoice,
  invalidateOwnRequest,
  publishRequest,
  todayIso,
  updateOwnRequest,
  validateRelease,
  validationError,
  writeOwnRequest,
} from './request-publishing.service.ts';
export {
  listMyFollows,
  listMyRequests,
  listOpportunityPage,
  readerOf,
  requestContact,
  requestDetail,
  toggleFollow,
  visibleTo,
} from './request-reading.service.ts';

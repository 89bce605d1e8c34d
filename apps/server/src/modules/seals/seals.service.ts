/**
 * Electronic seals (SPEC §1, §3, §4, §5; issue "Electronic seals and contracts"): apply, review
 * (open, approve, reject), cancel with an e-mailed code, expire. No HTTP here.
 *
 * Who may do what:
 * - any active user of a partner institution (or of the bank) applies for a seal of their own
 *   institution; the institution is the holder, every one of its users sees its seals and may
 *   place its effective seals on contracts it signs;
 * - bank staff review the applications addressed to their branch (their account's main contact
 *   branch, set by the bank); system administrators review every branch's;
 * - only the applicant cancels, with the code mailed to them.
 * State changes lock the seal row, so two reviewers (or a reviewer and the expiry job) cannot
 * both decide.
 *
 * Split by concern: what lists show of a seal and who reads its files (seal-items.ts), the
 * applicant's side, applying and cancelling (seal-apply.service.ts), the back office's review
 * (seal-review.service.ts) and the expiry (seal-expiry.service.ts). This file composes them: it
 * is what the routes, the expiry job and the module's public face (index.ts) use.
 */
export { applyForSeal, cancelSeal, listMySeals, sendCancelCode, usableSeals } from './seal-apply.service.ts';
export { expireDueSeals } from './seal-expiry.service.ts';
export { type SealDeps, type StampedFilesOf, sealFile, sealImageUrl } from './seal-items.ts';
export {
  claimApplication,
  decideApplication,
  openApplication,
  reviewFile,
  reviewQueue,
} from './seal-review.service.ts';

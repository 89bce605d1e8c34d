/**
 * The users module's public face: other modules import users only from here (never its
 * repository), and write app_user only through these functions.
 */

export { createDormantAccountsJob } from './dormant-accounts.job.ts';
export { ensureInitialAdmin, type InitialAdminOutcome } from './initial-admin.ts';
export { attachIntroAttachments, describeAttachments } from './intro-attachments.ts';
export { managementRoutes } from './management.routes.ts';
export { INVITATION_TTL_DAYS } from './management.service.ts';
export { userSpecCallRoutes } from './spec-calls.routes.ts';
export { toUserInfo } from './user-info.ts';
export { findUserByEmail, findUserById, isEmailRegistered, type UserRow } from './users.repository.ts';
export { userRoutes } from './users.routes.ts';
export {
  branchReviewerIds,
  findUserNames,
  markReviewDecision,
  type ReviewOutcome,
  recordActivity,
  recordLogin,
  searchUserIds,
  setPassword,
  staffBranchOf,
} from './users.service.ts';
export { requireWorkEmail } from './work-email.ts';

/**
 * Account constants shared by server and web, kept free of zod and dictionaries so that code
 * on every page (route guards, header) can import them without pulling the profile schemas.
 */

/** Activation states (SPEC §4): 5 under review, 7 rejected, 8 supplement, 1 and 6 allowed in. */
export const ACTIVATION = {
  approved: '1',
  underReview: '5',
  activatedByInvitation: '6',
  rejected: '7',
  supplementRequired: '8',
} as const;

/** Activation states that may use login-protected pages (SPEC §4). */
export const ACCESS_ACTIVATIONS: readonly string[] = [ACTIVATION.approved, ACTIVATION.activatedByInvitation];

/** Role type codes (SPEC §6): 10 general user, 20 institution administrator, 50 bank staff, 99 system administrator. */
export const ROLE = { general: '10', institutionAdmin: '20', bankStaff: '50', systemAdmin: '99' } as const;

export const USER_ROLES = ['admin', 'general'] as const;
export const BRANCH_TYPES = ['headOffice', 'branch', 'subsidiary', 'representativeOffice'] as const;

/** Every action the audit log records; the back office filters by these. */
export const AUDIT_ACTIONS = {
  login: 'auth.login',
  loginFailed: 'auth.login_failed',
  logout: 'auth.logout',
  locked: 'auth.locked',
  passwordChanged: 'auth.password_changed',
  passwordReset: 'auth.password_reset',
  passwordChangeRequired: 'user.password_change_required',
  agreementPublished: 'agreement.published',
  registered: 'user.registered',
  resubmitted: 'user.resubmitted',
  approved: 'review.approved',
  rejected: 'review.rejected',
  supplement: 'review.supplement',
  stopped: 'user.stopped',
  enabled: 'user.enabled',
  dormantStopped: 'user.dormant_stopped',
  institutionStopped: 'institution.stopped',
  institutionEnabled: 'institution.enabled',
  invited: 'user.invited',
  deleted: 'user.deleted',
  updated: 'user.updated',
  rolesChanged: 'user.roles_changed',
  requestPublished: 'cooperation.published',
  requestUpdated: 'cooperation.updated',
  requestWithdrawn: 'cooperation.withdrawn',
  requestTakenDown: 'cooperation.taken_down',
  masterAgreementSubmitted: 'master_agreement.submitted',
  masterAgreementSigned: 'master_agreement.signed',
  intentionSent: 'cooperation.intention_sent',
  intentionAnswered: 'cooperation.intention_answered',
  manualPush: 'cooperation.pushed',
  sealApplied: 'seal.applied',
  sealApproved: 'seal.approved',
  sealRejected: 'seal.rejected',
  sealCancelled: 'seal.cancelled',
  sealExpired: 'seal.expired',
  contractUploaded: 'contract.uploaded',
  contractDeleted: 'contract.deleted',
  contractConfirmed: 'contract.confirmed',
  contractSigned: 'contract.signed',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

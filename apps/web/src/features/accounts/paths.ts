/** Paths of the accounts pages (SPEC §2), shared by the route table, guards and dialogs. */
export const REGISTER_PATH = '/register';
/** Spelled as in SPEC §2 (existing links and bookmarks use it). */
export const SUBMIT_SUCCESS_PATH = '/SumitSuccess';
export const UNDER_REVIEW_PATH = '/UnderReview';
export const RESET_PASSWORD_PATH = '/resetPassword';
export const AGREEMENT_PATH = '/agreement';
export const USER_CENTER_PATH = '/userCenter';
export const USER_INFO_PATH = '/userCenter/userInfo';
export const MODIFY_PASSWORD_PATH = '/userCenter/modifyPassword';
export const BACKOFFICE_PATH = '/backend';
export const BACKOFFICE_REGISTRATIONS_PATH = '/backend/registrations';
export const BACKOFFICE_AUDIT_PATH = '/backend/audit';
/** Versions of the user agreement and personal-information policy. */
export const BACKOFFICE_AGREEMENT_VERSIONS_PATH = '/backend/agreementVersions';

/** 0 user agreement, 1 personal-information protection policy (SPEC §2). */
export const AGREEMENT_TYPES = ['0', '1'] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];

export function agreementPath(type: AgreementType): string {
  return `${AGREEMENT_PATH}/${type}`;
}

/** The reset page as linked from e-mails and the login dialog (SPEC §2: query key=reset). */
export const RESET_PASSWORD_LINK = `${RESET_PASSWORD_PATH}?key=reset`;

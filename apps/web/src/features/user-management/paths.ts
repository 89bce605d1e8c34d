/** Paths of the user-management screens, shared by the route table and the menus (no page imports). */
export const BACKOFFICE_USERS_PATH = '/backend/users';
export const BACKOFFICE_INSTITUTIONS_PATH = '/backend/institutions';
export const INSTITUTION_USERS_PATH = '/userCenter/institutionUsers';
/** The invitation e-mail links here with `?token=…` (server: `${PUBLIC_BASE_URL}/invitation`). */
export const INVITATION_PATH = '/invitation';

/** The back-office accounts page narrowed to one institution (the institutions page links here). */
export function accountsOfInstitution(institution: { lgcSn: string; name: string }): string {
  const query = new URLSearchParams({ institution: institution.lgcSn, instNm: institution.name });
  return `${BACKOFFICE_USERS_PATH}?${query.toString()}`;
}

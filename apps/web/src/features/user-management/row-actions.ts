/**
 * What each row of the user-management tables offers, decided from the row alone (and who is
 * looking). The server checks every rule again; these only keep buttons off that would fail:
 *
 * - the system administrator (role 99) cannot be modified: no actions (PRT_SYSTEM_ADMIN_IMMUTABLE);
 * - nobody stops or deletes their own account (PRT_CONFLICT);
 * - an invited user who has not accepted yet cannot be edited (PRT_INACTIVE_EXTERNAL_USER_IMMUTABLE):
 *   edit stays visible but disabled, with the reason;
 * - the bank's own institution cannot be stopped, only partner institutions.
 */
import { ROLE } from '../accounts/account-states.ts';
import type { ManagedInstitution, ManagedUser } from './user-management-api.ts';

const {
  general: GENERAL,
  institutionAdmin: INSTITUTION_ADMIN,
  bankStaff: BANK_STAFF,
  systemAdmin: SYSTEM_ADMIN,
} = ROLE;

export type UserAction = 'edit' | 'stop' | 'enable' | 'delete' | 'makeAdmin' | 'roles';
export type DisabledReason = 'invitationPending';
export type RowAction = { action: UserAction; disabledBecause?: DisabledReason };
/** Why a row offers fewer actions than usual (shown instead of, or beside, the buttons). */
export type RowNote = 'systemAdmin' | 'self' | null;
export type RowActionPlan = { actions: RowAction[]; note: RowNote };

type UserRow = Pick<ManagedUser, 'lgcSn' | 'rlTpcd' | 'status' | 'invitationPending'>;

export function isSystemAdmin(user: Pick<ManagedUser, 'rlTpcd'>): boolean {
  return user.rlTpcd.includes(SYSTEM_ADMIN);
}

function statusAction(user: UserRow): RowAction {
  return { action: user.status === 'stopped' ? 'enable' : 'stop' };
}

/**
 * Back office (bank staff): change the roles, stop an active account, re-enable a stopped one.
 * Nobody changes their own roles (the server answers 403 too).
 */
export function backofficeUserActions(user: UserRow, viewerLgcSn: string | null): RowActionPlan {
  if (isSystemAdmin(user)) return { actions: [], note: 'systemAdmin' };
  if (user.lgcSn === viewerLgcSn) return { actions: [], note: 'self' };
  return { actions: [{ action: 'roles' }, statusAction(user)], note: null };
}

/**
 * User centre (institution administrator): edit, stop or re-enable, delete; and, in a partner
 * institution, make an active general user an administrator too.
 */
export function institutionUserActions(
  user: UserRow,
  viewerLgcSn: string | null,
  viewerRoles: readonly string[] = [],
): RowActionPlan {
  if (isSystemAdmin(user)) return { actions: [], note: 'systemAdmin' };
  const edit: RowAction = user.invitationPending
    ? { action: 'edit', disabledBecause: 'invitationPending' }
    : { action: 'edit' };
  if (user.lgcSn === viewerLgcSn) return { actions: [edit], note: 'self' };
  // A partner institution's administrator hands the role on; the bank's people are given roles in the back office.
  const partnerAdmin = viewerRoles.includes(INSTITUTION_ADMIN) && !invitesAnywhere(viewerRoles);
  const mayPromote = partnerAdmin && !user.invitationPending && !user.rlTpcd.includes(INSTITUTION_ADMIN);
  const promote: RowAction[] = mayPromote ? [{ action: 'makeAdmin' }] : [];
  return { actions: [edit, statusAction(user), ...promote, { action: 'delete' }], note: null };
}

export type InstitutionAction = 'stop' | 'enable';

/** Back office: a partner institution can be stopped and re-enabled; the bank itself cannot be stopped. */
export function institutionActions(institution: Pick<ManagedInstitution, 'kind' | 'status'>): InstitutionAction[] {
  if (institution.status === 'stopped') return ['enable'];
  return institution.kind === 'bank' ? [] : ['stop'];
}

/** Role codes in the order they are shown: the most powerful first, unknown codes last. */
const ROLE_ORDER: string[] = [SYSTEM_ADMIN, BANK_STAFF, INSTITUTION_ADMIN, GENERAL];

export type RoleKey = 'general' | 'institutionAdmin' | 'bankStaff' | 'systemAdmin';
const ROLE_KEYS: Record<string, RoleKey> = {
  [GENERAL]: 'general',
  [INSTITUTION_ADMIN]: 'institutionAdmin',
  [BANK_STAFF]: 'bankStaff',
  [SYSTEM_ADMIN]: 'systemAdmin',
};

/** The roles of a user as label keys of `accounts:roles.*` (or the code, when unknown), sorted. */
export function roleLabels(codes: readonly string[]): { code: string; key: RoleKey | null }[] {
  const rank = (code: string) => {
    const index = ROLE_ORDER.indexOf(code);
    return index < 0 ? ROLE_ORDER.length : index;
  };
  return [...new Set(codes)]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((code) => ({ code, key: ROLE_KEYS[code] ?? null }));
}

/**
 * Whether the viewer may invite: administrators of partner institutions may; at the bank only
 * the system administrator (the server answers PRT_NO_RIGHT_TO_INVITE otherwise).
 */
export function canInvite(viewerRoles: readonly string[]): boolean {
  if (viewerRoles.includes(SYSTEM_ADMIN)) return true;
  return viewerRoles.includes(INSTITUTION_ADMIN) && !viewerRoles.includes(BANK_STAFF);
}

/** Whether the viewer's institution is the bank: their invitations are not limited to a region. */
export function invitesAnywhere(viewerRoles: readonly string[]): boolean {
  return viewerRoles.includes(BANK_STAFF);
}

export type StoppedReasonKey = 'manual' | 'dormant';

/** How a stop is explained: a known cause's label key, or the server's text as it came. */
export function stoppedReason(reason: string | null): { key: StoppedReasonKey } | { text: string } | null {
  if (!reason) return null;
  if (reason === 'manual' || reason === 'dormant') return { key: reason };
  return { text: reason };
}

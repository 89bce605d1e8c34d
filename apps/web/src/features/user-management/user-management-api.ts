/**
 * The user-management API, typed by the shared contract (`schemas/user-management.ts`):
 * bank staff over every account and institution (`/api/backend/...`), an institution
 * administrator over their own institution's users (`/api/user/p1/institution/users...`), and the
 * public invitation calls. Imported by lazily loaded pages only (the contract module carries the
 * dictionaries).
 */
import { ZPage } from '@portal/shared';
import {
  type ZAcceptInvitationRequest,
  type ZBackofficeInviteRequest,
  type ZInstitutionUserUpdate,
  ZInvitationInfo,
  type ZInviteRequest,
  ZManagedInstitution,
  ZManagedUser,
  type ZRoleChangeRequest,
} from '@portal/shared/schemas/user-management';
import { z } from 'zod';
import { apiGet, apiPost, withSignal } from '../../lib/api/api-client.ts';

export type ManagedUser = z.infer<typeof ZManagedUser>;
export type ManagedInstitution = z.infer<typeof ZManagedInstitution>;
export type InvitationInfo = z.infer<typeof ZInvitationInfo>;
export type StatusFilter = 'active' | 'stopped' | 'all';

export type UserListParams = { q: string; status: StatusFilter; pageNo: number; pageSize: number };
export type BackofficeUserListParams = UserListParams & { institution: string };

const BACKEND = '/api/backend';
const INSTITUTION_USERS = '/api/user/p1/institution/users';
const INVITATION = '/api/user/p1/invitation';

/**
 * Query keys. The back-office ones start with 'backoffice' and the administrator's with
 * 'accounts', so logging out forgets them with the rest of the user's data (current-user.ts).
 */
export const userManagementKeys = {
  backofficeUsersAll: ['backoffice', 'users'] as const,
  backofficeUsers: (params: BackofficeUserListParams) => ['backoffice', 'users', params] as const,
  institutionsAll: ['backoffice', 'institutions'] as const,
  institutions: (params: UserListParams) => ['backoffice', 'institutions', params] as const,
  institutionUsersAll: ['accounts', 'institution-users'] as const,
  institutionUsers: (params: UserListParams) => ['accounts', 'institution-users', params] as const,
  invitation: (token: string) => ['invitation', token] as const,
};

const ZUserPage = ZPage(ZManagedUser);
const ZInstitutionPage = ZPage(ZManagedInstitution);
const ZDone = z.null();
const ZInvited = z.object({ lgcSn: z.string() });

function listQuery(params: UserListParams) {
  return { q: params.q || undefined, status: params.status, pageNo: params.pageNo, pageSize: params.pageSize };
}

// ---------- back office (bank staff) ----------

export function fetchBackofficeUsers(params: BackofficeUserListParams, signal?: AbortSignal) {
  return apiGet(`${BACKEND}/users`, {
    query: { ...listQuery(params), institution: params.institution || undefined },
    schema: ZUserPage,
    ...withSignal(signal),
  });
}

export function stopBackofficeUser(lgcSn: string, reason: string) {
  return apiPost(`${BACKEND}/users/{lgcSn}/stop`, { params: { lgcSn }, body: { reason }, schema: ZDone });
}

export function enableBackofficeUser(lgcSn: string) {
  return apiPost(`${BACKEND}/users/{lgcSn}/enable`, { params: { lgcSn }, schema: ZDone });
}

/** The system administrator invites in-bank staff (with their branch) or a partner institution's administrator. */
export function inviteFromBackoffice(body: z.output<typeof ZBackofficeInviteRequest>) {
  return apiPost(`${BACKEND}/users/invite`, { body, schema: ZInvited });
}

/** Sets a user's roles; the user's sessions end (never one's own: the server answers 403). */
export function changeUserRoles(lgcSn: string, body: z.output<typeof ZRoleChangeRequest>) {
  return apiPost(`${BACKEND}/users/{lgcSn}/roles`, { params: { lgcSn }, body, schema: ZDone });
}

/** Staff require a new password at the user's next log-in; the user's sessions end. */
export function requireBackofficePasswordChange(lgcSn: string) {
  return apiPost(`${BACKEND}/users/{lgcSn}/requirePasswordChange`, { params: { lgcSn }, schema: ZDone });
}

export function fetchInstitutions(params: UserListParams, signal?: AbortSignal) {
  return apiGet(`${BACKEND}/institutions`, {
    query: listQuery(params),
    schema: ZInstitutionPage,
    ...withSignal(signal),
  });
}

export function stopInstitution(lgcSn: string, reason: string) {
  return apiPost(`${BACKEND}/institutions/{lgcSn}/stop`, { params: { lgcSn }, body: { reason }, schema: ZDone });
}

export function enableInstitution(lgcSn: string) {
  return apiPost(`${BACKEND}/institutions/{lgcSn}/enable`, { params: { lgcSn }, schema: ZDone });
}

// ---------- institution administrator ----------

export function fetchInstitutionUsers(params: UserListParams, signal?: AbortSignal) {
  return apiGet(INSTITUTION_USERS, { query: listQuery(params), schema: ZUserPage, ...withSignal(signal) });
}

export function inviteUser(body: z.output<typeof ZInviteRequest>) {
  return apiPost(`${INSTITUTION_USERS}/invite`, { body, schema: ZInvited });
}

export function updateInstitutionUser(lgcSn: string, body: z.output<typeof ZInstitutionUserUpdate>) {
  return apiPost(`${INSTITUTION_USERS}/{lgcSn}/update`, { params: { lgcSn }, body, schema: ZDone });
}

export function stopInstitutionUser(lgcSn: string, reason: string) {
  return apiPost(`${INSTITUTION_USERS}/{lgcSn}/stop`, { params: { lgcSn }, body: { reason }, schema: ZDone });
}

export function enableInstitutionUser(lgcSn: string) {
  return apiPost(`${INSTITUTION_USERS}/{lgcSn}/enable`, { params: { lgcSn }, schema: ZDone });
}

export function makeInstitutionAdmin(lgcSn: string) {
  return apiPost(`${INSTITUTION_USERS}/{lgcSn}/make-admin`, { params: { lgcSn }, schema: ZDone });
}

export function deleteInstitutionUser(lgcSn: string) {
  return apiPost(`${INSTITUTION_USERS}/{lgcSn}/delete`, { params: { lgcSn }, schema: ZDone });
}

// ---------- invitation (public) ----------

/** Silent: the invitation page explains an invalid or used link itself. */
export function fetchInvitation(token: string, signal?: AbortSignal) {
  return apiGet(INVITATION, { query: { token }, schema: ZInvitationInfo, silent: true, ...withSignal(signal) });
}

export function acceptInvitation(body: z.output<typeof ZAcceptInvitationRequest>) {
  return apiPost(`${INVITATION}/accept`, { body, schema: ZDone });
}

/**
 * The accounts API of the server (`/api/user/p1/...`), typed by the shared contract. Imported by
 * the lazily loaded dialogs and pages only (the contract module carries the dictionaries).
 */
import {
  type TLoginRequest,
  type TProfile,
  type TRegisterRequest,
  ZAccountInfo,
  ZAgreementVersion,
  ZApplicationStatus,
  ZCaptcha,
  ZEmailCodeSent,
  type ZEmailType,
  ZLoginPrecheck,
  ZLoginResult,
  ZUserInfo,
} from '@portal/shared/schemas/accounts';
import { type TRegisterVerifyOrgRequest, ZRegisterVerifyOrg } from '@portal/shared/schemas/spec-calls';
import type { z } from 'zod';
import { apiGet, apiPost, apiRequest, type FixedApiPath, withSignal } from '../../lib/api/api-client.ts';

const BASE = '/api/user/p1';

export type EmailCodeType = z.infer<typeof ZEmailType>;
/** emailType of getEmailCode (SPEC §7). */
export const EMAIL_CODE_TYPE = { register: '1', reset: '2', login: '3' } as const satisfies Record<
  string,
  EmailCodeType
>;

/** Default resend wait when the server does not say (SPEC §9: 60 s). */
export const EMAIL_CODE_RESEND_SECONDS = 60;

export const ACCOUNT_INFO_QUERY_KEY = ['accounts', 'account-info'] as const;

export const APPLICATION_STATUS_QUERY_KEY = ['accounts', 'application-status'] as const;

/** The application registered in this browser (by its HttpOnly cookie), or null; no log-in needed. */
export function fetchApplicationStatus(signal?: AbortSignal) {
  return apiGet(`${BASE}/applicationStatus`, {
    schema: ZApplicationStatus.nullable(),
    mask: false,
    ...withSignal(signal),
  });
}

export function fetchCaptcha() {
  return apiGet(`${BASE}/getVerifyCode`, { schema: ZCaptcha, mask: false });
}

/** Log-in pre-check: '1' when the account needs an e-mail code to log in. */
export function precheckLogin(emailAdr: string) {
  return apiPost(`${BASE}/queryLoginEmailFlag`, { body: { emailAdr }, schema: ZLoginPrecheck, mask: false });
}

/** What a log-in code request carries besides the address: the password and a picture code. */
export type LoginCodeProof = { pwd: string; verifyCode: string; verifyCodeTraceId: string };

/** A log-in code (3) needs `proof`; the server checks it as a log-in does (and uses the picture code up). */
export function sendEmailCode(
  emailAdr: string,
  emailType: EmailCodeType,
  proof?: LoginCodeProof,
  options: { silent?: boolean } = {},
) {
  return apiPost(`${BASE}/getEmailCode`, {
    body: { emailAdr, emailType, ...proof },
    schema: ZEmailCodeSent,
    ...(options.silent ? { silent: true } : {}),
  });
}

/**
 * The whole answer: YBLTS100U022 (password reset required) comes back instead of rejecting.
 * Silent: the log-in dialog shows why a log-in failed itself, next to the field concerned.
 */
export function login(body: TLoginRequest) {
  return apiRequest('POST', `${BASE}/login`, { body, schema: ZLoginResult, silent: true });
}

export function logout() {
  return apiPost(`${BASE}/logout`, { mask: false });
}

/** The version in force of the agreements (the one the user accepts). */
export function fetchAgreementVersion(signal?: AbortSignal) {
  return apiGet(`${BASE}/agreement/version`, { schema: ZAgreementVersion, ...withSignal(signal) });
}

export function agreeToAgreement() {
  return apiPost(`${BASE}/agree`, { schema: ZUserInfo });
}

/** Forced change (no old password). Ends the session. */
export function setFirstPassword(body: { pwd: string; confirmPwd: string }) {
  return apiPost(`${BASE}/first/modifyPwd`, { body, silent: true });
}

/** Ends the session. Silent: the caller says "Modify password failed" with the reason. */
export function changePassword(body: { oPwd: string; pwd: string; confirmPwd: string }) {
  return apiPost(`${BASE}/modifyPwd`, { body, silent: true });
}

export function resetPassword(body: { emailAdr: string; emailCode: string; pwd: string; confirmPwd: string }) {
  return apiPost(`${BASE}/resetPwd`, { body });
}

export function checkRegisterEmailCode(body: { emailAdr: string; emailCode: string }) {
  return apiPost(`${BASE}/register/checkEmailCode`, { body });
}

/**
 * The institution the portal knows under a SWIFT code, or null (SPEC §7 getRegisterVerifyOrg,
 * docs/decisions/0021). A background look-up while typing: no error toast.
 */
export function registerVerifyOrg(body: TRegisterVerifyOrgRequest) {
  return apiPost(`${BASE}/getRegisterVerifyOrg`, { body, schema: ZRegisterVerifyOrg, silent: true });
}

export function register(body: TRegisterRequest) {
  return apiPost(`${BASE}/register`, { body });
}

export function fetchAccountInfo(signal?: AbortSignal) {
  return apiGet(`${BASE}/accountInfo`, { schema: ZAccountInfo, ...withSignal(signal) });
}

export type ProfileChange = 'improve' | 'complete' | 'update';

const PROFILE_PATHS = {
  improve: `${BASE}/improve/info`,
  complete: `${BASE}/completeInfo`,
  update: `${BASE}/updateUserInfo`,
} as const satisfies Record<ProfileChange, FixedApiPath<'post'>>;

/** Resubmit after review (improve), complete an invited profile, or update an active one. */
export function saveProfile(change: ProfileChange, profile: TProfile) {
  return apiPost(PROFILE_PATHS[change], { body: { profile }, schema: ZUserInfo });
}

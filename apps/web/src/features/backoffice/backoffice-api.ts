/**
 * The back office's API (`/api/backend/...`, bank staff only: the server checks role 50 on
 * every call), typed by the shared contract.
 */
import { ZPage } from '@portal/shared';
import {
  type TReviewDecision,
  ZAgreementVersion,
  ZAuditEntry,
  ZRegistrationDetail,
  ZRegistrationSummary,
} from '@portal/shared/schemas/accounts';
import type { z } from 'zod';
import { apiGet, apiPost, withSignal } from '../../lib/api/api-client.ts';

const BASE = '/api/backend';

export type RegistrationFilter = '5' | '7' | '8' | 'approved' | 'all';
export type RegistrationSummary = z.infer<typeof ZRegistrationSummary>;
export type RegistrationDetail = z.infer<typeof ZRegistrationDetail>;
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export type RegistrationListParams = { activation: RegistrationFilter; q?: string; pageNo: number; pageSize: number };
export type AuditListParams = {
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
  pageNo: number;
  pageSize: number;
};

export const backofficeKeys = {
  registrations: (params: RegistrationListParams) => ['backoffice', 'registrations', params] as const,
  registrationsAll: ['backoffice', 'registrations'] as const,
  registration: (lgcSn: string) => ['backoffice', 'registration', lgcSn] as const,
  audit: (params: AuditListParams) => ['backoffice', 'audit', params] as const,
  agreementVersion: ['agreementVersion'] as const,
};

export function fetchAgreementVersion(signal?: AbortSignal) {
  return apiGet('/api/user/p1/agreement/version', { schema: ZAgreementVersion, ...withSignal(signal) });
}

/** Publishes a new version of the agreements: every account is asked to accept it again. */
export function publishAgreementVersion(body: { version: string; effectiveDate: string }) {
  return apiPost(`${BASE}/agreements/publish`, { body, schema: ZAgreementVersion });
}

const ZRegistrationPage = ZPage(ZRegistrationSummary);
const ZAuditPage = ZPage(ZAuditEntry);

export function fetchRegistrations(params: RegistrationListParams, signal?: AbortSignal) {
  return apiGet(`${BASE}/registrations`, {
    query: { ...params, q: params.q || undefined },
    schema: ZRegistrationPage,
    ...withSignal(signal),
  });
}

export function fetchRegistration(lgcSn: string, signal?: AbortSignal) {
  return apiGet(`${BASE}/registrations/{lgcSn}`, {
    params: { lgcSn },
    schema: ZRegistrationDetail,
    ...withSignal(signal),
  });
}

export function decideRegistration(lgcSn: string, decision: TReviewDecision) {
  return apiPost(`${BASE}/registrations/{lgcSn}/decision`, {
    params: { lgcSn },
    body: decision,
    schema: ZRegistrationDetail,
  });
}

export function fetchAudit(params: AuditListParams, signal?: AbortSignal) {
  return apiGet(`${BASE}/audit`, {
    query: {
      ...params,
      action: params.action || undefined,
      actor: params.actor || undefined,
      from: params.from || undefined,
      to: params.to || undefined,
    },
    schema: ZAuditPage,
    ...withSignal(signal),
  });
}

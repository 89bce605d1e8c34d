/**
 * The back office's marketplace API (decision 0006, bank staff only: the server checks role 50
 * on every call), typed by the shared contract (`schemas/cooperation.ts`). Query keys start with
 * 'backoffice', so logging out forgets them (current-user.ts).
 */
import { ZPage } from '@portal/shared';
import {
  ZBackofficeRequestItem,
  type ZBackofficeRequestQuery,
  ZMasterAgreementItem,
  type ZMasterAgreementQuery,
} from '@portal/shared/schemas/cooperation';
import { z } from 'zod';
import { apiGet, apiPost, withSignal } from '../../lib/api/api-client.ts';

export type BackofficeRequest = z.infer<typeof ZBackofficeRequestItem>;
export type MasterAgreementItem = z.infer<typeof ZMasterAgreementItem>;
export type RequestStatusFilter = z.output<typeof ZBackofficeRequestQuery>['status'];
export type AgreementStatusFilter = z.output<typeof ZMasterAgreementQuery>['status'];

export type RequestListParams = { q: string; status: RequestStatusFilter; pageNo: number; pageSize: number };
export type AgreementListParams = { status: AgreementStatusFilter; pageNo: number; pageSize: number };

const BASE = '/api/backend';

export const cooperationBackofficeKeys = {
  requestsAll: ['backoffice', 'cooperation'] as const,
  requests: (params: RequestListParams) => ['backoffice', 'cooperation', params] as const,
  agreementsAll: ['backoffice', 'master-agreements'] as const,
  agreements: (params: AgreementListParams) => ['backoffice', 'master-agreements', params] as const,
  institutionOptions: (q: string) => ['backoffice', 'push-institutions', q] as const,
};

const ZRequestPage = ZPage(ZBackofficeRequestItem);
const ZPushResult = z.object({ pushed: z.number().int(), notified: z.number().int() });
const ZAgreementPage = ZPage(ZMasterAgreementItem);

export function fetchBackofficeRequests(params: RequestListParams, signal?: AbortSignal) {
  return apiGet(`${BASE}/cooperation`, {
    query: { q: params.q || undefined, status: params.status, pageNo: params.pageNo, pageSize: params.pageSize },
    schema: ZRequestPage,
    ...withSignal(signal),
  });
}

export function takeDownRequest(lgcSn: string, reason: string) {
  return apiPost(`${BASE}/cooperation/{lgcSn}/takeDown`, { params: { lgcSn }, body: { reason } });
}

export function pushRequest(lgcSn: string, institutions: string[]) {
  return apiPost(`${BASE}/cooperation/{lgcSn}/push`, {
    params: { lgcSn },
    body: { institutions },
    schema: ZPushResult,
  });
}

export function fetchMasterAgreements(params: AgreementListParams, signal?: AbortSignal) {
  return apiGet(`${BASE}/masterAgreements`, { query: params, schema: ZAgreementPage, ...withSignal(signal) });
}

export function markAgreementSigned(lgcSn: string) {
  return apiPost(`${BASE}/masterAgreements/{lgcSn}/signed`, { params: { lgcSn } });
}

/**
 * The publish flow's calls (`/api/bthw/...`, docs/decisions/0006), typed by the shared contract
 * (`schemas/cooperation.ts`). Imported by lazily loaded pages only (the contract carries the
 * dictionaries).
 */
import { ZPage } from '@portal/shared';
import {
  type TDraftRequest,
  type TPublishRequest,
  ZDraftDetail,
  ZDraftListItem,
  ZMasterAgreementStatus,
  ZOpportunityDetail,
} from '@portal/shared/schemas/cooperation';
import { ZUserDetailForBthw } from '@portal/shared/schemas/spec-calls';
import { z } from 'zod';
import { apiGet, apiPost, withSignal } from '../../lib/api/api-client.ts';

const BASE = '/api/bthw';

export type DraftDetail = z.infer<typeof ZDraftDetail>;
export type DraftListItem = z.infer<typeof ZDraftListItem>;
export type OpportunityDetail = z.infer<typeof ZOpportunityDetail>;
export type MasterAgreementStatus = z.infer<typeof ZMasterAgreementStatus>;
export type DraftListParams = { pageNo: number; pageSize: number };

/**
 * Query keys; they start with 'accounts' so that logging out forgets them with the rest of the
 * user's data (features/accounts/current-user.ts).
 */
export const publishKeys = {
  draftsAll: ['accounts', 'publish', 'drafts'] as const,
  drafts: (params: DraftListParams) => ['accounts', 'publish', 'drafts', params] as const,
  draft: (lgcSn: string) => ['accounts', 'publish', 'draft', lgcSn] as const,
  request: (lgcSn: string) => ['accounts', 'publish', 'request', lgcSn] as const,
  masterAgreement: ['accounts', 'publish', 'master-agreement'] as const,
  submitter: ['accounts', 'publish', 'submitter'] as const,
};

/** What publish, update and save-draft answer: the request's id. */
const ZSaved = z.looseObject({ lgcSn: z.string().min(1) });
const ZDone = z.unknown();
const ZDraftPage = ZPage(ZDraftListItem);

export function fetchDraft(lgcSn: string, signal?: AbortSignal) {
  return apiGet(`${BASE}/detailDraft/{lgcSn}`, { params: { lgcSn }, schema: ZDraftDetail, ...withSignal(signal) });
}

export function fetchOwnRequest(lgcSn: string, signal?: AbortSignal) {
  return apiGet(`${BASE}/detail/{lgcSn}`, { params: { lgcSn }, schema: ZOpportunityDetail, ...withSignal(signal) });
}

export function saveDraft(body: TDraftRequest) {
  return apiPost(`${BASE}/saveDraft`, { body, schema: ZSaved });
}

export function publishRequest(body: TPublishRequest) {
  return apiPost(`${BASE}/publish`, { body, schema: ZSaved });
}

export function updateRequest(lgcSn: string, body: TPublishRequest) {
  return apiPost(`${BASE}/update/{lgcSn}`, { params: { lgcSn }, body, schema: ZDone });
}

export function fetchDrafts(params: DraftListParams, signal?: AbortSignal) {
  return apiGet(`${BASE}/queryDraftByPage`, { query: params, schema: ZDraftPage, ...withSignal(signal) });
}

export function deleteDraft(lgcSn: string) {
  return apiPost(`${BASE}/delDraftById/{lgcSn}`, { params: { lgcSn }, schema: ZDone });
}

/** The signed-in submitter and their institution (`/api/user/p1/detailForBthw`, docs/decisions/0021). */
export function fetchSubmitter(signal?: AbortSignal) {
  return apiGet('/api/user/p1/detailForBthw', { schema: ZUserDetailForBthw, ...withSignal(signal) });
}

export function fetchMasterAgreement(signal?: AbortSignal) {
  return apiGet(`${BASE}/masterAgreement`, { schema: ZMasterAgreementStatus, ...withSignal(signal) });
}

export function submitMasterAgreementIntention(body: {
  subTypeCode: 'FORFAITING' | 'RISK_PARTICIPATION';
  note: string;
}) {
  return apiPost(`${BASE}/masterAgreement`, { body, schema: ZDone });
}

/**
 * The cooperation marketplace's API (docs/decisions/0006, `/api/bthw/...`), typed by the shared
 * contract (`schemas/cooperation.ts`). Lists and the detail carry names in the reader's language,
 * so their queries reload on a language change. Query keys start with 'accounts' so logging out
 * forgets them with the rest of the user's data (current-user.ts).
 */
import { ZPage } from '@portal/shared';
import {
  type TIntentionItem,
  type TOpportunityDetail,
  type TOpportunityListItem,
  type TOpportunityListQuery,
  ZFollowResult,
  ZIntentionItem,
  ZMatchedItem,
  ZMyPublishItem,
  ZOpportunityDetail,
  ZOpportunityListItem,
  ZOpportunityPage,
} from '@portal/shared/schemas/cooperation';
import type { z } from 'zod';
import { apiGet, apiPost, withSignal } from '../../lib/api/api-client.ts';
import { COOPERATION_QUERY_ROOT } from './query-root.ts';

export type OpportunityItem = TOpportunityListItem;
export type OpportunityDetail = TOpportunityDetail;
export type IntentionItem = TIntentionItem;
export type MyPublishItem = z.infer<typeof ZMyPublishItem>;
export type MatchedItem = z.infer<typeof ZMatchedItem>;

export type PageParams = { pageNo: number; pageSize: number };
export type MyPublishStatus = 'effective' | 'invalid' | 'all';
export type IntentionBox = 'sent' | 'received';
export type IntentionStatusFilter = 'pending' | 'agreed' | 'rejected' | 'all';
export type PushKind = 'system' | 'manual';

const BASE = '/api/bthw';
const ROOT = COOPERATION_QUERY_ROOT;

export const cooperationKeys = {
  all: ROOT,
  list: (query: TOpportunityListQuery) => [...ROOT, 'list', query] as const,
  detail: (lgcSn: string) => [...ROOT, 'detail', lgcSn] as const,
  myPublish: (params: PageParams & { status: MyPublishStatus }) => [...ROOT, 'my-publish', params] as const,
  followed: (params: PageParams) => [...ROOT, 'followed', params] as const,
  intentions: (params: PageParams & { box: IntentionBox; status: IntentionStatusFilter }) =>
    [...ROOT, 'intentions', params] as const,
  matched: (kind: PushKind, params: PageParams) => [...ROOT, 'matched', kind, params] as const,
};

const ZListPage = ZPage(ZOpportunityListItem);
const ZMyPublishPage = ZPage(ZMyPublishItem);
const ZIntentionPage = ZPage(ZIntentionItem);
const ZMatchedPage = ZPage(ZMatchedItem);

/** Business Opportunities and the home page's two-way list. */
export function fetchOpportunities(query: TOpportunityListQuery, signal?: AbortSignal) {
  return apiGet(`${BASE}/listPage`, { query, schema: ZOpportunityPage, ...withSignal(signal) });
}

/** Silent: the detail page explains a missing or hidden request itself. */
export function fetchOpportunityDetail(lgcSn: string, signal?: AbortSignal) {
  return apiGet(`${BASE}/detail/{lgcSn}`, {
    params: { lgcSn },
    schema: ZOpportunityDetail,
    silent: true,
    ...withSignal(signal),
  });
}

export function toggleFollow(lgcSn: string) {
  return apiPost(`${BASE}/collect/{lgcSn}`, { params: { lgcSn }, schema: ZFollowResult });
}

export function sendIntention(body: { requestLgcSn: string; message: string }) {
  return apiPost(`${BASE}/SendBthw`, { body });
}

export function answerIntention(body: { intentionLgcSn: string; decision: 'agree' | 'refuse' }) {
  return apiPost(`${BASE}/agreeOrRefuse`, { body });
}

export function invalidateRequest(lgcSn: string) {
  return apiPost(`${BASE}/invalidate/{lgcSn}`, { params: { lgcSn } });
}

export function fetchMyPublished(params: PageParams & { status: MyPublishStatus }, signal?: AbortSignal) {
  return apiGet(`${BASE}/myListPage`, { query: params, schema: ZMyPublishPage, ...withSignal(signal) });
}

export function fetchFollowed(params: PageParams, signal?: AbortSignal) {
  return apiGet(`${BASE}/collectListPage`, { query: params, schema: ZListPage, ...withSignal(signal) });
}

export function fetchIntentions(
  params: PageParams & { box: IntentionBox; status: IntentionStatusFilter },
  signal?: AbortSignal,
) {
  return apiGet(`${BASE}/queryMyMessagesListPage`, { query: params, schema: ZIntentionPage, ...withSignal(signal) });
}

export function fetchMatched(kind: PushKind, params: PageParams, signal?: AbortSignal) {
  const path = kind === 'system' ? 'myReceiveListPageBySjPush' : 'myReceiveListPageByManPush';
  return apiGet(`${BASE}/${path}`, { query: params, schema: ZMatchedPage, ...withSignal(signal) });
}

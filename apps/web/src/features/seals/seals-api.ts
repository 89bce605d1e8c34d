/**
 * The electronic-seal API, typed by the shared contract (`schemas/seals.ts`):
 * - the reader's institution's seals, applying for one, cancelling one with an e-mailed code
 *   (`/api/signet/seals...`);
 * - the bank's approval queue (`/api/backend/seals...`, bank staff only; the server checks).
 * The two files of an application are uploaded first (`features/files`, purposes `sealImage`
 * and `sealAuthorization`).
 */
import {
  type TSealApplyRequest,
  type TSealItem,
  type TSealReviewItem,
  type TSealReviewQuery,
  type TSealState,
  ZCodeSent,
  ZSealItem,
  ZSealPage,
  ZSealReviewItem,
  ZSealReviewPage,
  ZUsableSeal,
} from '@portal/shared/schemas/seals';
import { z } from 'zod';
import { apiGet, apiPost, withSignal } from '../../lib/api/api-client.ts';

const BASE = '/api/signet/seals';
const BACKOFFICE_BASE = '/api/backend/seals';

export type SealStateFilter = TSealState | 'all';
export type SealReviewFilter = TSealReviewQuery['state'];
export type MySealsParams = { state: SealStateFilter; pageNo: number; pageSize: number };
export type SealReviewParams = { state: SealReviewFilter; q: string; pageNo: number; pageSize: number };

/** Query keys: the user's under `accounts` and the bank's under `backoffice`, both cleared at logout. */
export const sealKeys = {
  mineAll: ['accounts', 'seals'] as const,
  mine: (params: MySealsParams) => ['accounts', 'seals', 'list', params] as const,
  usable: ['accounts', 'seals', 'usable'] as const,
  reviewsAll: ['backoffice', 'seals'] as const,
  reviews: (params: SealReviewParams) => ['backoffice', 'seals', 'list', params] as const,
  review: (lgcSn: string) => ['backoffice', 'seals', 'detail', lgcSn] as const,
};

export function fetchMySeals(params: MySealsParams, signal?: AbortSignal) {
  return apiGet(BASE, { query: params, schema: ZSealPage, ...withSignal(signal) });
}

export function applyForSeal(body: TSealApplyRequest): Promise<TSealItem> {
  return apiPost(BASE, { body, schema: ZSealItem });
}

/** The seals the reader's institution may place on a contract now. */
export function fetchUsableSeals(signal?: AbortSignal) {
  return apiGet(`${BASE}/usable`, { schema: z.object({ list: z.array(ZUsableSeal) }), ...withSignal(signal) });
}

/** Mails the applicant the code that confirms a cancellation. */
export function sendCancelCode(lgcSn: string) {
  return apiPost(`${BASE}/{lgcSn}/cancel-code`, { params: { lgcSn }, schema: ZCodeSent, mask: false });
}

export function cancelSeal(lgcSn: string, code: string): Promise<TSealItem> {
  return apiPost(`${BASE}/{lgcSn}/cancel`, { params: { lgcSn }, body: { code }, schema: ZSealItem });
}

// ---------- back office ----------

export function fetchSealReviews(params: SealReviewParams, signal?: AbortSignal) {
  return apiGet(BACKOFFICE_BASE, {
    query: { ...params, q: params.q || undefined },
    schema: ZSealReviewPage,
    ...withSignal(signal),
  });
}

/** One application, as it is (reading it changes nothing). */
export function fetchSealReview(lgcSn: string, signal?: AbortSignal): Promise<TSealReviewItem> {
  return apiGet(`${BACKOFFICE_BASE}/{lgcSn}`, { params: { lgcSn }, schema: ZSealReviewItem, ...withSignal(signal) });
}

/** Starts the review: a submitted application becomes pending approval, with the reader as reviewer. */
export function claimSealReview(lgcSn: string): Promise<TSealReviewItem> {
  return apiPost(`${BACKOFFICE_BASE}/{lgcSn}/claim`, { params: { lgcSn }, schema: ZSealReviewItem });
}

export function approveSeal(lgcSn: string): Promise<TSealReviewItem> {
  return apiPost(`${BACKOFFICE_BASE}/{lgcSn}/approve`, { params: { lgcSn }, schema: ZSealReviewItem });
}

export function rejectSeal(lgcSn: string, reason: string): Promise<TSealReviewItem> {
  return apiPost(`${BACKOFFICE_BASE}/{lgcSn}/reject`, { params: { lgcSn }, body: { reason }, schema: ZSealReviewItem });
}

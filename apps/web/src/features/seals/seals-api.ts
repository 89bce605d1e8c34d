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
import { apiGet, apiPost } from '../../lib/api/api-client.ts';

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

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});
const sealPath = (base: string, lgcSn: string, action?: string) =>
  `${base}/${encodeURIComponent(lgcSn)}${action ? `/${action}` : ''}`;

export function fetchMySeals(params: MySealsParams, signal?: AbortSignal) {
  return apiGet(BASE, { query: params, schema: ZSealPage, ...signalOf(signal) });
}

export function applyForSeal(body: TSealApplyRequest): Promise<TSealItem> {
  return apiPost(BASE, { body, schema: ZSealItem });
}

/** The seals the reader's institution may place on a contract now. */
export function fetchUsableSeals(signal?: AbortSignal) {
  return apiGet(`${BASE}/usable`, { schema: z.object({ list: z.array(ZUsableSeal) }), ...signalOf(signal) });
}

/** Mails the applicant the code that confirms a cancellation. */
export function sendCancelCode(lgcSn: string) {
  return apiPost(sealPath(BASE, lgcSn, 'cancel-code'), { schema: ZCodeSent, mask: false });
}

export function cancelSeal(lgcSn: string, code: string): Promise<TSealItem> {
  return apiPost(sealPath(BASE, lgcSn, 'cancel'), { body: { code }, schema: ZSealItem });
}

// ---------- back office ----------

export function fetchSealReviews(params: SealReviewParams, signal?: AbortSignal) {
  return apiGet(BACKOFFICE_BASE, {
    query: { ...params, q: params.q || undefined },
    schema: ZSealReviewPage,
    ...signalOf(signal),
  });
}

/** One application, as it is (reading it changes nothing). */
export function fetchSealReview(lgcSn: string, signal?: AbortSignal): Promise<TSealReviewItem> {
  return apiGet(sealPath(BACKOFFICE_BASE, lgcSn), { schema: ZSealReviewItem, ...signalOf(signal) });
}

/** Starts the review: a submitted application becomes pending approval, with the reader as reviewer. */
export function claimSealReview(lgcSn: string): Promise<TSealReviewItem> {
  return apiPost(sealPath(BACKOFFICE_BASE, lgcSn, 'claim'), { schema: ZSealReviewItem });
}

export function approveSeal(lgcSn: string): Promise<TSealReviewItem> {
  return apiPost(sealPath(BACKOFFICE_BASE, lgcSn, 'approve'), { schema: ZSealReviewItem });
}

export function rejectSeal(lgcSn: string, reason: string): Promise<TSealReviewItem> {
  return apiPost(sealPath(BACKOFFICE_BASE, lgcSn, 'reject'), { body: { reason }, schema: ZSealReviewItem });
}

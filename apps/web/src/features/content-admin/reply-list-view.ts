/**
 * The address of the back-office lists that staff answer by e-mail (feedback, leave messages):
 * `?show=answered|all&page=&size=`; without `show` they open on the items still waiting.
 */
import { DEFAULT_PAGE_SIZE } from '../user-management/list-params.ts';
import type { FeedbackFilter, FeedbackListParams } from './content-admin-api.ts';

export const REPLY_LIST_FILTERS: readonly FeedbackFilter[] = ['waiting', 'answered', 'all'];

/** The list view an address asks for; anything unknown or malformed falls back to the default. */
export function readReplyListView(params: URLSearchParams): FeedbackListParams {
  const show = params.get('show');
  const filter: FeedbackFilter = show === 'answered' || show === 'all' ? show : 'waiting';
  const number = (value: string | null, fallback: number) => {
    const parsed = Number(value);
    return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
  };
  return {
    filter,
    pageNo: number(params.get('page'), 1),
    pageSize: Math.min(100, number(params.get('size'), DEFAULT_PAGE_SIZE)),
  };
}

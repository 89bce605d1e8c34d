/**
 * The message centre keeps its filters and page in the address (`?type=&status=&page=&size=`),
 * so Back, reloads and shared links show the same view.
 */
import { MESSAGE_TYPES, type TMessageType } from '@portal/shared/schemas/messages';
import { DEFAULT_PAGE_SIZE, withChanges } from '../user-management/list-params.ts';
import type { MessageListParams, MessageStatusFilter } from './messages-api.ts';

export const MESSAGE_STATUS_FILTERS: readonly MessageStatusFilter[] = ['all', 'unread', 'read'];
const MAX_PAGE_SIZE = 100;

function toPositive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** The view an address asks for; anything unknown or malformed falls back to the default. */
export function readMessageView(params: URLSearchParams): MessageListParams {
  const type = params.get('type');
  const status = params.get('status');
  return {
    type: (MESSAGE_TYPES as readonly string[]).includes(type ?? '') ? (type as TMessageType) : null,
    status: (MESSAGE_STATUS_FILTERS as readonly string[]).includes(status ?? '')
      ? (status as MessageStatusFilter)
      : 'all',
    pageNo: toPositive(params.get('page'), 1),
    pageSize: Math.min(MAX_PAGE_SIZE, toPositive(params.get('size'), DEFAULT_PAGE_SIZE)),
  };
}

export { withChanges };

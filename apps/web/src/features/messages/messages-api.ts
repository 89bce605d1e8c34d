/**
 * The message centre's API (`/api/bthw/...`, decision 0006), typed by the shared contract
 * (`schemas/messages.ts`, light: the header bell imports it).
 *
 * Query keys start with 'accounts', so logging out forgets them with the rest of the user's data
 * (current-user.ts); every message query sits under MESSAGE_QUERY_ROOT, so one invalidation after
 * marking messages read refreshes the list and the bell together.
 */
import { ZPage } from '@portal/shared';
import { type TMessageType, type ZMarkReadRequest, ZMessageItem, ZUnreadCount } from '@portal/shared/schemas/messages';
import { z } from 'zod';
import { apiGet, apiPost, type FixedApiPath, withSignal } from '../../lib/api/api-client.ts';

export type MessageItem = z.infer<typeof ZMessageItem>;
export type MessageStatusFilter = 'all' | 'unread' | 'read';
export type MessageListParams = {
  type: TMessageType | null;
  status: MessageStatusFilter;
  pageNo: number;
  pageSize: number;
};

export const UNREAD_COUNT_PATH = '/api/bthw/queryMessageNum';
/** Server-sent events: `event: unread`, `data: {"num":N}` (MESSAGE_STREAM_EVENT). */
export const MESSAGE_STREAM_PATH = '/api/bthw/messages/stream' satisfies FixedApiPath<'get'>;
const MESSAGES_PATH = '/api/bthw/messages';
const MARK_READ_PATH = '/api/bthw/updateMessageStatusByLgcSn';
const READ_ALL_PATH = '/api/bthw/messages/readAll';

export const MESSAGE_QUERY_ROOT = ['accounts', 'messages'] as const;
export const messageKeys = {
  all: MESSAGE_QUERY_ROOT,
  /** Per user: a new log-in never shows the previous user's count. */
  unread: (userLgcSn: string) => [...MESSAGE_QUERY_ROOT, 'unread', userLgcSn] as const,
  listAll: [...MESSAGE_QUERY_ROOT, 'list'] as const,
  list: (params: MessageListParams) => [...MESSAGE_QUERY_ROOT, 'list', params] as const,
};

const ZMessagePage = ZPage(ZMessageItem);
const ZMarkedCount = z.object({ count: z.number().int() });

/** The unread count for the bell: a background request (no mask, no toast). */
export function fetchUnreadCount(signal?: AbortSignal) {
  return apiGet(UNREAD_COUNT_PATH, { schema: ZUnreadCount, silent: true, mask: false, ...withSignal(signal) });
}

export function fetchMessages(params: MessageListParams, signal?: AbortSignal) {
  return apiGet(MESSAGES_PATH, {
    query: {
      type: params.type ?? undefined,
      status: params.status,
      pageNo: params.pageNo,
      pageSize: params.pageSize,
    },
    schema: ZMessagePage,
    ...withSignal(signal),
  });
}

/** Marks the given messages read (at least one; the page checks that one of them is unread). */
export function markMessagesRead(lgcSns: z.input<typeof ZMarkReadRequest>['lgcSns'], options: { mask?: boolean } = {}) {
  return apiPost(MARK_READ_PATH, { body: { lgcSns }, schema: ZMarkedCount, ...options });
}

export function markAllMessagesRead() {
  return apiPost(READ_ALL_PATH, { schema: ZMarkedCount });
}

/** Reads the `unread` event's data; null when it is not `{ num }`. */
export function parseUnreadEvent(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = ZUnreadCount.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.num : null;
  } catch {
    return null;
  }
}

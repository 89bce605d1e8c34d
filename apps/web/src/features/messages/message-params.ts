/**
 * The message centre keeps its filters and page in the address (`?type=&status=&page=&size=`;
 * lib/list-view.ts), so Back, reloads and shared links show the same view.
 */
import { MESSAGE_TYPES } from '@portal/shared/schemas/messages';
import { choiceParam, listView } from '../../lib/list-view.ts';
import type { MessageStatusFilter } from './messages-api.ts';

export const MESSAGE_STATUS_FILTERS: readonly MessageStatusFilter[] = ['all', 'unread', 'read'];

/** Type (none: every type), read status, page. */
export const messageList = listView({
  params: { type: choiceParam(MESSAGE_TYPES, null), status: choiceParam(MESSAGE_STATUS_FILTERS, 'all') },
});

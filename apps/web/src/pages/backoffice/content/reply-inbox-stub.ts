/** Test support for the "read and reply" inboxes (feedback, leave messages): a staff member and a stubbed API. */
import { stubBackofficeApi } from '../../../test/backoffice-api.ts';
import { envelope, jsonResponse } from '../../../test/fetch-mock.ts';
import { STAFF_USER } from '../../../test/users.ts';

export const STAFF = STAFF_USER;

/**
 * Signs STAFF in and answers the inbox at `base` (e.g. `/api/backend/feedback`): its list with
 * `list` (one page), a POST to `replyUrl` with what `replied` makes of the sent body. Every call
 * to the back office is recorded.
 */
export function stubReplyInbox<T>(options: {
  base: string;
  list: T[];
  replyUrl: string;
  replied: (body: Record<string, string>) => T;
}) {
  const calls = stubBackofficeApi((url, method, body) => {
    if (url.startsWith(`${options.base}?`)) {
      return jsonResponse(envelope({ list: options.list, total: options.list.length, pageNo: 1, pageSize: 10 }));
    }
    if (url === options.replyUrl && method === 'POST') return jsonResponse(envelope(options.replied(body)));
    return undefined;
  });
  return {
    calls,
    posts: () => calls.filter((call) => call.method === 'POST'),
    gets: () => calls.filter((call) => call.method === 'GET'),
  };
}

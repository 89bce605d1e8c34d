import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../accounts/current-user.ts';
import { COOPERATION_QUERY_ROOT } from '../cooperation/query-root.ts';
import { fetchUnreadCount, messageKeys } from './messages-api.ts';
import { connectUnreadStream, hasEventSource, POLL_INTERVAL_MS } from './unread-stream.ts';

/**
 * The signed-in user's unread message count (SPEC §2 bell, §4 "after login the count is
 * fetched"), or null for a visitor and until the first answer.
 *
 * Fetched from GET /api/bthw/queryMessageNum when a user signs in (the key holds the user, so a
 * new log-in fetches afresh), then kept current by the server-sent events stream; while the
 * stream is down the count is polled every 10 s. Logging out closes the stream and stops polling.
 */
export function useUnreadCount(): number | null {
  const current = useCurrentUser();
  const userLgcSn = current.status === 'user' ? current.user.lgcSn : null;
  const queryClient = useQueryClient();
  const [live, setLive] = useState(hasEventSource);

  const query = useQuery({
    queryKey: messageKeys.unread(userLgcSn ?? ''),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled: userLgcSn !== null,
    staleTime: 0,
    refetchInterval: live ? false : POLL_INTERVAL_MS,
  });

  useEffect(() => {
    if (!userLgcSn) return;
    setLive(hasEventSource());
    return connectUnreadStream({
      onCount: (num) => applyCount(queryClient, userLgcSn, num),
      onLiveChange: setLive,
      onReconnected: () => void queryClient.invalidateQueries({ queryKey: messageKeys.unread(userLgcSn) }),
    });
  }, [userLgcSn, queryClient]);

  return userLgcSn && query.data ? query.data.num : null;
}

/**
 * A count from the stream: stored for the bell. When it changed, open message lists and
 * marketplace pages reload (a new message means an intention arrived or was answered, or a
 * match was pushed).
 */
function applyCount(queryClient: QueryClient, userLgcSn: string, num: number): void {
  const key = messageKeys.unread(userLgcSn);
  const previous = queryClient.getQueryData<{ num: number }>(key);
  queryClient.setQueryData(key, { num });
  if (previous && previous.num !== num) {
    void queryClient.invalidateQueries({ queryKey: messageKeys.listAll });
    if (num > previous.num) void queryClient.invalidateQueries({ queryKey: COOPERATION_QUERY_ROOT });
  }
}

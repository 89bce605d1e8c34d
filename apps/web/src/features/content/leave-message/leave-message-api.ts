import { ZPage } from '@portal/shared';
import { type TLeaveMessage, ZLeaveMessage } from '@portal/shared/schemas/content';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api/api-client.ts';

export const LEAVE_MESSAGE_API = {
  list: '/api/cooperLevgMg/getLevaingMessage',
  save: '/api/cooperLevgMg/saveLevaingMessage',
} as const;

export const LEAVE_MESSAGE_PAGE_SIZE = 5;
const ROOT = ['accounts', 'leave-messages'] as const;

/** The signed-in user's messages and the bank's replies, newest first (user-bound: cleared on logout). */
export function useLeaveMessages(pageNo: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, pageNo],
    queryFn: ({ signal }) =>
      apiGet(LEAVE_MESSAGE_API.list, {
        query: { pageNo, pageSize: LEAVE_MESSAGE_PAGE_SIZE },
        schema: ZPage(ZLeaveMessage),
        mask: false,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSaveLeaveMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string): Promise<TLeaveMessage> =>
      apiPost(LEAVE_MESSAGE_API.save, { body: { content }, schema: ZLeaveMessage }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}

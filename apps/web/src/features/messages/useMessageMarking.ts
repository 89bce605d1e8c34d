import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify.ts';
import { type MessageItem, markAllMessagesRead, markMessagesRead, messageKeys } from './messages-api.ts';

/**
 * Marking messages read in the message centre: the selected unread ones, all of them, or one as
 * it is opened; each refreshes the list and the header bell.
 */
export function useMessageMarking(
  rows: readonly MessageItem[],
  selected: string[],
  setSelected: (lgcSns: string[]) => void,
) {
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  const [marking, setMarking] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.all });

  const markSelected = async () => {
    const lgcSns = rows
      .filter((row) => row.status === 'unread' && selected.includes(row.lgcSn))
      .map((row) => row.lgcSn);
    if (lgcSns.length === 0) {
      showToast({ type: 'warning', content: t('centre.selectUnreadFirst') });
      return;
    }
    setMarking(true);
    try {
      const { count } = await markMessagesRead(lgcSns);
      setSelected([]);
      showToast({ type: 'success', content: t('centre.markedSelected', { count }) });
    } catch {
      // The toast said why.
    } finally {
      setMarking(false);
      void refresh();
    }
  };

  const markAll = async () => {
    try {
      await markAllMessagesRead();
      setSelected([]);
      showToast({ type: 'success', content: t('centre.markedAll') });
    } catch {
      // The toast said why.
    } finally {
      void refresh();
    }
  };

  /** Opening a message marks it read in the background (the link itself navigates). */
  const markOpened = (message: MessageItem) => {
    if (message.status !== 'unread') return;
    markMessagesRead([message.lgcSn], { mask: false }).then(
      () => void refresh(),
      () => {},
    );
  };
  return { marking, markSelected, markAll, markOpened };
}

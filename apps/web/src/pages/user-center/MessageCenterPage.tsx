import '../../features/messages/messages.css';
import type { TMessageType } from '@portal/shared/schemas/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { TimeText } from '../../components/TimeText.tsx';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import { MessageToolbar } from '../../features/messages/MessageToolbar.tsx';
import { MessageTypeTag } from '../../features/messages/MessageTypeTag.tsx';
import { messageList } from '../../features/messages/message-params.ts';
import {
  fetchMessages,
  fetchUnreadCount,
  type MessageItem,
  messageKeys,
} from '../../features/messages/messages-api.ts';
import { cooperationDetailPath } from '../../features/messages/paths.ts';
import { useMessageMarking } from '../../features/messages/useMessageMarking.ts';
import { useListView } from '../../lib/list-view.ts';

/**
 * /userCenter/messageCenter (SPEC §2, §4): the reader's messages, newest first, filtered by type
 * and read status (in the address), with paging. Unread rows are bold with a dot. Selected
 * messages, or all of them, can be marked read; opening a message marks it read and opens the
 * request it is about. The header bell follows every change.
 */
export function MessageCenterPage() {
  const { t } = useTranslation('messages');
  const { view, update, setPage } = useListView(messageList);
  const [selected, setSelected] = useState<string[]>([]);

  const list = useQuery({
    queryKey: messageKeys.list(view),
    queryFn: ({ signal }) => fetchMessages(view, signal),
    placeholderData: keepPreviousData,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });
  const unreadTotal = useUnreadTotal();

  const viewKey = `${view.type}|${view.status}|${view.pageNo}|${view.pageSize}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view starts with no selection
  useEffect(() => setSelected([]), [viewKey]);

  const rows = list.data?.list ?? [];
  const { marking, markSelected, markAll, markOpened } = useMessageMarking(rows, selected, setSelected);

  const columns = useMessageColumns(markOpened);

  const filtered = view.type !== null || view.status !== 'all';
  return (
    <div className="user-center-panel">
      <div className="user-center-panel__head">
        <h1 className="user-center-panel__title">{t('centre.title')}</h1>
      </div>
      <p className="form-intro">{t('centre.intro')}</p>
      <MessageToolbar
        view={view}
        update={update}
        selectedCount={selected.length}
        marking={marking}
        unreadTotal={unreadTotal}
        onMarkSelected={() => void markSelected()}
        onMarkAll={markAll}
      />
      <PagedTable<MessageItem>
        columns={columns}
        query={list}
        page={view}
        onPage={setPage}
        scroll={{ x: 820 }}
        rowClassName={(row) => (row.status === 'unread' ? 'message-row message-row--unread' : 'message-row')}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
        totalText={(total) => t('centre.total', { count: total })}
        emptyTexts={{
          loadFailed: t('centre.loadFailed'),
          noMatch: t('centre.noMatch'),
          empty: t('centre.empty'),
          filtered,
        }}
      />
    </div>
  );
}

/** The bell's query: the count for "Mark all as read", kept current by the bell's stream. */
function useUnreadTotal() {
  const current = useCurrentUser();
  const userLgcSn = current.status === 'user' ? current.user.lgcSn : null;
  const unread = useQuery({
    queryKey: messageKeys.unread(userLgcSn ?? ''),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled: userLgcSn !== null,
  });
  return unread.data?.num ?? 0;
}

function useMessageColumns(onOpen: (message: MessageItem) => void): TableColumnsType<MessageItem> {
  const { t } = useTranslation('messages');
  return [
    {
      key: 'type',
      title: t('centre.columns.type'),
      dataIndex: 'type',
      width: 165,
      render: (type: TMessageType, row) => (
        <span className="message-type-cell">
          {row.status === 'unread' ? (
            <span className="message-dot" role="img" aria-label={t('centre.unreadMark')} />
          ) : (
            <span className="message-dot message-dot--read" aria-hidden="true" />
          )}
          <MessageTypeTag type={type} />
        </span>
      ),
    },
    {
      key: 'content',
      title: t('centre.columns.content'),
      dataIndex: 'content',
      render: (_content: string, row) => <MessageContent message={row} onOpen={onOpen} />,
    },
    {
      key: 'institution',
      title: t('centre.columns.institution'),
      dataIndex: 'institutionName',
      width: 170,
      render: (name: string | null) => name || '—',
    },
    {
      key: 'date',
      title: t('centre.columns.date'),
      dataIndex: 'publishDate',
      width: 150,
      render: (value: string) => (
        <span className="message-date">
          <TimeText value={value} />
        </span>
      ),
    },
  ];
}

/**
 * The message text: a link to the page it is about (a seal or a contract) or to the request it is
 * about (opening it marks the message read), or, for a message about neither, a button that marks
 * it read.
 */
function MessageContent({ message, onOpen }: { message: MessageItem; onOpen: (message: MessageItem) => void }) {
  const { t } = useTranslation('messages');
  // Links are the portal's own paths, written by the server; anything else is not followed.
  if (message.link?.startsWith('/') && !message.link.startsWith('//')) {
    return (
      <Link
        to={message.link}
        className="message-content"
        onClick={() => onOpen(message)}
        aria-label={t('centre.openLink', { content: message.content })}
      >
        {message.content}
      </Link>
    );
  }
  if (message.requestLgcSn) {
    return (
      <Link
        to={cooperationDetailPath(message.requestLgcSn)}
        className="message-content"
        onClick={() => onOpen(message)}
        aria-label={t('centre.openRequest', { content: message.content })}
      >
        {message.content}
      </Link>
    );
  }
  if (message.status === 'unread') {
    return (
      <button
        type="button"
        className="message-content message-content--button"
        onClick={() => onOpen(message)}
        aria-label={t('centre.markRead', { content: message.content })}
      >
        {message.content}
      </button>
    );
  }
  return <span className="message-content">{message.content}</span>;
}

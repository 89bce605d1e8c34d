/**
 * The back office's "read and reply" inboxes (feedback, leave messages): the list of what visitors
 * wrote, waiting ones first, with the filter and page in the address; a drawer to read one and send
 * the single e-mailed reply after a confirmation. Each page supplies what differs: the API calls,
 * the columns and details describing an item, the reply field and its schema, and the texts.
 */
import './content-admin.css';
import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Segmented, type TableColumnsType, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PagedTable } from '../../components/PagedTable.tsx';
import { formatTime } from '../../components/time-cells.ts';
import { useListView } from '../../lib/list-view.ts';
import type { FeedbackFilter, FeedbackListParams } from './content-admin-api.ts';
import { ReplyDrawer } from './ReplyDrawer.tsx';
import { REPLY_LIST_FILTERS, replyList } from './reply-list-view.ts';

/** What every inbox item carries: its id, when it came and the address the reply goes to. */
export interface ReplyInboxItem {
  lgcSn: string;
  createdAt: string;
  emailAdr: string;
}

/** The reply already sent for an item: its text, who sent it and when. */
export interface SentReply {
  text: string | null;
  by: string | null;
  at: string | null;
}

/** The inbox's texts, already translated by the page; the functions name the item concerned. */
export interface ReplyInboxTexts<T> {
  title: string;
  intro: string;
  filters: Record<FeedbackFilter, string>;
  filtersLabel: string;
  loadFailed: string;
  empty: string;
  emptyWaiting: string;
  receivedAt: string;
  /** Status tags. */
  waiting: string;
  replied: string;
  /** The row's button: read an answered item, reply to a waiting one; `openFor` is its accessible name. */
  read: string;
  reply: string;
  openFor: (item: T) => string;
  detailTitle: string;
  replyTitle: string;
  repliedBy: string;
  replyLabel: (item: T) => string;
  replyHint: string;
  confirmTitle: string;
  confirmText: (item: T) => string;
  send: string;
  cancel: string;
  sent: (item: T) => string;
}

export interface ReplyInboxProps<T extends ReplyInboxItem, K extends string> {
  queryKey: (view: FeedbackListParams) => QueryKey;
  /** Refreshed once a reply has been sent (every page and filter of this inbox). */
  allKey: QueryKey;
  fetchList: (view: FeedbackListParams, signal: AbortSignal) => Promise<{ list: T[]; total: number }>;
  sendReply: (lgcSn: string, text: string) => Promise<T>;
  /** The reply's form field, as named by `schema` and sent to the server. */
  field: K;
  schema: z.ZodType<Record<K, string>>;
  /** The reply already sent, or null while the item waits for one. */
  sentReply: (item: T) => SentReply | null;
  /** The columns between "received" and the status: what was written and who wrote it. */
  columns: TableColumnsType<T>;
  /** The drawer's `Descriptions.Item`s after "received". */
  details: (item: T) => ReactNode;
  texts: ReplyInboxTexts<T>;
  /** Buttons beside the filter (the feedback's Export), given the filter shown. */
  actions?: (filter: FeedbackFilter) => ReactNode;
}

/** The inbox's columns: received, the page's own, the status and the button that opens an item. */
function inboxColumns<T extends ReplyInboxItem, K extends string>(
  { sentReply, texts, columns }: ReplyInboxProps<T, K>,
  t: TFunction<'backoffice'>,
  setReading: (item: T) => void,
): TableColumnsType<T> {
  return [
    {
      key: 'createdAt',
      title: texts.receivedAt,
      dataIndex: 'createdAt',
      width: 150,
      render: formatTime,
    },
    ...columns,
    {
      key: 'status',
      title: t('content.columns.status'),
      width: 110,
      render: (_, item) =>
        sentReply(item) ? <Tag color="success">{texts.replied}</Tag> : <Tag color="warning">{texts.waiting}</Tag>,
    },
    {
      key: 'action',
      title: t('content.columns.actions'),
      width: 110,
      render: (_, item) => {
        const action = sentReply(item) ? texts.read : texts.reply;
        // The accessible name includes the visible word (WCAG 2.5.3, label in name).
        return (
          <Button type="link" onClick={() => setReading(item)} aria-label={`${texts.openFor(item)} – ${action}`}>
            {action}
          </Button>
        );
      },
    },
  ];
}

export function ReplyInbox<T extends ReplyInboxItem, K extends string>(props: ReplyInboxProps<T, K>) {
  const { queryKey, allKey, fetchList, texts } = props;
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const { view: address, update, setPage } = useListView(replyList);
  const view: FeedbackListParams = { filter: address.show, pageNo: address.pageNo, pageSize: address.pageSize };
  const [reading, setReading] = useState<T | null>(null);

  const list = useQuery({
    queryKey: queryKey(view),
    queryFn: ({ signal }) => fetchList(view, signal),
    placeholderData: keepPreviousData,
  });

  const columns = inboxColumns(props, t, setReading);

  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head">
        <h1 className="backoffice-page__title">{texts.title}</h1>
        <p className="backoffice-page__intro">{texts.intro}</p>
      </header>
      <div className="backoffice-filters">
        <Segmented<FeedbackFilter>
          value={view.filter}
          onChange={(value) => update({ show: value, page: null })}
          options={REPLY_LIST_FILTERS.map((value) => ({ value, label: texts.filters[value] }))}
          aria-label={texts.filtersLabel}
        />
        {props.actions?.(view.filter)}
      </div>
      <PagedTable<T>
        columns={columns}
        query={list}
        page={view}
        onPage={setPage}
        scroll={{ x: 900 }}
        quickJumper={false}
        totalText={(total) => t('pagination.total', { total })}
        emptyTexts={{
          loadFailed: texts.loadFailed,
          noMatch: texts.emptyWaiting,
          empty: texts.empty,
          filtered: view.filter === 'waiting',
        }}
      />
      <ReplyDrawer<T, K>
        {...props}
        item={reading}
        onClose={() => setReading(null)}
        onReplied={(replied) => {
          setReading(replied);
          void queryClient.invalidateQueries({ queryKey: allKey });
        }}
      />
    </div>
  );
}

/**
 * The back office's "read and reply" inboxes (feedback, leave messages): the list of what visitors
 * wrote, waiting ones first, with the filter and page in the address; a drawer to read one and send
 * the single e-mailed reply after a confirmation. Each page supplies what differs: the API calls,
 * the columns and details describing an item, the reply field and its schema, and the texts.
 */
import './content-admin.css';
import { CONTENT_LIMITS } from '@portal/shared/schemas/content';
import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Form, Input, Modal, Segmented, type TableColumnsType, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DRAWER_BODY_STYLES, DrawerScrollRegion } from '../../components/DrawerScrollRegion.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { formatTime } from '../../components/time-cells.ts';
import { fieldsAreValid, schemaRule, validateForm } from '../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { useListView } from '../../lib/list-view.ts';
import { showToast } from '../../lib/notify.ts';
import type { FeedbackFilter, FeedbackListParams } from './content-admin-api.ts';
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

export function ReplyInbox<T extends ReplyInboxItem, K extends string>(props: ReplyInboxProps<T, K>) {
  const { queryKey, allKey, fetchList, sentReply, texts } = props;
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

  const columns: TableColumnsType<T> = [
    {
      key: 'createdAt',
      title: texts.receivedAt,
      dataIndex: 'createdAt',
      width: 150,
      render: formatTime,
    },
    ...props.columns,
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

function ReplyDrawer<T extends ReplyInboxItem, K extends string>({
  item,
  onClose,
  onReplied,
  sendReply,
  field,
  schema,
  sentReply,
  details,
  texts,
}: ReplyInboxProps<T, K> & { item: T | null; onClose: () => void; onReplied: (item: T) => void }) {
  const [form] = Form.useForm<Record<string, string>>();
  const [modal, modalHolder] = Modal.useModal();

  const check = async () =>
    (await fieldsAreValid(form)) && validateForm(form, schema, form.getFieldsValue(true)) !== null;

  const { submit: send, saving: sending } = useSchemaSubmit(form, schema, async (body) => {
    if (!item) return;
    const replied = await sendReply(item.lgcSn, body[field]);
    showToast({ type: 'success', content: texts.sent(item) });
    form.resetFields();
    onReplied(replied);
  });

  const sent = item ? sentReply(item) : null;

  return (
    <Drawer
      open={item !== null}
      size={720}
      title={texts.detailTitle}
      onClose={onClose}
      destroyOnHidden
      styles={DRAWER_BODY_STYLES}
    >
      {modalHolder}
      <DrawerScrollRegion label={texts.detailTitle}>
        {item ? (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={texts.receivedAt}>{formatTime(item.createdAt)}</Descriptions.Item>
              {details(item)}
            </Descriptions>
            <h2 className="form-section-title" style={{ marginTop: 24 }}>
              {texts.replyTitle}
            </h2>
            {sent ? (
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label={texts.reply}>
                  <div className="feedback-detail__text">{sent.text}</div>
                </Descriptions.Item>
                <Descriptions.Item label={texts.repliedBy}>
                  {[sent.by, formatTime(sent.at)].filter(Boolean).join(' · ')}
                </Descriptions.Item>
              </Descriptions>
            ) : (
              <Form form={form} layout="vertical" initialValues={{ [field]: '' }}>
                <Form.Item
                  name={field as string}
                  label={texts.replyLabel(item)}
                  required
                  extra={texts.replyHint}
                  rules={[schemaRule(schema, [field])]}
                >
                  <Input.TextArea rows={6} showCount maxLength={CONTENT_LIMITS.answer} />
                </Form.Item>
                <Button
                  type="primary"
                  loading={sending}
                  onClick={async () => {
                    if (!(await check())) return;
                    modal.confirm({
                      title: texts.confirmTitle,
                      content: texts.confirmText(item),
                      okText: texts.send,
                      cancelText: texts.cancel,
                      onOk: () => send(),
                    });
                  }}
                >
                  {texts.send}
                </Button>
              </Form>
            )}
          </>
        ) : null}
      </DrawerScrollRegion>
    </Drawer>
  );
}

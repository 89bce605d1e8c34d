import '../../../features/content-admin/content-admin.css';
import { CONTENT_LIMITS, ZLeaveMessageReply } from '@portal/shared/schemas/content';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Segmented,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  contentAdminKeys,
  type FeedbackFilter,
  fetchLeaveMessages,
  type LeaveMessageItem,
  replyLeaveMessage,
} from '../../../features/content-admin/content-admin-api.ts';
import { REPLY_LIST_FILTERS, readReplyListView } from '../../../features/content-admin/reply-list-view.ts';
import { useAddressParams } from '../../../features/cooperation-backoffice/list-params.ts';
import { formatTime } from '../../../features/user-management/UserCells.tsx';
import { applyServerErrors, fieldsAreValid, schemaRule, validateForm } from '../../../lib/forms/schema-form.ts';
import { showToast } from '../../../lib/notify.ts';

/**
 * /backend/content/leaveMessages: the messages signed-in users leave on /about, waiting ones
 * first; read one (who, institution, when) and reply once by e-mail.
 */
export function LeaveMessagesPage() {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const { params, update } = useAddressParams();
  const view = readReplyListView(params);
  const [reading, setReading] = useState<LeaveMessageItem | null>(null);

  const list = useQuery({
    queryKey: contentAdminKeys.leaveMessages(view),
    queryFn: ({ signal }) => fetchLeaveMessages(view, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<LeaveMessageItem> = [
    {
      key: 'createdAt',
      title: t('leaveMessages.receivedAt'),
      dataIndex: 'createdAt',
      width: 150,
      render: formatTime,
    },
    {
      key: 'content',
      title: t('leaveMessages.message'),
      render: (_, item) => (item.content.length > 120 ? `${item.content.slice(0, 120)}…` : item.content),
    },
    {
      key: 'from',
      title: t('leaveMessages.from'),
      width: 260,
      render: (_, item) => (
        <div className="cell-stack">
          <span>{item.userName}</span>
          <span className="cell-stack__sub">{item.emailAdr}</span>
          {item.institution ? <span className="cell-stack__sub">{item.institution}</span> : null}
        </div>
      ),
    },
    {
      key: 'status',
      title: t('content.columns.status'),
      width: 110,
      render: (_, item) =>
        item.repliedAt ? (
          <Tag color="success">{t('leaveMessages.replied')}</Tag>
        ) : (
          <Tag color="warning">{t('leaveMessages.waiting')}</Tag>
        ),
    },
    {
      key: 'action',
      title: t('content.columns.actions'),
      width: 110,
      render: (_, item) => (
        <Button
          type="link"
          onClick={() => setReading(item)}
          aria-label={t('leaveMessages.readFor', { name: item.userName, time: formatTime(item.createdAt) })}
        >
          {item.repliedAt ? t('leaveMessages.read') : t('leaveMessages.reply')}
        </Button>
      ),
    },
  ];

  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head">
        <h1 className="backoffice-page__title">{t('leaveMessages.title')}</h1>
        <p className="backoffice-page__intro">{t('leaveMessages.intro')}</p>
      </header>
      <div className="backoffice-filters">
        <Segmented<FeedbackFilter>
          value={view.filter}
          onChange={(value) => update({ show: value === 'waiting' ? null : value, page: null })}
          options={REPLY_LIST_FILTERS.map((value) => ({ value, label: t(`leaveMessages.filters.${value}`) }))}
          aria-label={t('leaveMessages.filters.label')}
        />
      </div>
      <Table<LeaveMessageItem>
        rowKey="lgcSn"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 900 }}
        locale={{
          emptyText: (
            <Empty
              description={
                list.isError
                  ? t('leaveMessages.loadFailed')
                  : view.filter === 'waiting'
                    ? t('leaveMessages.emptyWaiting')
                    : t('leaveMessages.empty')
              }
            />
          ),
        }}
        pagination={{
          current: view.pageNo,
          pageSize: view.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('pagination.total', { total }),
          onChange: (page, size) => update({ page: String(page), size: String(size) }),
        }}
      />
      <LeaveMessageDrawer
        item={reading}
        onClose={() => setReading(null)}
        onReplied={(replied) => {
          setReading(replied);
          void queryClient.invalidateQueries({ queryKey: contentAdminKeys.leaveMessagesAll });
        }}
      />
    </div>
  );
}

function LeaveMessageDrawer({
  item,
  onClose,
  onReplied,
}: {
  item: LeaveMessageItem | null;
  onClose: () => void;
  onReplied: (item: LeaveMessageItem) => void;
}) {
  const { t } = useTranslation('backoffice');
  const [form] = Form.useForm<{ reply: string }>();
  const [sending, setSending] = useState(false);
  const [modal, modalHolder] = Modal.useModal();

  const check = async () =>
    (await fieldsAreValid(form)) && validateForm(form, ZLeaveMessageReply, form.getFieldsValue(true)) !== null;

  const send = async () => {
    if (!item) return;
    const body = validateForm(form, ZLeaveMessageReply, form.getFieldsValue(true));
    if (!body) return;
    setSending(true);
    try {
      const replied = await replyLeaveMessage(item.lgcSn, body.reply);
      showToast({ type: 'success', content: t('leaveMessages.sent', { email: item.emailAdr }) });
      form.resetFields();
      onReplied(replied);
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Drawer open={item !== null} size={720} title={t('leaveMessages.detailTitle')} onClose={onClose} destroyOnHidden>
      {modalHolder}
      {item ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('leaveMessages.receivedAt')}>{formatTime(item.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('leaveMessages.user')}>{item.userName}</Descriptions.Item>
            <Descriptions.Item label={t('leaveMessages.email')}>
              <a href={`mailto:${item.emailAdr}`}>{item.emailAdr}</a>
            </Descriptions.Item>
            <Descriptions.Item label={t('leaveMessages.institution')}>
              {item.institution || t('leaveMessages.noInstitution')}
            </Descriptions.Item>
            <Descriptions.Item label={t('leaveMessages.message')}>
              <div className="feedback-detail__text">{item.content}</div>
            </Descriptions.Item>
          </Descriptions>
          <h2 className="form-section-title" style={{ marginTop: 24 }}>
            {t('leaveMessages.replyTitle')}
          </h2>
          {item.repliedAt ? (
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('leaveMessages.reply')}>
                <div className="feedback-detail__text">{item.reply}</div>
              </Descriptions.Item>
              <Descriptions.Item label={t('leaveMessages.repliedBy')}>
                {[item.repliedBy, formatTime(item.repliedAt)].filter(Boolean).join(' · ')}
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Form form={form} layout="vertical" initialValues={{ reply: '' }}>
              <Form.Item
                name="reply"
                label={t('leaveMessages.replyLabel', { name: item.userName })}
                required
                extra={t('leaveMessages.replyHint')}
                rules={[schemaRule(ZLeaveMessageReply, ['reply'])]}
              >
                <Input.TextArea rows={6} showCount maxLength={CONTENT_LIMITS.answer} />
              </Form.Item>
              <Button
                type="primary"
                loading={sending}
                onClick={async () => {
                  if (!(await check())) return;
                  modal.confirm({
                    title: t('leaveMessages.confirmTitle'),
                    content: t('leaveMessages.confirmText', { email: item.emailAdr }),
                    okText: t('leaveMessages.send'),
                    cancelText: t('leaveMessages.cancel'),
                    onOk: () => send(),
                  });
                }}
              >
                {t('leaveMessages.send')}
              </Button>
            </Form>
          )}
        </>
      ) : null}
    </Drawer>
  );
}

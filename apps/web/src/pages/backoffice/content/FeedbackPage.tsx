import '../../../features/content-admin/content-admin.css';
import { CONTENT_LIMITS, ZFeedbackAnswer } from '@portal/shared/schemas/content';
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
  answerFeedback,
  contentAdminKeys,
  type FeedbackFilter,
  type FeedbackItem,
  fetchFeedback,
} from '../../../features/content-admin/content-admin-api.ts';
import { REPLY_LIST_FILTERS, readReplyListView } from '../../../features/content-admin/reply-list-view.ts';
import { useAddressParams } from '../../../features/cooperation-backoffice/list-params.ts';
import { formatFileSize } from '../../../features/files/files-api.ts';
import { formatTime } from '../../../features/user-management/UserCells.tsx';
import { applyServerErrors, fieldsAreValid, schemaRule, validateForm } from '../../../lib/forms/schema-form.ts';
import { showToast } from '../../../lib/notify.ts';

/** /backend/content/feedback: visitors' feedback, waiting ones first; read it and answer by e-mail. */
export function FeedbackPage() {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const { params, update } = useAddressParams();
  const view = readReplyListView(params);
  const [reading, setReading] = useState<FeedbackItem | null>(null);

  const list = useQuery({
    queryKey: contentAdminKeys.feedback(view),
    queryFn: ({ signal }) => fetchFeedback(view, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<FeedbackItem> = [
    {
      key: 'createdAt',
      title: t('content.feedback.receivedAt'),
      dataIndex: 'createdAt',
      width: 150,
      render: formatTime,
    },
    {
      key: 'text',
      title: t('content.feedback.text'),
      render: (_, item) => (
        <div className="cell-stack">
          <span>{item.text.length > 120 ? `${item.text.slice(0, 120)}…` : item.text}</span>
          {item.images.length ? (
            <span className="cell-stack__sub">{t('content.feedback.imageCount', { count: item.images.length })}</span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'from',
      title: t('content.feedback.from'),
      width: 240,
      render: (_, item) => (
        <div className="cell-stack">
          <span>{item.emailAdr}</span>
          <span className="cell-stack__sub">{item.userName ?? t('content.feedback.visitor')}</span>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('content.columns.status'),
      width: 110,
      render: (_, item) =>
        item.answer ? (
          <Tag color="success">{t('content.feedback.answered')}</Tag>
        ) : (
          <Tag color="warning">{t('content.feedback.waiting')}</Tag>
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
          aria-label={t('content.feedback.readFor', { email: item.emailAdr, time: formatTime(item.createdAt) })}
        >
          {item.answer ? t('content.feedback.read') : t('content.feedback.answer')}
        </Button>
      ),
    },
  ];

  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head">
        <h1 className="backoffice-page__title">{t('content.feedback.title')}</h1>
        <p className="backoffice-page__intro">{t('content.feedback.intro')}</p>
      </header>
      <div className="backoffice-filters">
        <Segmented<FeedbackFilter>
          value={view.filter}
          onChange={(value) => update({ show: value === 'waiting' ? null : value, page: null })}
          options={REPLY_LIST_FILTERS.map((value) => ({ value, label: t(`content.feedback.filters.${value}`) }))}
          aria-label={t('content.filters.label')}
        />
      </div>
      <Table<FeedbackItem>
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
                  ? t('content.loadFailed')
                  : view.filter === 'waiting'
                    ? t('content.feedback.emptyWaiting')
                    : t('content.feedback.empty')
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
      <FeedbackDrawer
        item={reading}
        onClose={() => setReading(null)}
        onAnswered={(answered) => {
          setReading(answered);
          void queryClient.invalidateQueries({ queryKey: contentAdminKeys.feedbackAll });
        }}
      />
    </div>
  );
}

function FeedbackDrawer({
  item,
  onClose,
  onAnswered,
}: {
  item: FeedbackItem | null;
  onClose: () => void;
  onAnswered: (item: FeedbackItem) => void;
}) {
  const { t } = useTranslation('backoffice');
  const [form] = Form.useForm<{ answer: string }>();
  const [sending, setSending] = useState(false);
  const [modal, modalHolder] = Modal.useModal();

  const check = async () =>
    (await fieldsAreValid(form)) && validateForm(form, ZFeedbackAnswer, form.getFieldsValue(true)) !== null;

  const send = async () => {
    if (!item) return;
    const body = validateForm(form, ZFeedbackAnswer, form.getFieldsValue(true));
    if (!body) return;
    setSending(true);
    try {
      const answered = await answerFeedback(item.lgcSn, body.answer);
      showToast({ type: 'success', content: t('content.feedback.sent', { email: item.emailAdr }) });
      form.resetFields();
      onAnswered(answered);
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Drawer open={item !== null} size={720} title={t('content.feedback.detailTitle')} onClose={onClose} destroyOnHidden>
      {modalHolder}
      {item ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('content.feedback.receivedAt')}>{formatTime(item.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('content.feedback.email')}>
              <a href={`mailto:${item.emailAdr}`}>{item.emailAdr}</a>
            </Descriptions.Item>
            <Descriptions.Item label={t('content.feedback.user')}>
              {item.userName ?? t('content.feedback.visitor')}
            </Descriptions.Item>
            <Descriptions.Item label={t('content.feedback.language')}>
              {item.locale === 'zh-CN' ? t('content.languages.zh') : t('content.languages.en')}
            </Descriptions.Item>
            <Descriptions.Item label={t('content.feedback.text')}>
              <div className="feedback-detail__text">{item.text}</div>
            </Descriptions.Item>
            {item.images.length ? (
              <Descriptions.Item label={t('content.feedback.images')}>
                <div className="feedback-detail__images">
                  {item.images.map((image, index) => (
                    <a key={image.lgcSn} href={image.url} target="_blank" rel="noopener noreferrer">
                      <img
                        src={image.url}
                        alt={t('content.feedback.imageAlt', {
                          index: index + 1,
                          name: image.name,
                          size: formatFileSize(image.size),
                        })}
                      />
                    </a>
                  ))}
                </div>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <h2 className="form-section-title" style={{ marginTop: 24 }}>
            {t('content.feedback.answerTitle')}
          </h2>
          {item.answer ? (
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('content.feedback.answer')}>
                <div className="feedback-detail__text">{item.answer}</div>
              </Descriptions.Item>
              <Descriptions.Item label={t('content.feedback.answeredBy')}>
                {[item.answeredBy, formatTime(item.answeredAt)].filter(Boolean).join(' · ')}
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Form form={form} layout="vertical" initialValues={{ answer: '' }}>
              <Form.Item
                name="answer"
                label={t('content.feedback.answerLabel', { email: item.emailAdr })}
                required
                extra={t('content.feedback.answerHint')}
                rules={[schemaRule(ZFeedbackAnswer, ['answer'])]}
              >
                <Input.TextArea rows={6} showCount maxLength={CONTENT_LIMITS.answer} />
              </Form.Item>
              <Button
                type="primary"
                loading={sending}
                onClick={async () => {
                  if (!(await check())) return;
                  modal.confirm({
                    title: t('content.feedback.confirmTitle'),
                    content: t('content.feedback.confirmText', { email: item.emailAdr }),
                    okText: t('content.feedback.send'),
                    cancelText: t('content.actions.cancel'),
                    onOk: () => send(),
                  });
                }}
              >
                {t('content.feedback.send')}
              </Button>
            </Form>
          )}
        </>
      ) : null}
    </Drawer>
  );
}

import { ZFeedbackAnswer } from '@portal/shared/schemas/content';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/time-cells.ts';
import { ExportButton } from '../../../features/backoffice/ExportButton.tsx';
import {
  answerFeedback,
  contentAdminKeys,
  type FeedbackItem,
  fetchFeedback,
} from '../../../features/content-admin/content-admin-api.ts';
import { ReplyInbox, type ReplyInboxTexts } from '../../../features/content-admin/ReplyInbox.tsx';
import { formatFileSize } from '../../../features/files/files-api.ts';

/** /backend/content/feedback: visitors' feedback, waiting ones first; read it and answer by e-mail. */
export function FeedbackPage() {
  const { t } = useTranslation('backoffice');
  const feedbackDetails = useFeedbackDetails();
  return (
    <ReplyInbox<FeedbackItem, 'answer'>
      queryKey={contentAdminKeys.feedback}
      allKey={contentAdminKeys.feedbackAll}
      fetchList={fetchFeedback}
      sendReply={answerFeedback}
      field="answer"
      actions={(filter) => (
        <ExportButton
          path="/api/backend/feedback/export"
          filters={{ answered: filter === 'all' ? null : filter === 'answered' ? '1' : '0' }}
        />
      )}
      schema={ZFeedbackAnswer}
      sentReply={(item) => (item.answer ? { text: item.answer, by: item.answeredBy, at: item.answeredAt } : null)}
      columns={[
        {
          key: 'text',
          title: t('content.feedback.text'),
          render: (_, item) => (
            <div className="cell-stack">
              <span>{item.text.length > 120 ? `${item.text.slice(0, 120)}…` : item.text}</span>
              {item.images.length ? (
                <span className="cell-stack__sub">
                  {t('content.feedback.imageCount', { count: item.images.length })}
                </span>
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
      ]}
      details={feedbackDetails}
      texts={useFeedbackTexts()}
    />
  );
}

/** The inbox's texts for feedback. */
function useFeedbackTexts(): ReplyInboxTexts<FeedbackItem> {
  const { t } = useTranslation('backoffice');
  return {
    title: t('content.feedback.title'),
    intro: t('content.feedback.intro'),
    filters: {
      waiting: t('content.feedback.filters.waiting'),
      answered: t('content.feedback.filters.answered'),
      all: t('content.feedback.filters.all'),
    },
    filtersLabel: t('content.filters.label'),
    loadFailed: t('content.loadFailed'),
    empty: t('content.feedback.empty'),
    emptyWaiting: t('content.feedback.emptyWaiting'),
    receivedAt: t('content.feedback.receivedAt'),
    waiting: t('content.feedback.waiting'),
    replied: t('content.feedback.answered'),
    read: t('content.feedback.read'),
    reply: t('content.feedback.answer'),
    openFor: (item) => t('content.feedback.readFor', { email: item.emailAdr, time: formatTime(item.createdAt) }),
    detailTitle: t('content.feedback.detailTitle'),
    replyTitle: t('content.feedback.answerTitle'),
    repliedBy: t('content.feedback.answeredBy'),
    replyLabel: (item) => t('content.feedback.answerLabel', { email: item.emailAdr }),
    replyHint: t('content.feedback.answerHint'),
    confirmTitle: t('content.feedback.confirmTitle'),
    confirmText: (item) => t('content.feedback.confirmText', { email: item.emailAdr }),
    send: t('content.feedback.send'),
    cancel: t('content.actions.cancel'),
    sent: (item) => t('content.feedback.sent', { email: item.emailAdr }),
  };
}

/**
 * The detail rows of one feedback. A function, not a component: Descriptions reads its items
 * from its children, so the rows must reach it as Descriptions.Item elements.
 */
function useFeedbackDetails() {
  const { t } = useTranslation('backoffice');
  return (item: FeedbackItem) => (
    <>
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
    </>
  );
}

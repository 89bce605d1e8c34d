import { ZLeaveMessageReply } from '@portal/shared/schemas/content';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/time-cells.ts';
import {
  contentAdminKeys,
  fetchLeaveMessages,
  type LeaveMessageItem,
  replyLeaveMessage,
} from '../../../features/content-admin/content-admin-api.ts';
import { ReplyInbox, type ReplyInboxTexts } from '../../../features/content-admin/ReplyInbox.tsx';

/**
 * /backend/content/leaveMessages: the messages signed-in users leave on /about, waiting ones
 * first; read one (who, institution, when) and reply once by e-mail.
 */
export function LeaveMessagesPage() {
  const { t } = useTranslation('backoffice');
  return (
    <ReplyInbox<LeaveMessageItem, 'reply'>
      queryKey={contentAdminKeys.leaveMessages}
      allKey={contentAdminKeys.leaveMessagesAll}
      fetchList={fetchLeaveMessages}
      sendReply={replyLeaveMessage}
      field="reply"
      schema={ZLeaveMessageReply}
      sentReply={(item) => (item.repliedAt ? { text: item.reply, by: item.repliedBy, at: item.repliedAt } : null)}
      columns={[
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
      ]}
      details={(item) => (
        <>
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
        </>
      )}
      texts={useLeaveMessageTexts()}
    />
  );
}

/** The inbox's texts for left messages. */
function useLeaveMessageTexts(): ReplyInboxTexts<LeaveMessageItem> {
  const { t } = useTranslation('backoffice');
  return {
    title: t('leaveMessages.title'),
    intro: t('leaveMessages.intro'),
    filters: {
      waiting: t('leaveMessages.filters.waiting'),
      answered: t('leaveMessages.filters.answered'),
      all: t('leaveMessages.filters.all'),
    },
    filtersLabel: t('leaveMessages.filters.label'),
    loadFailed: t('leaveMessages.loadFailed'),
    empty: t('leaveMessages.empty'),
    emptyWaiting: t('leaveMessages.emptyWaiting'),
    receivedAt: t('leaveMessages.receivedAt'),
    waiting: t('leaveMessages.waiting'),
    replied: t('leaveMessages.replied'),
    read: t('leaveMessages.read'),
    reply: t('leaveMessages.reply'),
    openFor: (item) => t('leaveMessages.readFor', { name: item.userName, time: formatTime(item.createdAt) }),
    detailTitle: t('leaveMessages.detailTitle'),
    replyTitle: t('leaveMessages.replyTitle'),
    repliedBy: t('leaveMessages.repliedBy'),
    replyLabel: (item) => t('leaveMessages.replyLabel', { name: item.userName }),
    replyHint: t('leaveMessages.replyHint'),
    confirmTitle: t('leaveMessages.confirmTitle'),
    confirmText: (item) => t('leaveMessages.confirmText', { email: item.emailAdr }),
    send: t('leaveMessages.send'),
    cancel: t('leaveMessages.cancel'),
    sent: (item) => t('leaveMessages.sent', { email: item.emailAdr }),
  };
}

import type { Locale } from '@portal/shared';
import { CONTENT_LIMITS, type TLeaveMessage, ZLeaveMessageInput } from '@portal/shared/schemas/content';
import { Button, Form, Input, Pagination } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule, TEXT_VALIDATE_TRIGGER } from '../../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../../lib/forms/useSchemaSubmit.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { showToast } from '../../../lib/notify.ts';
import { formatContentDate } from '../ui/format.ts';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../ui/states.tsx';
import { LEAVE_MESSAGE_PAGE_SIZE, useLeaveMessages, useSaveLeaveMessage } from './leave-message-api.ts';

type Values = { content: string };

/** The message's text box, checked against the shared schema. */
function MessageContentItem() {
  const { t } = useTranslation('content');
  return (
    <Form.Item
      name="content"
      label={t('leaveMessage.content')}
      required
      validateTrigger={TEXT_VALIDATE_TRIGGER}
      rules={[schemaRule(ZLeaveMessageInput, 'content')]}
    >
      <Input.TextArea
        rows={5}
        maxLength={CONTENT_LIMITS.leaveMessage}
        showCount
        placeholder={t('leaveMessage.placeholder', { max: CONTENT_LIMITS.leaveMessage })}
      />
    </Form.Item>
  );
}

/** One earlier message: its text, date, whether answered, and the bank's reply. */
function LeaveMessageItem({ message, locale }: { message: TLeaveMessage; locale: Locale }) {
  const { t } = useTranslation('content');
  return (
    <li className="leave-message__item">
      <p>{message.content}</p>
      <div className="leave-message__meta">
        <time dateTime={message.createdAt}>{formatContentDate(message.createdAt, locale)}</time>
        <span className="content-tag">{message.reply ? t('leaveMessage.replied') : t('leaveMessage.waiting')}</span>
      </div>
      {message.reply ? (
        <div className="leave-message__reply">
          <strong>{t('leaveMessage.reply')}</strong>
          <p>{message.reply}</p>
        </div>
      ) : null}
    </li>
  );
}

/**
 * An active user's message form and earlier messages with the bank's replies (LeaveMessagePanel
 * loads it, and antd's form with it, only for such a user: a visitor's /about does not download it).
 */
export function LeaveMessageForm() {
  const { t } = useTranslation('content');
  const { locale } = useLocale();
  const [pageNo, setPageNo] = useState(1);
  const messages = useLeaveMessages(pageNo, true);
  const save = useSaveLeaveMessage();
  const [form] = Form.useForm<Values>();

  const { submit } = useSchemaSubmit(
    form,
    ZLeaveMessageInput,
    async (body) => {
      await save.mutateAsync(body.content);
      form.resetFields();
      setPageNo(1);
      showToast({ type: 'success', content: t('leaveMessage.success') });
    },
    { checkRules: true },
  );

  return (
    <div className="leave-message">
      <Form<Values> form={form} layout="vertical" name="leave-message" onFinish={() => void submit()}>
        <MessageContentItem />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('leaveMessage.submit')}
        </Button>
      </Form>
      <div className="leave-message__history">
        <h3 className="content-card__title">{t('leaveMessage.history')}</h3>
        {messages.isPending ? <LoadingBlock lines={3} /> : null}
        {messages.isError ? <ErrorBlock onRetry={() => void messages.refetch()} /> : null}
        {messages.data && messages.data.total === 0 ? <EmptyBlock text={t('leaveMessage.empty')} /> : null}
        {messages.data?.list.length ? (
          <ul className="leave-message__history">
            {messages.data.list.map((message) => (
              <LeaveMessageItem key={message.lgcSn} message={message} locale={locale} />
            ))}
          </ul>
        ) : null}
        {messages.data && messages.data.total > LEAVE_MESSAGE_PAGE_SIZE ? (
          <Pagination
            size="small"
            current={pageNo}
            pageSize={LEAVE_MESSAGE_PAGE_SIZE}
            total={messages.data.total}
            onChange={setPageNo}
            showSizeChanger={false}
          />
        ) : null}
      </div>
    </div>
  );
}

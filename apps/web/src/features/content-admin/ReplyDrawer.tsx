import { CONTENT_LIMITS } from '@portal/shared/schemas/content';
import { Button, Descriptions, Drawer, Form, type FormInstance, Input, Modal } from 'antd';
import type { z } from 'zod';
import { DRAWER_BODY_STYLES, DrawerScrollRegion } from '../../components/DrawerScrollRegion.tsx';
import { formatTime } from '../../components/time-cells.ts';
import { fieldsAreValid, schemaRule, validateForm } from '../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { showToast } from '../../lib/notify.ts';
import type { ReplyInboxItem, ReplyInboxProps, ReplyInboxTexts, SentReply } from './ReplyInbox.tsx';

/** An inbox item to read, with its reply: the one sent, or the form to send one. */
export function ReplyDrawer<T extends ReplyInboxItem, K extends string>({
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
              <SentReplyView sent={sent} texts={texts} />
            ) : (
              <ReplyForm {...{ item, form, field, schema, texts, sending, send, modal }} />
            )}
          </>
        ) : null}
      </DrawerScrollRegion>
    </Drawer>
  );
}

function SentReplyView<T>({ sent, texts }: { sent: SentReply; texts: ReplyInboxTexts<T> }) {
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={texts.reply}>
        <div className="feedback-detail__text">{sent.text}</div>
      </Descriptions.Item>
      <Descriptions.Item label={texts.repliedBy}>
        {[sent.by, formatTime(sent.at)].filter(Boolean).join(' · ')}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The reply's text, sent after a confirmation. */
function ReplyForm<T extends ReplyInboxItem, K extends string>({
  item,
  form,
  field,
  schema,
  texts,
  sending,
  send,
  modal,
}: {
  item: T;
  form: FormInstance<Record<string, string>>;
  field: K;
  schema: z.ZodType<Record<K, string>>;
  texts: ReplyInboxTexts<T>;
  sending: boolean;
  send: () => Promise<unknown>;
  modal: ReturnType<typeof Modal.useModal>[0];
}) {
  const check = async () =>
    (await fieldsAreValid(form)) && validateForm(form, schema, form.getFieldsValue(true)) !== null;
  return (
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
  );
}

import { COOPERATION_LIMITS, ZSendIntentionRequest } from '@portal/shared/schemas/cooperation';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule, TEXT_VALIDATE_TRIGGER } from '../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { showToast } from '../../lib/notify.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { sendIntention } from './cooperation-api.ts';

type IntentionDialogProps = {
  requestLgcSn: string;
  requestName: string;
  institution: string;
  onClose: () => void;
  onSent: () => void;
};

type FormValues = { message: string };

/**
 * The cooperation-intention form (SPEC §2 dialogs): a message to the publishing institution,
 * checked against `ZSendIntentionRequest` as the server checks it. One intention per institution
 * and request, so the dialog says it cannot be withdrawn.
 */
export function IntentionDialog({ requestLgcSn, requestName, institution, onClose, onSent }: IntentionDialogProps) {
  const { t } = useTranslation('cooperation');
  const [form] = Form.useForm<FormValues>();
  // The page mounts this dialog to open it: the focus goes to the message, and back to the
  // opening button when the dialog goes.
  useReturnFocus();
  const withRequest = (values: Record<string, unknown>) => ({ ...values, requestLgcSn });
  const { submit, saving: sending } = useSchemaSubmit(
    form,
    ZSendIntentionRequest,
    async (data) => {
      await sendIntention(data);
      showToast({ type: 'success', content: t('intention.sent', { institution }) });
      onSent();
    },
    { prepare: withRequest },
  );

  return (
    <Modal
      open
      title={t('intention.title')}
      okText={t('intention.submit')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ loading: sending }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      width={600}
    >
      <p className="intention-dialog__about">{t('intention.about', { name: requestName, institution })}</p>
      <Form<FormValues> form={form} layout="vertical" initialValues={{ message: '' }} requiredMark>
        <Form.Item
          name="message"
          label={t('intention.message')}
          required
          validateTrigger={TEXT_VALIDATE_TRIGGER}
          rules={[schemaRule(ZSendIntentionRequest, 'message', withRequest)]}
          extra={t('intention.messageHint')}
        >
          <Input.TextArea
            rows={6}
            showCount
            maxLength={COOPERATION_LIMITS.intentionMessage}
            placeholder={t('intention.placeholder')}
            autoFocus
          />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon title={t('intention.once')} />
    </Modal>
  );
}

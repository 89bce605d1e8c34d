import { type TReviewDecision, ZReviewDecision } from '@portal/shared/schemas/accounts';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  decideRegistration,
  type RegistrationDetail,
  type RegistrationSummary,
} from '../../features/backoffice/backoffice-api.ts';
import { schemaRule } from '../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';

export type Decision = TReviewDecision['decision'];

/**
 * Confirms a review decision (approve, reject, ask for more information) with its note: the
 * note is required to reject or ask for more (it is e-mailed to the applicant and shown to them
 * when they log in), optional to approve.
 */
export function DecisionDialog({
  decision,
  registration,
  onClose,
  onDecided,
}: {
  decision: Decision;
  registration: RegistrationSummary;
  onClose: () => void;
  onDecided: (detail: RegistrationDetail, decision: Decision) => void;
}) {
  const { t } = useTranslation('backoffice');
  // Its page mounts it to open and unmounts it to close: the focus goes back to the opener.
  useReturnFocus();
  const [form] = Form.useForm<{ note?: string }>();
  const withDecision = (values: Record<string, unknown>) => ({ ...values, decision });
  const { submit: confirm, saving } = useSchemaSubmit(
    form,
    ZReviewDecision,
    async (body) => onDecided(await decideRegistration(registration.lgcSn, body), decision),
    { prepare: withDecision },
  );

  const who = { name: registration.usrNm, institution: registration.instNm ?? registration.emailAdr };
  return (
    <Modal
      open
      title={t(`decision.${decision}.title`)}
      okText={t(`decision.${decision}.confirm`)}
      okButtonProps={{ danger: decision === 'reject', loading: saving }}
      cancelText={t('decision.cancel')}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      <p className="decision-dialog__text">{t(`decision.${decision}.text`, who)}</p>
      <Form form={form} layout="vertical" name="reviewDecision" onFinish={() => void confirm()}>
        <Form.Item
          name="note"
          label={decision === 'approve' ? t('decision.noteOptional') : t('decision.noteRequired')}
          required={decision !== 'approve'}
          rules={[schemaRule(ZReviewDecision, 'note', withDecision)]}
          extra={t(`decision.${decision}.noteHint`)}
        >
          <Input.TextArea maxLength={500} showCount rows={4} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import '../../components/list-page.css';
import type { TSealItem } from '@portal/shared/schemas/seals';
import { Alert, Form, type FormInstance, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { CODE_LENGTH, CodeField } from './CodeField.tsx';
import { cancelSeal, sendCancelCode } from './seals-api.ts';

/** Wrong or expired codes are shown on the code field. */
const CODE_ERRORS = new Set(['PRT_CODE_INCORRECT', 'PRT_CODE_EXPIRED', 'PRT_CODE_EMPTY']);

type CancelSealDialogProps = { seal: TSealItem; onClose: () => void; onCancelled: (seal: TSealItem) => void };

/** Cancels the seal with the code given; a wrong or expired code is shown on its field. */
function canceller(
  form: FormInstance<{ code?: string }>,
  seal: TSealItem,
  setSaving: (saving: boolean) => void,
  onCancelled: (seal: TSealItem) => void,
) {
  return async () => {
    let code: string;
    try {
      code = String((await form.validateFields()).code ?? '').trim();
    } catch {
      return;
    }
    setSaving(true);
    try {
      onCancelled(await cancelSeal(seal.lgcSn, code));
    } catch (error) {
      // The API client has shown why; a wrong or expired code is also shown on its field.
      if (isApiError(error) && CODE_ERRORS.has(error.code)) form.setFields([{ name: 'code', errors: [error.message] }]);
    } finally {
      setSaving(false);
    }
  };
}

/**
 * Cancels an effective seal (its applicant only): explains what follows (the seal can no longer
 * stamp and its certificate is revoked), sends the applicant an e-mailed code, with the 60 s wait
 * before another, and cancels once the code is given.
 */
export function CancelSealDialog({ seal, onClose, onCancelled }: CancelSealDialogProps) {
  const { t } = useTranslation('seals');
  // Its page mounts it to open and unmounts it to close: the focus goes back to the opener.
  useReturnFocus();
  const [form] = Form.useForm<{ code?: string }>();
  const [saving, setSaving] = useState(false);
  const [sent, setSent] = useState(false);

  const send = async () => {
    const { resendAfterSeconds } = await sendCancelCode(seal.lgcSn);
    setSent(true);
    return resendAfterSeconds;
  };

  const confirm = canceller(form, seal, setSaving, onCancelled);

  const name = { name: seal.sealName, sealNo: seal.sealNo };
  return (
    <Modal
      open
      title={t('cancel.title', name)}
      okText={t('cancel.confirm')}
      okButtonProps={{ danger: true, loading: saving }}
      cancelText={t('cancel.keep')}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <div className="confirm-dialog__text">
        <p>{t('cancel.text', name)}</p>
        <Alert type="warning" showIcon title={t('cancel.consequence')} />
        <p>{t('cancel.codeHint')}</p>
      </div>
      <Form form={form} layout="vertical" name="sealCancel" onFinish={() => void confirm()}>
        <Form.Item
          name="code"
          label={t('cancel.code')}
          required
          rules={[
            { required: true, whitespace: true, message: t('cancel.codeRequired') },
            { max: CODE_LENGTH, message: t('cancel.codeLength', { length: CODE_LENGTH }) },
          ]}
          extra={sent ? t('cancel.codeSent') : undefined}
        >
          <CodeField onSend={send} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

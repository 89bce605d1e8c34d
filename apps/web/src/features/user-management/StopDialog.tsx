import { ZStopRequest } from '@portal/shared/schemas/user-management';
import { Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error.ts';
import { applyServerErrors, schemaRule, validateForm } from '../../lib/forms/schema-form.ts';

/**
 * Confirms stopping an account or an institution, with the reason (required, recorded in the
 * audit log). `onConfirm` sends it; a rejection leaves the dialog open (the toast said why).
 */
export function StopDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<{ reason?: string }>();
  const [saving, setSaving] = useState(false);

  const confirm = async () => {
    const body = validateForm(form, ZStopRequest, form.getFieldsValue(true));
    if (!body) return;
    setSaving(true);
    try {
      await onConfirm(body.reason);
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={confirmLabel}
      okButtonProps={{ danger: true, loading: saving }}
      cancelText={t('actions.cancel')}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      <div className="confirm-dialog__text">{text}</div>
      <Form form={form} layout="vertical" name="stopReason" onFinish={() => void confirm()}>
        <Form.Item
          name="reason"
          label={t('stop.reason')}
          required
          rules={[schemaRule(ZStopRequest, 'reason')]}
          extra={t('stop.reasonHint')}
        >
          <Input.TextArea maxLength={500} showCount rows={3} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

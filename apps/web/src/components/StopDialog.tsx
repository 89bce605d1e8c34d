import './list-page.css';
import { ZStopRequest } from '@portal/shared/schemas/user-management';
import { Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../lib/forms/useSchemaSubmit.ts';
import { useReturnFocus } from '../lib/useReturnFocus.ts';

/**
 * Confirms stopping something (an account, an institution, a published request) with the
 * reason (required, recorded in the audit log). `onConfirm` sends it; a rejection leaves the
 * dialog open (the toast said why).
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
  // Its page mounts it to open and unmounts it to close: the focus goes back to the opener.
  useReturnFocus();
  const [form] = Form.useForm<{ reason?: string }>();
  const { submit, saving } = useSchemaSubmit(form, ZStopRequest, (body) => onConfirm(body.reason));

  return (
    <Modal
      open
      title={title}
      okText={confirmLabel}
      okButtonProps={{ danger: true, loading: saving }}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      <div className="confirm-dialog__text">{text}</div>
      <Form form={form} layout="vertical" name="stopReason" onFinish={() => void submit()}>
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

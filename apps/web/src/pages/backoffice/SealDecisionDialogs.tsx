import { SEAL_LIMITS, type TSealReviewItem, ZSealRejectRequest } from '@portal/shared/schemas/seals';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { approveSeal, rejectSeal } from '../../features/seals/seals-api.ts';
import { schemaRule } from '../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';

type DialogProps = { seal: TSealReviewItem; onClose: () => void; onDecided: (seal: TSealReviewItem) => void };

/** Approving issues the seal's certificate: the reviewer confirms first. */
export function ApproveDialog({ seal, onClose, onDecided }: DialogProps) {
  const { t } = useTranslation('seals');
  // Mounted to open, unmounted to close: the focus goes back to the opener.
  useReturnFocus();
  const [saving, setSaving] = useState(false);
  const approve = async () => {
    setSaving(true);
    try {
      onDecided(await approveSeal(seal.lgcSn));
    } catch {
      // The API client has shown why; the dialog stays.
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog
      title={t('review.approve.title')}
      okText={t('review.approve.confirm')}
      cancelText={t('review.cancel')}
      saving={saving}
      onOk={() => void approve()}
      onClose={onClose}
      width={520}
    >
      <p className="decision-dialog__text">
        {t('review.approve.text', {
          name: seal.sealName,
          institution: seal.institutionName,
          count: seal.periodMonths,
        })}
      </p>
    </FormDialog>
  );
}

/** Rejecting needs a reason: it is e-mailed to the applicant and shown with the seal. */
export function RejectDialog({ seal, onClose, onDecided }: DialogProps) {
  const { t } = useTranslation('seals');
  // Mounted to open, unmounted to close: the focus goes back to the opener.
  useReturnFocus();
  const [form] = Form.useForm<{ reason?: string }>();
  const { submit, saving } = useSchemaSubmit(form, ZSealRejectRequest, async (body) =>
    onDecided(await rejectSeal(seal.lgcSn, body.reason)),
  );
  return (
    <FormDialog
      title={t('review.reject.title')}
      okText={t('review.reject.confirm')}
      cancelText={t('review.cancel')}
      saving={saving}
      danger
      onOk={() => void submit()}
      onClose={onClose}
      width={520}
    >
      <p className="decision-dialog__text">
        {t('review.reject.text', { name: seal.sealName, institution: seal.institutionName })}
      </p>
      <Form form={form} layout="vertical" name="sealReject" onFinish={() => void submit()}>
        <Form.Item
          name="reason"
          label={t('review.reject.reason')}
          required
          rules={[schemaRule(ZSealRejectRequest, 'reason')]}
          extra={t('review.reject.reasonHint')}
        >
          <Input.TextArea maxLength={SEAL_LIMITS.rejectReason} showCount rows={4} autoFocus />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

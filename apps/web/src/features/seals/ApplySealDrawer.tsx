import './seals.css';
import { SEAL_LIMITS, SEAL_PERIOD_MONTHS, type TSealItem } from '@portal/shared/schemas/seals';
import { Button, Checkbox, Drawer, Form, Input, InputNumber, Select } from 'antd';
import { Trans } from 'react-i18next';
import { FormErrorSummary } from '../../components/FormErrorSummary.tsx';
import { toFieldPath } from '../../lib/forms/schema-form.ts';
import { AuthorizationFileField } from './AuthorizationFileField.tsx';
import { FORM_NAME } from './apply-seal-form.ts';
import { ESignatureAgreementDialog } from './ESignatureAgreementDialog.tsx';
import { SealImageField } from './SealImageField.tsx';
import { type ApplySealState, useApplySeal } from './useApplySeal.ts';

export type ApplyValues = {
  sealName?: string;
  imageFile?: string;
  periodMonths?: number | null;
  reason?: string;
  authorizationFile?: string;
  approverBranch?: string;
  agreementAccepted?: boolean;
};

/**
 * "Apply for a seal": name, image (chosen or generated), period, reason, authorization agreement,
 * approver branch and the e-signature agreement, checked against the contract's schema live and
 * on submit. An incomplete form says "Please complete the application information" and lists
 * what is missing; the server's field errors land on their fields. Closing a half-filled form,
 * or leaving the page, asks first.
 */
export function ApplySealDrawer({
  institutionName,
  onClose,
  onApplied,
}: {
  institutionName: string;
  onClose: () => void;
  onApplied: (seal: TSealItem) => void;
}) {
  const state = useApplySeal(onClose, onApplied);
  const { t, form, unsaved, summary, attempt } = state;
  return (
    <Drawer
      open
      onClose={state.close}
      size={720}
      title={t('apply.title')}
      destroyOnHidden
      className="seal-apply"
      footer={<ApplyFooter state={state} />}
    >
      {unsaved.holder}
      <p className="form-intro">
        {institutionName ? t('apply.intro', { institution: institutionName }) : t('apply.introPlain')}
      </p>
      <FormErrorSummary
        items={summary}
        attempt={attempt}
        headingLevel={3}
        title={t('apply.incomplete')}
        onSelect={(key) => form.scrollToField(toFieldPath(key), { block: 'center', focus: true })}
      />
      <Form<ApplyValues>
        form={form}
        name={FORM_NAME}
        layout="vertical"
        requiredMark
        onValuesChange={state.onValuesChange}
        onFieldsChange={state.onFieldsChange}
        onFinish={() => void state.submit()}
      >
        <SealFields state={state} institutionName={institutionName} />
        <ApprovalFields state={state} />
      </Form>
      {state.readingAgreement ? (
        <ESignatureAgreementDialog onAccept={state.acceptAgreement} onClose={state.closeAgreement} />
      ) : null}
    </Drawer>
  );
}

function ApplyFooter({ state: { t, saving, close, submit } }: { state: ApplySealState }) {
  return (
    <div className="drawer-actions">
      <span className="drawer-actions__hint">{t('apply.footerHint')}</span>
      <div className="dialog-actions">
        <Button onClick={close} disabled={saving}>
          {t('apply.cancel')}
        </Button>
        <Button type="primary" onClick={() => void submit()} loading={saving}>
          {t('apply.submit')}
        </Button>
      </div>
    </div>
  );
}

/** The seal itself: its name, image, period and the reason for it. */
function SealFields({ state, institutionName }: { state: ApplySealState; institutionName: string }) {
  const { t, rule, sealName } = state;
  return (
    <>
      <Form.Item
        name="sealName"
        label={t('apply.sealName')}
        required
        rules={[rule('sealName')]}
        extra={t('apply.sealNameHint')}
      >
        <Input maxLength={SEAL_LIMITS.name} showCount placeholder={t('apply.sealNamePlaceholder')} />
      </Form.Item>
      <Form.Item name="imageFile" label={t('apply.image')} required rules={[rule('imageFile')]}>
        <SealImageField
          institutionName={institutionName}
          caption={typeof sealName === 'string' ? sealName : undefined}
          onBusyChange={state.busyOf('imageFile')}
          onProblem={state.setFieldProblem('imageFile')}
        />
      </Form.Item>
      <Form.Item
        name="periodMonths"
        label={t('apply.period')}
        required
        rules={[rule('periodMonths')]}
        extra={t('apply.periodHint', { min: SEAL_PERIOD_MONTHS.min, max: SEAL_PERIOD_MONTHS.max })}
      >
        <InputNumber
          min={SEAL_PERIOD_MONTHS.min}
          max={SEAL_PERIOD_MONTHS.max}
          precision={0}
          suffix={t('apply.months')}
          className="seal-apply__period"
        />
      </Form.Item>
      <Form.Item name="reason" label={t('apply.reason')} required rules={[rule('reason')]}>
        <Input.TextArea maxLength={SEAL_LIMITS.reason} showCount rows={3} placeholder={t('apply.reasonPlaceholder')} />
      </Form.Item>
    </>
  );
}

/** The authorization agreement, the approving branch and the e-signature agreement. */
function ApprovalFields({ state }: { state: ApplySealState }) {
  const { t, rule } = state;
  return (
    <>
      <Form.Item
        name="authorizationFile"
        label={t('apply.authorization')}
        required
        rules={[rule('authorizationFile')]}
        extra={t('apply.authorizationHint')}
      >
        <AuthorizationFileField
          onBusyChange={state.busyOf('authorizationFile')}
          onProblem={state.setFieldProblem('authorizationFile')}
        />
      </Form.Item>
      <Form.Item
        name="approverBranch"
        label={t('apply.approver')}
        required
        rules={[rule('approverBranch')]}
        extra={t('apply.approverHint')}
      >
        <Select
          allowClear
          options={state.branches}
          placeholder={t('apply.approverPlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item name="agreementAccepted" valuePropName="checked" rules={[rule('agreementAccepted')]}>
        <Checkbox>
          <Trans
            t={t}
            i18nKey="apply.agreement"
            components={{
              agreementLink: <button type="button" className="link-button" onClick={state.openAgreement} />,
            }}
          />
        </Checkbox>
      </Form.Item>
    </>
  );
}

import './seals.css';
import { SEAL_LIMITS, SEAL_PERIOD_MONTHS, type TSealItem, ZSealApplyRequest } from '@portal/shared/schemas/seals';
import { Button, Checkbox, Drawer, Form, type FormRule, Input, InputNumber, Select } from 'antd';
import { type MouseEvent, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { FormErrorSummary, type FormErrorSummaryItem } from '../../components/FormErrorSummary.tsx';
import { isApiError } from '../../lib/api/api-error.ts';
import { applyServerErrors, checkWithSchema, pathKey, schemaRule, toFieldPath } from '../../lib/forms/schema-form.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { showToast } from '../../lib/notify.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { branchOptionGroups } from '../accounts/profile/profile-options.ts';
import { useUnsavedChanges } from '../accounts/useUnsavedChanges.ts';
import { AuthorizationFileField } from './AuthorizationFileField.tsx';
import { FIELDS, type Field, FORM_NAME, SERVER_ERROR_FIELDS, toApplyRequest } from './apply-seal-form.ts';
import { ESignatureAgreementDialog } from './ESignatureAgreementDialog.tsx';
import { SealImageField } from './SealImageField.tsx';
import { applyForSeal } from './seals-api.ts';

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
  const { t } = useTranslation('seals');
  // Its page mounts it to open and unmounts it to close: the focus goes back to the opener.
  useReturnFocus();
  const { locale } = useLocale();
  const [form] = Form.useForm<ApplyValues>();
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const [saving, setSaving] = useState(false);
  const [uploads, setUploads] = useState<Record<string, boolean>>({});
  const [summary, setSummary] = useState<FormErrorSummaryItem[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [readingAgreement, setReadingAgreement] = useState(false);
  const sealName = Form.useWatch('sealName', form);
  const uploading = Object.values(uploads).some(Boolean);

  const branches = useMemo(
    () => branchOptionGroups(locale, { overseas: t('apply.branchOverseas'), domestic: t('apply.branchDomestic') }),
    [locale, t],
  );

  const agreementMessage = t('apply.agreementRequired');
  const rule = (field: Field): FormRule =>
    field === 'agreementAccepted'
      ? { validator: async (_, value) => (value === true ? undefined : Promise.reject(new Error(agreementMessage))) }
      : schemaRule(ZSealApplyRequest, field, toApplyRequest);

  /** The errors the form shows now, in the form's order (the summary's lines). */
  const currentErrors = (): FormErrorSummaryItem[] =>
    form
      .getFieldsError(FIELDS.map((field) => [field]))
      .filter((field) => field.errors.length > 0)
      .map((field) => ({
        key: pathKey(field.name),
        message: field.errors[0] ?? '',
        targetId: `${FORM_NAME}_${field.name.join('_')}`,
      }));
  const showSummary = () => {
    const errors = currentErrors();
    setSummary(errors);
    if (errors.length) setAttempt((value) => value + 1);
  };

  const setFieldProblem = (field: Field) => (message: string | null) =>
    form.setFields([{ name: field, errors: message ? [message] : [] }]);
  const busyOf = (field: Field) => (busy: boolean) =>
    setUploads((current) => (current[field] === busy ? current : { ...current, [field]: busy }));

  const submit = async () => {
    if (uploading) {
      showToast({ type: 'info', content: t('apply.waitForUploads') });
      return;
    }
    const check = checkWithSchema(ZSealApplyRequest, toApplyRequest(form.getFieldsValue(true)));
    const messages = new Map(
      check.errors.map((error) => [
        pathKey(error.name),
        error.name[0] === 'agreementAccepted' ? [agreementMessage] : error.errors,
      ]),
    );
    form.setFields(FIELDS.map((field) => ({ name: field, errors: messages.get(field) ?? [] })));
    if (!check.success) {
      showSummary();
      showToast({ type: 'warning', content: t('apply.incomplete') });
      const first = check.errors[0];
      if (first) form.scrollToField(first.name, { block: 'center', focus: true });
      return;
    }
    setSaving(true);
    try {
      const seal = await applyForSeal(check.data);
      setDirty(false);
      unsaved.allowLeave();
      onApplied(seal);
    } catch (error) {
      const field = isApiError(error) ? SERVER_ERROR_FIELDS[error.code] : undefined;
      if (field && isApiError(error)) form.setFields([{ name: field, errors: [error.message] }]);
      applyServerErrors(form, error);
      showSummary();
    } finally {
      setSaving(false);
    }
  };

  const close = () => unsaved.confirmDiscard(onClose);
  const openAgreement = (event: MouseEvent) => {
    // The link sits in the checkbox's label: reading is not accepting.
    event.preventDefault();
    event.stopPropagation();
    setReadingAgreement(true);
  };
  const acceptAgreement = () => {
    form.setFieldsValue({ agreementAccepted: true });
    setDirty(true);
    void form.validateFields(['agreementAccepted']).catch(() => undefined);
    setReadingAgreement(false);
  };

  return (
    <Drawer
      open
      onClose={close}
      size={720}
      title={t('apply.title')}
      destroyOnHidden
      className="seal-apply"
      footer={
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
      }
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
        onValuesChange={() => {
          if (!dirty) setDirty(true);
        }}
        // Once shown, the summary follows the fields: a corrected field leaves it.
        onFieldsChange={() => {
          if (summary.length) setSummary(currentErrors());
        }}
        onFinish={() => void submit()}
      >
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
            onBusyChange={busyOf('imageFile')}
            onProblem={setFieldProblem('imageFile')}
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
          <Input.TextArea
            maxLength={SEAL_LIMITS.reason}
            showCount
            rows={3}
            placeholder={t('apply.reasonPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="authorizationFile"
          label={t('apply.authorization')}
          required
          rules={[rule('authorizationFile')]}
          extra={t('apply.authorizationHint')}
        >
          <AuthorizationFileField
            onBusyChange={busyOf('authorizationFile')}
            onProblem={setFieldProblem('authorizationFile')}
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
            options={branches}
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
                agreementLink: <button type="button" className="link-button" onClick={openAgreement} />,
              }}
            />
          </Checkbox>
        </Form.Item>
      </Form>
      {readingAgreement ? (
        <ESignatureAgreementDialog onAccept={acceptAgreement} onClose={() => setReadingAgreement(false)} />
      ) : null}
    </Drawer>
  );
}

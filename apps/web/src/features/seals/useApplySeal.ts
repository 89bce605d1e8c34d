import { type TSealItem, ZSealApplyRequest } from '@portal/shared/schemas/seals';
import { Form, type FormInstance, type FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { type Dispatch, type MouseEvent, type SetStateAction, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormErrorSummaryItem } from '../../components/FormErrorSummary.tsx';
import { isApiError } from '../../lib/api/api-error.ts';
import { applyServerErrors, checkWithSchema, pathKey, schemaRule } from '../../lib/forms/schema-form.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { showToast } from '../../lib/notify.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { branchOptionGroups } from '../accounts/profile/profile-options.ts';
import { useUnsavedChanges } from '../accounts/useUnsavedChanges.ts';
import type { ApplyValues } from './ApplySealDrawer.tsx';
import { FIELDS, type Field, FORM_NAME, SERVER_ERROR_FIELDS, toApplyRequest } from './apply-seal-form.ts';
import { applyForSeal } from './seals-api.ts';

/** The errors the form shows now, in the form's order (the summary's lines). */
function currentErrors(form: FormInstance<ApplyValues>): FormErrorSummaryItem[] {
  return form
    .getFieldsError(FIELDS.map((field) => [field]))
    .filter((field) => field.errors.length > 0)
    .map((field) => ({
      key: pathKey(field.name),
      message: field.errors[0] ?? '',
      targetId: `${FORM_NAME}_${field.name.join('_')}`,
    }));
}

type SubmitContext = {
  form: FormInstance<ApplyValues>;
  t: TFunction<'seals'>;
  uploading: boolean;
  agreementMessage: string;
  showSummary: () => void;
  setSaving: (saving: boolean) => void;
  onSaved: (seal: TSealItem) => void;
};

/** Checks the form against the schema, then sends it; the server's field errors land on their fields. */
async function submitApplication(context: SubmitContext): Promise<void> {
  const { form, t, agreementMessage, showSummary, setSaving } = context;
  if (context.uploading) {
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
    context.onSaved(await applyForSeal(check.data));
  } catch (error) {
    const field = isApiError(error) ? SERVER_ERROR_FIELDS[error.code] : undefined;
    if (field && isApiError(error)) form.setFields([{ name: field, errors: [error.message] }]);
    applyServerErrors(form, error);
    showSummary();
  } finally {
    setSaving(false);
  }
}

/** The error summary: shown on a failed submit, then following the fields as they are corrected. */
function useErrorSummary(form: FormInstance<ApplyValues>) {
  const [summary, setSummary] = useState<FormErrorSummaryItem[]>([]);
  const [attempt, setAttempt] = useState(0);
  const showSummary = () => {
    const errors = currentErrors(form);
    setSummary(errors);
    if (errors.length) setAttempt((value) => value + 1);
  };
  // Once shown, the summary follows the fields: a corrected field leaves it.
  const onFieldsChange = () => {
    if (summary.length) setSummary(currentErrors(form));
  };
  return { summary, attempt, showSummary, onFieldsChange };
}

/** The e-signature agreement's dialog: reading it from the checkbox's link, accepting it ticks the box. */
function useAgreementReading(form: FormInstance<ApplyValues>, setDirty: (dirty: boolean) => void) {
  const [readingAgreement, setReadingAgreement] = useState(false);
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
  const closeAgreement = () => setReadingAgreement(false);
  return { readingAgreement, openAgreement, acceptAgreement, closeAgreement };
}

/** Each field's rule, and the callbacks its upload field reports problems and uploads in flight with. */
function fieldHelpers(
  form: FormInstance<ApplyValues>,
  agreementMessage: string,
  setUploads: Dispatch<SetStateAction<Record<string, boolean>>>,
) {
  const rule = (field: Field): FormRule =>
    field === 'agreementAccepted'
      ? { validator: async (_, value) => (value === true ? undefined : Promise.reject(new Error(agreementMessage))) }
      : schemaRule(ZSealApplyRequest, field, toApplyRequest);
  const setFieldProblem = (field: Field) => (message: string | null) =>
    form.setFields([{ name: field, errors: message ? [message] : [] }]);
  const busyOf = (field: Field) => (busy: boolean) =>
    setUploads((current) => (current[field] === busy ? current : { ...current, [field]: busy }));
  return { rule, setFieldProblem, busyOf };
}

/** The apply drawer's state: the form, its error summary, uploads in flight and the agreement dialog. */
export function useApplySeal(onClose: () => void, onApplied: (seal: TSealItem) => void) {
  const { t } = useTranslation('seals');
  // Its page mounts it to open and unmounts it to close: the focus goes back to the opener.
  useReturnFocus();
  const { locale } = useLocale();
  const [form] = Form.useForm<ApplyValues>();
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const [saving, setSaving] = useState(false);
  const [uploads, setUploads] = useState<Record<string, boolean>>({});
  const errors = useErrorSummary(form);
  const agreement = useAgreementReading(form, setDirty);
  const sealName = Form.useWatch('sealName', form);
  const uploading = Object.values(uploads).some(Boolean);

  const branches = useMemo(
    () => branchOptionGroups(locale, { overseas: t('apply.branchOverseas'), domestic: t('apply.branchDomestic') }),
    [locale, t],
  );

  const agreementMessage = t('apply.agreementRequired');
  const onSaved = (seal: TSealItem) => {
    setDirty(false);
    unsaved.allowLeave();
    onApplied(seal);
  };
  const submit = () =>
    submitApplication({ form, t, uploading, agreementMessage, showSummary: errors.showSummary, setSaving, onSaved });
  const close = () => unsaved.confirmDiscard(onClose);
  const onValuesChange = () => {
    if (!dirty) setDirty(true);
  };

  return {
    t,
    form,
    unsaved,
    saving,
    ...errors,
    ...agreement,
    ...fieldHelpers(form, agreementMessage, setUploads),
    sealName,
    branches,
    submit,
    close,
    onValuesChange,
  };
}

export type ApplySealState = ReturnType<typeof useApplySeal>;

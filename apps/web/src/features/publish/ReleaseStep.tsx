import type { CooperationSubTypeShape, PublishChoice } from '@portal/shared/dictionaries';
import { type FormKind, releaseFormSchema } from '@portal/shared/schemas/cooperation';
import type { TFileInfo } from '@portal/shared/schemas/files';
import { Button, Form, type FormInstance, Modal } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorSummary, type FormErrorSummaryItem } from '../../components/FormErrorSummary.tsx';
import { applyServerErrors, pathKey, toFieldPath } from '../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { ReleaseFormFields } from './ReleaseFormFields.tsx';
import { type Contact, DATE_FORMAT, type FormValues } from './release-values.ts';

const FORM_NAME = 'publish-release';

export type ReleaseStepProps = {
  kind: FormKind;
  choice: PublishChoice;
  sub: CooperationSubTypeShape | undefined;
  initialValues: FormValues;
  knownAttachments?: readonly TFileInfo[];
  /** The signed-in user's contact details, filled into empty contact fields when they arrive. */
  contact: Contact;
  /** 'edit' changes a published request: no draft, no steps. */
  mode: 'new' | 'edit';
  onValuesChange: (values: FormValues) => void;
  onBack: () => void;
  onSaveDraft?: (values: FormValues) => Promise<void>;
  /** Publishes (or updates) the checked data; rejects with the server's error. */
  onSubmit: (data: FormValues) => Promise<void>;
};

/** The errors the form shows now, in the form's order (the summary's lines). */
function currentErrors(form: FormInstance<FormValues>): FormErrorSummaryItem[] {
  return form
    .getFieldsError()
    .filter((field) => field.errors.length > 0)
    .map((field) => ({
      key: pathKey(field.name),
      message: field.errors[0] ?? '',
      targetId: `${FORM_NAME}_${field.name.join('_')}`,
    }));
}

/** The error summary shown after a failed publish, following the fields as they are corrected. */
function useErrorSummary(form: FormInstance<FormValues>, submitForm: () => Promise<unknown>) {
  const [summary, setSummary] = useState<FormErrorSummaryItem[]>([]);
  const [attempt, setAttempt] = useState(0);
  const submit = async () => {
    await submitForm();
    const errors = currentErrors(form);
    setSummary(errors);
    if (errors.length) setAttempt((value) => value + 1);
  };
  // Once shown, the summary follows the fields: a corrected field leaves it.
  const onFieldsChange = () => {
    if (summary.length) setSummary(currentErrors(form));
  };
  return { summary, attempt, submit, onFieldsChange };
}

/** Explains the sub-type's risk preference once when the form opens. */
function useRiskPrompt(
  riskPreference: CooperationSubTypeShape['riskPreference'],
  modal: ReturnType<typeof Modal.useModal>[0],
  t: TFunction<'publish'>,
) {
  useEffect(() => {
    if (!riskPreference) return undefined;
    const dialog = modal.info({
      title: t('risk.title'),
      content: t(`risk.${riskPreference}`),
      okText: t('risk.understood'),
      width: 520,
    });
    return () => dialog.destroy();
  }, [riskPreference, modal, t]);
}

/** The profile's contact details arrive after the form opened: fill the fields still empty. */
function useContactFill(contact: Contact, form: FormInstance<FormValues>) {
  const { contactName, contactEmail, contactPhone } = contact;
  useEffect(() => {
    const fill: FormValues = {};
    for (const [key, value] of Object.entries({ contactName, contactEmail, contactPhone })) {
      const current = form.getFieldValue(key) as unknown;
      if (value && (current === undefined || current === null || current === '')) fill[key] = value;
    }
    if (Object.keys(fill).length) form.setFieldsValue(fill);
  }, [contactName, contactEmail, contactPhone, form]);
}

/** Saves what the form holds as a draft; the server's field errors land on the fields. */
function draftSaver(
  form: FormInstance<FormValues>,
  onSaveDraft: ReleaseStepProps['onSaveDraft'],
  setSaving: (saving: boolean) => void,
) {
  return async () => {
    if (!onSaveDraft) return;
    setSaving(true);
    try {
      await onSaveDraft(form.getFieldsValue(true) as FormValues);
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };
}

/**
 * Step 3: the release form of the chosen type with its actions. The form is checked live field
 * by field and as a whole on publish with the kind's schema (given today, so past dates are
 * errors at once); the server's field errors land on the fields. After a failed publish an error
 * summary at the top lists every error with a link to its field. Enter does not publish:
 * publishing is always a deliberate click.
 */
export function ReleaseStep(props: ReleaseStepProps) {
  const { kind, choice, sub, initialValues, knownAttachments, contact, mode, onValuesChange, onBack } = props;
  const { t } = useTranslation('publish');
  const [form] = Form.useForm<FormValues>();
  const [modal, modalHolder] = Modal.useModal();
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  // Today is the reader's day: a validity or L/C expiry before it is refused like the server does.
  const schema = useMemo(() => releaseFormSchema(kind, { today: dayjs().format(DATE_FORMAT) }), [kind]);
  const { submit: submitForm, saving: submitting } = useSchemaSubmit(form, schema, (data) =>
    props.onSubmit(data as FormValues),
  );

  const { summary, attempt, submit, onFieldsChange } = useErrorSummary(form, submitForm);
  const goToField = (key: string) => form.scrollToField(toFieldPath(key), { block: 'center', focus: true });

  // Risk preference prompt (SPEC §2): explained once when the form opens.
  useRiskPrompt(mode === 'new' ? sub?.riskPreference : undefined, modal, t);
  useContactFill(contact, form);

  const saveDraft = draftSaver(form, props.onSaveDraft, setSaving);
  return (
    <>
      {modalHolder}
      <Form<FormValues>
        form={form}
        name={FORM_NAME}
        layout="vertical"
        component="div"
        className="publish-form"
        initialValues={initialValues}
        onValuesChange={(_, all) => onValuesChange({ ...form.getFieldsValue(true), ...all })}
        onFieldsChange={onFieldsChange}
        scrollToFirstError
      >
        <FormErrorSummary items={summary} attempt={attempt} onSelect={goToField} headingLevel={3} />
        <p className="publish-form__note">{t('form.requiredNote')}</p>
        <ReleaseFormFields
          form={form}
          kind={kind}
          schema={schema}
          choice={choice}
          sub={sub}
          {...(knownAttachments ? { knownAttachments } : {})}
          onUploadBusyChange={setUploading}
        />
      </Form>
      <ReleaseActions
        mode={mode}
        onBack={onBack}
        saveDraft={props.onSaveDraft ? saveDraft : undefined}
        submit={submit}
        saving={saving}
        submitting={submitting}
        uploading={uploading}
      />
    </>
  );
}

/** Back (or cancel), save as draft, and publish (or update). */
function ReleaseActions({
  mode,
  onBack,
  saveDraft,
  submit,
  saving,
  submitting,
  uploading,
}: {
  mode: ReleaseStepProps['mode'];
  onBack: () => void;
  saveDraft: (() => Promise<void>) | undefined;
  submit: () => Promise<void>;
  saving: boolean;
  submitting: boolean;
  uploading: boolean;
}) {
  const { t } = useTranslation('publish');
  const busy = saving || submitting;
  return (
    <div className="publish-actions">
      <Button onClick={onBack} disabled={busy}>
        {mode === 'edit' ? t('actions.cancel') : t('actions.back')}
      </Button>
      <div className="publish-actions__end">
        {saveDraft ? (
          <Button onClick={() => void saveDraft()} loading={saving} disabled={submitting || uploading}>
            {t('actions.saveDraft')}
          </Button>
        ) : null}
        <Button type="primary" onClick={() => void submit()} loading={submitting} disabled={saving || uploading}>
          {mode === 'edit' ? t('actions.update') : t('actions.publish')}
        </Button>
      </div>
    </div>
  );
}

import { ZCheckEmailCodeRequest, ZProfileResubmitRequest, ZRegisterRequest } from '@portal/shared/schemas/accounts';
import { Button, Form, Input, Steps } from 'antd';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/api-error.ts';
import { useFieldLabel } from '../../../lib/forms/field-labels.ts';
import {
  applyServerErrors,
  checkWithSchema,
  type FieldPath,
  fieldsAreValid,
  schemaRule,
  validateForm,
} from '../../../lib/forms/schema-form.ts';
import { showToast } from '../../../lib/notify.ts';
import { checkRegisterEmailCode, EMAIL_CODE_TYPE, register } from '../accounts-api.ts';
import { AgreementConsent } from '../agreement/AgreementConsent.tsx';
import { NewPasswordFields } from '../password/password-fields.tsx';
import { SUBMIT_SUCCESS_PATH } from '../paths.ts';
import { ProfileFields } from '../profile/ProfileFields.tsx';
import { PROFILE_FIELD_PATHS } from '../profile/profile-sections.ts';
import { SendCodeButton } from '../SendCodeButton.tsx';
import { useUnsavedChanges } from '../useUnsavedChanges.ts';
import { RegisterVerifyOrg } from './RegisterVerifyOrg.tsx';
import {
  EMAIL_FIELDS,
  EMAIL_STEP_ERRORS,
  FORM_NAME,
  NEW_PROFILE,
  PASSWORD_FIELDS,
  type RegisterValues,
  STEPS,
  type Step,
  stepOfField,
} from './register-steps.ts';

/**
 * Registration (SPEC §4): 1. work e-mail and the code sent to it (checked before going on);
 * 2. the profile; 3. password, confirmation and the agreements → submitted for review.
 * All steps are one form (validated by ZRegisterRequest); going back keeps what was entered.
 */
export function NewRegistration() {
  const { t } = useTranslation('accounts');
  const label = useFieldLabel();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [step, setStep] = useState<Step>(0);
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);

  const go = (next: Step) => {
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  const validateStep = (fields: FieldPath[]) => fieldsAreValid(form, fields);

  /** Uploads before the account exists are made with the verified address and its code. */
  const registrantProof = () => {
    const emailCode = form.getFieldValue('emailCode') as string | undefined;
    return verifiedEmail && emailCode ? { emailAdr: verifiedEmail, emailCode: emailCode.trim() } : null;
  };

  const validEmail = async (): Promise<string | null> => {
    if (!(await validateStep([['emailAdr']]))) return null;
    const parsed = ZCheckEmailCodeRequest.shape.emailAdr.safeParse(form.getFieldValue('emailAdr'));
    return parsed.success ? parsed.data : null;
  };

  /** A refused code request: the e-mail step's own answers go under their field, the rest in a toast. */
  const onCodeRefused = (error: unknown) => {
    if (!isApiError(error)) return;
    const field = EMAIL_STEP_ERRORS[error.code];
    if (field) form.setFields([{ name: field, errors: [error.message] }]);
    else showToast({ type: 'error', content: error.message });
  };

  const checkEmailStep = async () => {
    if (!(await validateStep(EMAIL_FIELDS))) return;
    const check = checkWithSchema(ZCheckEmailCodeRequest, form.getFieldsValue(true));
    if (!check.success) return;
    if (verifiedEmail === check.data.emailAdr) {
      go(1);
      return;
    }
    setBusy(true);
    try {
      await checkRegisterEmailCode(check.data);
      setVerifiedEmail(check.data.emailAdr);
      go(1);
    } catch (error) {
      if (isApiError(error)) {
        const field = EMAIL_STEP_ERRORS[error.code];
        if (field) form.setFields([{ name: field, errors: [error.message] }]);
        applyServerErrors(form, error);
      }
    } finally {
      setBusy(false);
    }
  };

  const checkProfileStep = async () => {
    if (await validateStep(PROFILE_FIELD_PATHS.map((path) => [...path]))) go(2);
  };

  const submit = async () => {
    if (!(await validateStep(PASSWORD_FIELDS))) return;
    const body = validateForm(form, ZRegisterRequest, form.getFieldsValue(true));
    if (!body) {
      // Something of an earlier step is wrong (validateForm marked it): show that step.
      const firstError = form.getFieldsError().find((field) => field.errors.length);
      if (firstError) go(stepOfField(firstError.name));
      return;
    }
    setBusy(true);
    try {
      await register(body);
      unsaved.allowLeave();
      setDirty(false);
      showToast({ type: 'success', content: t('messages.registerSuccess') });
      navigate(SUBMIT_SUCCESS_PATH, { state: { emailAdr: body.emailAdr } });
    } catch (error) {
      if (!isApiError(error)) return;
      const field = EMAIL_STEP_ERRORS[error.code];
      if (field) {
        setVerifiedEmail(null);
        form.setFields([{ name: field, errors: [error.message] }]);
        go(0);
        return;
      }
      if (error.code === 'PRT_AGREEMENT_REQUIRED') {
        form.setFields([{ name: 'agreed', errors: [error.message] }]);
        return;
      }
      const fields = applyServerErrors(form, error);
      const first = fields[0];
      if (first) go(stepOfField(first.name));
    } finally {
      setBusy(false);
    }
  };

  // Each step is its own <form>; the submit event must not reach antd's Form around them, whose
  // own submit handler would validate every field of every step at once.
  const onSubmit = (handler: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    void handler();
  };

  return (
    <div className="register">
      {unsaved.holder}
      <Steps
        current={step}
        className="register__steps"
        items={STEPS.map((key) => ({ title: t(`register.steps.${key}`), content: t(`register.stepHints.${key}`) }))}
      />
      <Form<RegisterValues>
        form={form}
        name={FORM_NAME}
        layout="vertical"
        component="div"
        initialValues={{ profile: NEW_PROFILE, agreed: false }}
        onValuesChange={(changed: RegisterValues) => {
          if (!dirty) setDirty(true);
          if ('emailAdr' in changed || 'emailCode' in changed) setVerifiedEmail(null);
          // Files uploaded so far belong to the address they were uploaded with.
          if ('emailAdr' in changed && form.getFieldValue(['profile', 'introAttachments'])?.length) {
            form.setFieldValue(['profile', 'introAttachments'], []);
          }
        }}
      >
        <RegisterStep name="email" hidden={step !== 0} onSubmit={onSubmit(checkEmailStep)}>
          <p className="form-intro">{t('register.emailIntro')}</p>
          <div className="register__narrow">
            <Form.Item
              name="emailAdr"
              label={label('emailAdr')}
              required
              rules={[schemaRule(ZCheckEmailCodeRequest, 'emailAdr')]}
              validateTrigger="onBlur"
              extra={t('register.emailHint')}
            >
              <Input type="email" inputMode="email" autoComplete="email" maxLength={254} />
            </Form.Item>
            <Form.Item label={label('emailCode')} htmlFor={`${FORM_NAME}_emailCode`} required>
              <div className="code-row">
                <Form.Item name="emailCode" noStyle rules={[schemaRule(ZCheckEmailCodeRequest, 'emailCode')]}>
                  <Input maxLength={4} autoComplete="one-time-code" spellCheck={false} className="code-row__input" />
                </Form.Item>
                <SendCodeButton emailType={EMAIL_CODE_TYPE.register} getEmail={validEmail} onFailed={onCodeRefused} />
              </div>
            </Form.Item>
          </div>
          <div className="form-actions">
            <Button type="primary" htmlType="submit" loading={busy && step === 0}>
              {t('register.next')}
            </Button>
          </div>
        </RegisterStep>

        <RegisterStep name="profile" hidden={step !== 1} onSubmit={onSubmit(checkProfileStep)}>
          <p className="form-intro">
            {t('register.profileIntro', { email: verifiedEmail ?? form.getFieldValue('emailAdr') ?? '' })}
          </p>
          <RegisterVerifyOrg form={form} proof={registrantProof} active={step === 1} />
          <ProfileFields form={form} schema={ZProfileResubmitRequest} attachments={{ registrant: registrantProof }} />
          <div className="form-actions">
            <Button onClick={() => go(0)}>{t('register.back')}</Button>
            <Button type="primary" htmlType="submit">
              {t('register.next')}
            </Button>
          </div>
        </RegisterStep>

        <RegisterStep name="password" hidden={step !== 2} onSubmit={onSubmit(submit)}>
          <p className="form-intro">{t('register.passwordIntro')}</p>
          <div className="register__narrow">
            <NewPasswordFields form={form} schema={ZRegisterRequest} />
            <AgreementConsent rule={schemaRule(ZRegisterRequest, 'agreed')} />
          </div>
          <div className="form-actions">
            <Button onClick={() => go(1)}>{t('register.back')}</Button>
            <Button type="primary" htmlType="submit" loading={busy && step === 2}>
              {t('register.submit')}
            </Button>
          </div>
        </RegisterStep>
      </Form>
    </div>
  );
}

/** One step's own form, headed by the step's name. */
function RegisterStep({
  name,
  hidden,
  onSubmit,
  children,
}: {
  name: (typeof STEPS)[number];
  hidden: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('accounts');
  const id = `register-step-${name}`;
  return (
    <form hidden={hidden} className="register__step" aria-labelledby={id} noValidate onSubmit={onSubmit}>
      <h2 id={id} className="register__step-title">
        {t(`register.steps.${name}`)}
      </h2>
      {children}
    </form>
  );
}

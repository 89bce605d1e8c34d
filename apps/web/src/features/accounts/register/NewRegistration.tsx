import {
  type TProfile,
  ZCheckEmailCodeRequest,
  ZProfileResubmitRequest,
  ZRegisterRequest,
} from '@portal/shared/schemas/accounts';
import { Button, Checkbox, Form, Input, Steps } from 'antd';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
import { NewPasswordFields } from '../password/password-fields.tsx';
import { agreementPath, SUBMIT_SUCCESS_PATH } from '../paths.ts';
import { ProfileFields } from '../profile/ProfileFields.tsx';
import { PROFILE_FIELD_PATHS } from '../profile/profile-sections.ts';
import { SendCodeButton } from '../SendCodeButton.tsx';
import { useUnsavedChanges } from '../useUnsavedChanges.ts';

type RegisterValues = {
  emailAdr?: string;
  emailCode?: string;
  pwd?: string;
  confirmPwd?: string;
  agreed?: boolean;
  profile?: Partial<TProfile>;
};

const STEPS = ['email', 'profile', 'password'] as const;
type Step = 0 | 1 | 2;

const FORM_NAME = 'register';
const EMAIL_FIELDS: FieldPath[] = [['emailAdr'], ['emailCode']];
const PASSWORD_FIELDS: FieldPath[] = [['pwd'], ['confirmPwd'], ['agreed']];

/** Server answers that belong to the e-mail step. */
const EMAIL_STEP_ERRORS: Record<string, keyof RegisterValues> = {
  PRT_CODE_INCORRECT: 'emailCode',
  PRT_CODE_EXPIRED: 'emailCode',
  PRT_CODE_EMPTY: 'emailCode',
  PRT_EMAIL_EXISTS: 'emailAdr',
  PRT_USER_EXISTS: 'emailAdr',
  PRT_EMAIL_NOT_WORK: 'emailAdr',
};

const NEW_PROFILE: Partial<TProfile> = { headOfficeEmployee: false, actingOnBehalf: false };

function stepOfField(name: (string | number)[]): Step {
  const [first] = name;
  if (first === 'emailAdr' || first === 'emailCode') return 0;
  if (first === 'profile') return 1;
  return 2;
}

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
        <form
          hidden={step !== 0}
          className="register__step"
          aria-labelledby="register-step-email"
          noValidate
          onSubmit={onSubmit(checkEmailStep)}
        >
          <h2 id="register-step-email" className="register__step-title">
            {t('register.steps.email')}
          </h2>
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
        </form>

        <form
          hidden={step !== 1}
          className="register__step"
          aria-labelledby="register-step-profile"
          noValidate
          onSubmit={onSubmit(checkProfileStep)}
        >
          <h2 id="register-step-profile" className="register__step-title">
            {t('register.steps.profile')}
          </h2>
          <p className="form-intro">
            {t('register.profileIntro', { email: verifiedEmail ?? form.getFieldValue('emailAdr') ?? '' })}
          </p>
          <ProfileFields form={form} schema={ZProfileResubmitRequest} attachments={{ registrant: registrantProof }} />
          <div className="form-actions">
            <Button onClick={() => go(0)}>{t('register.back')}</Button>
            <Button type="primary" htmlType="submit">
              {t('register.next')}
            </Button>
          </div>
        </form>

        <form
          hidden={step !== 2}
          className="register__step"
          aria-labelledby="register-step-password"
          noValidate
          onSubmit={onSubmit(submit)}
        >
          <h2 id="register-step-password" className="register__step-title">
            {t('register.steps.password')}
          </h2>
          <p className="form-intro">{t('register.passwordIntro')}</p>
          <div className="register__narrow">
            <NewPasswordFields form={form} schema={ZRegisterRequest} />
            <Form.Item
              name="agreed"
              valuePropName="checked"
              rules={[schemaRule(ZRegisterRequest, 'agreed')]}
              className="register__agreement"
            >
              <Checkbox>
                <Trans
                  t={t}
                  i18nKey="register.agreement"
                  components={{
                    userAgreement: (
                      // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated text inside
                      <a href={agreementPath('0')} target="_blank" rel="noopener noreferrer" />
                    ),
                    privacyPolicy: (
                      // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated text inside
                      <a href={agreementPath('1')} target="_blank" rel="noopener noreferrer" />
                    ),
                  }}
                />
              </Checkbox>
            </Form.Item>
          </div>
          <div className="form-actions">
            <Button onClick={() => go(1)}>{t('register.back')}</Button>
            <Button type="primary" htmlType="submit" loading={busy && step === 2}>
              {t('register.submit')}
            </Button>
          </div>
        </form>
      </Form>
    </div>
  );
}

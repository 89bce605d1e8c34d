import { ZCheckEmailCodeRequest, ZProfileResubmitRequest, ZRegisterRequest } from '@portal/shared/schemas/accounts';
import { Button, Form, Input, Steps } from 'antd';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../lib/forms/schema-form.ts';
import { EMAIL_CODE_TYPE } from '../accounts-api.ts';
import { AgreementConsent } from '../agreement/AgreementConsent.tsx';
import { NewPasswordFields } from '../password/password-fields.tsx';
import { ProfileFields } from '../profile/ProfileFields.tsx';
import { SendCodeButton } from '../SendCodeButton.tsx';
import { RegisterVerifyOrg } from './RegisterVerifyOrg.tsx';
import { FORM_NAME, NEW_PROFILE, type RegisterValues, STEPS } from './register-steps.ts';
import { type RegistrationState, useNewRegistration } from './useNewRegistration.ts';

/**
 * Registration (SPEC §4): 1. work e-mail and the code sent to it (checked before going on);
 * 2. the profile; 3. password, confirmation and the agreements → submitted for review.
 * All steps are one form (validated by ZRegisterRequest); going back keeps what was entered.
 */
export function NewRegistration() {
  const state = useNewRegistration();
  const { t, form, step } = state;
  return (
    <div className="register">
      {state.unsaved.holder}
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
        onValuesChange={state.onValuesChange}
      >
        <EmailStep state={state} />

        <ProfileStep state={state} />

        <PasswordStep state={state} />
      </Form>
    </div>
  );
}

/** 1. The work e-mail and the code sent to it. */
function EmailStep({ state }: { state: RegistrationState }) {
  const { t, label, step, busy } = state;
  return (
    <RegisterStep name="email" hidden={step !== 0} onSubmit={state.onEmailStep}>
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
            <SendCodeButton
              emailType={EMAIL_CODE_TYPE.register}
              getEmail={state.validEmail}
              onFailed={state.onCodeRefused}
            />
          </div>
        </Form.Item>
      </div>
      <div className="form-actions">
        <Button type="primary" htmlType="submit" loading={busy && step === 0}>
          {t('register.next')}
        </Button>
      </div>
    </RegisterStep>
  );
}

/** 2. The profile, with the organisation's check. */
function ProfileStep({ state }: { state: RegistrationState }) {
  const { t, form, step, verifiedEmail, registrantProof, go } = state;
  return (
    <RegisterStep name="profile" hidden={step !== 1} onSubmit={state.onProfileStep}>
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
  );
}

/** 3. The password, its confirmation and the agreements. */
function PasswordStep({ state }: { state: RegistrationState }) {
  const { t, form, step, busy, go } = state;
  return (
    <RegisterStep name="password" hidden={step !== 2} onSubmit={state.onPasswordStep}>
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

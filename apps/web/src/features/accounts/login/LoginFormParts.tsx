import type { TCaptcha } from '@portal/shared/schemas/accounts';
import { Alert, Button, Form, type FormInstance, Input, type InputProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMAIL_CODE_TYPE, type LoginCodeProof } from '../accounts-api.ts';
import { REGISTER_PATH } from '../paths.ts';
import { SendCodeButton } from '../SendCodeButton.tsx';
import { CaptchaImage } from './CaptchaImage.tsx';
import type { LoginProblem, LoginRule, LoginValues } from './login-flow.ts';

/** The parts of the login form (LoginForm.tsx) that only show what it passes them. */

/** A refusal that concerns no single field, above the form (a new one for every try). */
export function ProblemAlert({ problem }: { problem: LoginProblem | null }) {
  return problem && !problem.field ? (
    <Alert key={problem.seq} type="error" showIcon title={problem.message} className="login-form__alert" />
  ) : null;
}

/** The e-mail (pre-checked on blur), the password and the picture code. */
export function CredentialItems({
  rule,
  initialEmail,
  onEmailBlur,
  captcha,
  captchaLoading,
  onRefreshCaptcha,
}: {
  rule: LoginRule;
  initialEmail: string | undefined;
  onEmailBlur: () => void;
  captcha: TCaptcha | null;
  captchaLoading: boolean;
  onRefreshCaptcha: () => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <Form.Item name="emailAdr" label={t('fields.emailAdr')} rules={[rule('emailAdr')]} validateTrigger="onBlur">
        <Input
          type="email"
          autoComplete="username"
          inputMode="email"
          maxLength={254}
          autoFocus={!initialEmail}
          onBlur={onEmailBlur}
        />
      </Form.Item>
      <Form.Item name="pwd" label={t('fields.password')} rules={[rule('pwd')]}>
        <Input.Password autoComplete="current-password" maxLength={128} autoFocus={Boolean(initialEmail)} />
      </Form.Item>
      <Form.Item name="verifyCode" label={t('fields.verifyCode')} required rules={[rule('verifyCode')]}>
        <CodeInput
          autoComplete="off"
          addon={<CaptchaImage captcha={captcha} loading={captchaLoading} onRefresh={onRefreshCaptcha} />}
        />
      </Form.Item>
    </>
  );
}

/** The e-mail code, asked for when this browser has not logged in to the account before. */
export function EmailCodeItem({
  rule,
  ...send
}: {
  rule: LoginRule;
  getEmail: () => Promise<string | null>;
  getProof: () => Promise<LoginCodeProof | null>;
  onSent: () => void;
  onFailed: (error: unknown) => void;
  onSettled: () => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <Form.Item
      name="emailCode"
      label={t('fields.emailCode')}
      required
      rules={[rule('emailCode')]}
      extra={t('login.emailCodeHint')}
    >
      <CodeInput
        autoComplete="one-time-code"
        addon={
          <SendCodeButton
            emailType={EMAIL_CODE_TYPE.login}
            getEmail={send.getEmail}
            getProof={send.getProof}
            onSent={send.onSent}
            onFailed={send.onFailed}
            onSettled={send.onSettled}
          />
        }
      />
    </Form.Item>
  );
}

/** "Forgot password?" and the way to registration (which closes the dialog). */
export function LoginLinks({
  form,
  onForgotPassword,
  onLeave,
}: {
  form: FormInstance<LoginValues>;
  onForgotPassword: (emailAdr: string | undefined) => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <div className="login-form__links">
      <Button
        type="link"
        className="login-form__link"
        onClick={() => onForgotPassword(form.getFieldValue('emailAdr') || undefined)}
      >
        {t('login.forgotPassword')}
      </Button>
      <span>
        {t('login.noAccount')}{' '}
        <Link to={REGISTER_PATH} onClick={onLeave}>
          {t('login.registerNow')}
        </Link>
      </span>
    </div>
  );
}

/**
 * A 4-character code's input with what goes beside it (the picture, "Send code"). The field's
 * own Form.Item gives the input its id, value and error description, so the label, the error
 * and the input are tied together.
 */
function CodeInput({ addon, ...input }: InputProps & { addon: ReactNode }) {
  return (
    <div className="code-row">
      <Input {...input} maxLength={4} spellCheck={false} className="code-row__input" />
      {addon}
    </div>
  );
}

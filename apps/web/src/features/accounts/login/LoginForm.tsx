import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { Alert, Button, Form, Input, type InputProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EMAIL_CODE_TYPE } from '../accounts-api.ts';
import { REGISTER_PATH } from '../paths.ts';
import { SendCodeButton } from '../SendCodeButton.tsx';
import { CaptchaImage } from './CaptchaImage.tsx';
import { FORM_NAME, type LoginFormState, type LoginValues, useLoginForm } from './useLoginForm.ts';

export { LOGIN_ERROR_FIELD } from './useLoginForm.ts';

/**
 * The login form of SPEC §2/§4: e-mail (pre-checked on blur: does this browser need an e-mail
 * code for this account? — yes unless it has logged in to it before), password with show/hide,
 * the 4-character picture code (click the picture for a new one), the e-mail code when the
 * pre-check asks for it. The server sends a log-in code only with the password and a picture
 * code, which that request uses up: sending one clears the picture code and shows a new picture.
 * A refused log-in is said in the dialog, in the reader's language: next to the field it is about
 * (which takes the focus), or above the form when it concerns none (a locked account). It keeps
 * what was typed except the picture code, used up by every try: that is cleared for a new
 * picture. YBLTS100U022 (password reset required) hands over to the reset view.
 */
export function LoginForm({
  initialEmail,
  onLoggedIn,
  onForgotPassword,
  onResetRequired,
  onLeave,
}: {
  initialEmail?: string | undefined;
  onLoggedIn: (user: TUserInfo) => void;
  onForgotPassword: (emailAdr: string | undefined) => void;
  onResetRequired: (emailAdr: string) => void;
  /** The dialog closes when the user follows a link out of it (Register). */
  onLeave: () => void;
}) {
  const state = useLoginForm(onLoggedIn, onResetRequired);
  const { t, form, problem, rule } = state;
  return (
    <Form<LoginValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      requiredMark={false}
      initialValues={{ emailAdr: initialEmail ?? '' }}
      onFinish={state.submit}
      onValuesChange={state.onValuesChange}
      className="login-form"
    >
      {problem && !problem.field ? (
        <Alert key={problem.seq} type="error" showIcon title={problem.message} className="login-form__alert" />
      ) : null}
      <Form.Item name="emailAdr" label={t('fields.emailAdr')} rules={[rule('emailAdr')]} validateTrigger="onBlur">
        <Input
          type="email"
          autoComplete="username"
          inputMode="email"
          maxLength={254}
          autoFocus={!initialEmail}
          onBlur={() => void state.precheck()}
        />
      </Form.Item>
      <Form.Item name="pwd" label={t('fields.password')} rules={[rule('pwd')]}>
        <Input.Password autoComplete="current-password" maxLength={128} autoFocus={Boolean(initialEmail)} />
      </Form.Item>
      <PictureCodeField state={state} />
      {state.emailCodeNeeded ? <EmailCodeField state={state} /> : null}
      <LoginLinks state={state} onForgotPassword={onForgotPassword} onLeave={onLeave} />
      <Button type="primary" htmlType="submit" block size="large" loading={state.submitting}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}

/** The picture code: click the picture for a new one. */
function PictureCodeField({ state }: { state: LoginFormState }) {
  return (
    <Form.Item name="verifyCode" label={state.t('fields.verifyCode')} required rules={[state.rule('verifyCode')]}>
      <CodeInput
        autoComplete="off"
        addon={
          <CaptchaImage captcha={state.captcha} loading={state.captchaLoading} onRefresh={() => void state.refresh()} />
        }
      />
    </Form.Item>
  );
}

/** The e-mail code, asked for when this browser has not logged in to the account before. */
function EmailCodeField({ state }: { state: LoginFormState }) {
  const { t } = state;
  return (
    <Form.Item
      name="emailCode"
      label={t('fields.emailCode')}
      required
      rules={[state.rule('emailCode')]}
      extra={t('login.emailCodeHint')}
    >
      <CodeInput
        autoComplete="one-time-code"
        addon={
          <SendCodeButton
            emailType={EMAIL_CODE_TYPE.login}
            getEmail={state.validEmail}
            getProof={state.loginCodeProof}
            onSent={() => state.setProblem(null)}
            onFailed={state.report}
            onSettled={state.newPicture}
          />
        }
      />
    </Form.Item>
  );
}

function LoginLinks({
  state: { t, form },
  onForgotPassword,
  onLeave,
}: {
  state: LoginFormState;
  onForgotPassword: (emailAdr: string | undefined) => void;
  onLeave: () => void;
}) {
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

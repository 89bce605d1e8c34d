import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { Button, Form } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CredentialItems, EmailCodeItem, LoginLinks, ProblemAlert } from './LoginFormParts.tsx';
import {
  forgetPrecheck,
  type LoginFlow,
  type LoginProblem,
  type LoginValues,
  loginCodeProof,
  loginRule,
  newPicture,
  precheckEmail,
  reportRefusal,
  submitLogin,
  validEmail,
} from './login-flow.ts';
import { useCaptcha } from './useCaptcha.ts';

export { LOGIN_ERROR_FIELD } from './login-flow.ts';

const FORM_NAME = 'login';

type LoginFormProps = {
  initialEmail?: string | undefined;
  onLoggedIn: (user: TUserInfo) => void;
  onForgotPassword: (emailAdr: string | undefined) => void;
  onResetRequired: (emailAdr: string) => void;
  /** The dialog closes when the user follows a link out of it (Register). */
  onLeave: () => void;
};

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
export function LoginForm({ initialEmail, onLoggedIn, onForgotPassword, onResetRequired, onLeave }: LoginFormProps) {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<LoginValues>();
  const { captcha, loading: captchaLoading, refresh } = useCaptcha();
  const [emailCodeNeeded, setEmailCodeNeeded] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const checkedEmail = useRef<string | null>(null);
  const [problem, setProblem] = useState<LoginProblem | null>(null);

  // A field's error is set once the field is there (the e-mail code's appears with the answer
  // that asks for it), then the field takes the focus. Typing in it runs its rules again, which
  // replace the server's message.
  useEffect(() => {
    if (!problem?.field) return;
    form.setFields([{ name: problem.field, errors: [problem.message] }]);
    form.focusField(problem.field);
  }, [problem, form]);

  const flow: LoginFlow = { form, captcha, refresh, setEmailCodeNeeded, setProblem };
  const rule = loginRule(captcha);
  const submit = () => submitLogin(flow, { emailCodeNeeded, t, setSubmitting, onResetRequired, onLoggedIn });

  return (
    <Form<LoginValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      requiredMark={false}
      initialValues={{ emailAdr: initialEmail ?? '' }}
      onFinish={submit}
      onValuesChange={(changed: LoginValues) => forgetPrecheck(changed, checkedEmail, setEmailCodeNeeded)}
      className="login-form"
    >
      <ProblemAlert problem={problem} />
      <CredentialItems
        rule={rule}
        initialEmail={initialEmail}
        onEmailBlur={() => void precheckEmail(flow, checkedEmail)}
        captcha={captcha}
        captchaLoading={captchaLoading}
        onRefreshCaptcha={() => void refresh()}
      />
      {emailCodeNeeded ? (
        <EmailCodeItem
          rule={rule}
          getEmail={() => validEmail(form)}
          getProof={() => loginCodeProof(flow)}
          onSent={() => setProblem(null)}
          onFailed={(error) => reportRefusal(flow, error)}
          onSettled={() => newPicture(flow)}
        />
      ) : null}
      <LoginLinks form={form} onForgotPassword={onForgotPassword} onLeave={onLeave} />
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}

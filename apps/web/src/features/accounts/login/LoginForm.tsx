import { PASSWORD_RESET_REQUIRED_CODE } from '@portal/shared';
import { type TUserInfo, ZLoginPrecheckRequest, ZLoginRequest } from '@portal/shared/schemas/accounts';
import { Alert, Button, Form, Input, type InputProps } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api/api-error.ts';
import { applyServerErrors, fieldsAreValid, schemaRule, validateForm } from '../../../lib/forms/schema-form.ts';
import { rememberFirstLogin } from '../../../lib/storage.ts';
import { EMAIL_CODE_TYPE, type LoginCodeProof, login, precheckLogin } from '../accounts-api.ts';
import { REGISTER_PATH } from '../paths.ts';
import { SendCodeButton } from '../SendCodeButton.tsx';
import { CaptchaImage } from './CaptchaImage.tsx';
import { useCaptcha } from './useCaptcha.ts';

type LoginValues = { emailAdr?: string; pwd?: string; verifyCode?: string; emailCode?: string };
type LoginField = keyof LoginValues;

const FORM_NAME = 'login';
const FIELDS: readonly LoginField[] = ['emailAdr', 'pwd', 'verifyCode', 'emailCode'];

/**
 * The field a refused log-in (or log-in code request) is about. The server answers a wrong
 * address exactly as a wrong password ("The e-mail or password is incorrect"): the password is
 * what to retype. Any other code (locked, stopped, too many tries, no connection) concerns no
 * single field and is shown above the form.
 */
export const LOGIN_ERROR_FIELD: Readonly<Record<string, LoginField>> = {
  PRT_LOGIN_FAILED: 'pwd',
  PRT_CAPTCHA_INCORRECT: 'verifyCode',
  PRT_EMAIL_CODE_REQUIRED: 'emailCode',
  PRT_CODE_EMPTY: 'emailCode',
  PRT_CODE_INCORRECT: 'emailCode',
  PRT_CODE_EXPIRED: 'emailCode',
};

/** Why the last try failed: on a field (`field`), or above the form. `seq` tells two alike apart. */
type LoginProblem = { field: LoginField | null; message: string; seq: number };

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

  /** Shows why the server refused: on its field, or above the form. */
  const report = (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.code === 'PRT_EMAIL_CODE_REQUIRED') setEmailCodeNeeded(true);
    // A PRT_VALIDATION answer: its messages on their fields (this form's fields are flat).
    const [first] = applyServerErrors(form, error);
    if (first) {
      form.focusField(String(first.name[0]) as LoginField);
      return;
    }
    setProblem({ field: LOGIN_ERROR_FIELD[error.code] ?? null, message: error.message, seq: Date.now() });
  };

  /** A new try: the last one's errors go. */
  const forgetProblem = () => {
    setProblem(null);
    form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
  };

  const withTrace = (values: Record<string, unknown>) => ({
    ...values,
    verifyCodeTraceId: captcha?.verifyCodeTraceId ?? 'pending',
  });
  const rule = (field: keyof LoginValues) => schemaRule(ZLoginRequest, field, withTrace);

  const precheck = async () => {
    const parsed = ZLoginPrecheckRequest.safeParse({ emailAdr: form.getFieldValue('emailAdr') });
    if (!parsed.success || checkedEmail.current === parsed.data.emailAdr) return;
    checkedEmail.current = parsed.data.emailAdr;
    try {
      const { flag } = await precheckLogin(parsed.data.emailAdr);
      setEmailCodeNeeded(flag === '1');
    } catch {
      checkedEmail.current = null;
    }
  };

  /** The password and picture code a log-in code request needs, or null when the form shows what is missing. */
  const loginCodeProof = async (): Promise<LoginCodeProof | null> => {
    if (!captcha) {
      void refresh();
      return null;
    }
    if (!(await fieldsAreValid(form, [['pwd'], ['verifyCode']]))) return null;
    const parsed = ZLoginRequest.pick({ pwd: true, verifyCode: true }).safeParse(
      form.getFieldsValue(['pwd', 'verifyCode']),
    );
    return parsed.success ? { ...parsed.data, verifyCodeTraceId: captcha.verifyCodeTraceId } : null;
  };

  /** The request used the picture code up: a new one for the log-in itself. */
  const newPicture = () => {
    form.setFieldsValue({ verifyCode: '' });
    void refresh();
  };

  const validEmail = async (): Promise<string | null> => {
    if (!(await fieldsAreValid(form, [['emailAdr']]))) return null;
    const parsed = ZLoginPrecheckRequest.safeParse({ emailAdr: form.getFieldValue('emailAdr') });
    return parsed.success ? parsed.data.emailAdr : null;
  };

  const submit = async () => {
    if (!captcha) {
      void refresh();
      return;
    }
    forgetProblem();
    const body = validateForm(form, ZLoginRequest, withTrace(form.getFieldsValue(true)));
    if (!body) return;
    if (emailCodeNeeded && !body.emailCode) {
      // Nothing was sent: the picture code is still good.
      setProblem({ field: 'emailCode', message: t('login.enterEmailCode'), seq: Date.now() });
      return;
    }
    setSubmitting(true);
    try {
      const response = await login(body);
      if (response.code === PASSWORD_RESET_REQUIRED_CODE) {
        newPicture();
        onResetRequired(body.emailAdr);
        return;
      }
      rememberFirstLogin(response.data.firstLogin);
      onLoggedIn(response.data);
    } catch (error) {
      // The try used the picture code up: a new picture; the rest stays as typed.
      newPicture();
      report(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<LoginValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      requiredMark={false}
      initialValues={{ emailAdr: initialEmail ?? '' }}
      onFinish={submit}
      onValuesChange={(changed: LoginValues) => {
        if ('emailAdr' in changed && checkedEmail.current !== null) {
          checkedEmail.current = null;
          setEmailCodeNeeded(false);
        }
      }}
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
          onBlur={() => void precheck()}
        />
      </Form.Item>
      <Form.Item name="pwd" label={t('fields.password')} rules={[rule('pwd')]}>
        <Input.Password autoComplete="current-password" maxLength={128} autoFocus={Boolean(initialEmail)} />
      </Form.Item>
      <Form.Item name="verifyCode" label={t('fields.verifyCode')} required rules={[rule('verifyCode')]}>
        <CodeInput
          autoComplete="off"
          addon={<CaptchaImage captcha={captcha} loading={captchaLoading} onRefresh={() => void refresh()} />}
        />
      </Form.Item>
      {emailCodeNeeded ? (
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
                getEmail={validEmail}
                getProof={loginCodeProof}
                onSent={() => setProblem(null)}
                onFailed={report}
                onSettled={newPicture}
              />
            }
          />
        </Form.Item>
      ) : null}
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
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        {t('login.submit')}
      </Button>
    </Form>
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

import { PASSWORD_RESET_REQUIRED_CODE } from '@portal/shared';
import { type TUserInfo, ZLoginPrecheckRequest, ZLoginRequest } from '@portal/shared/schemas/accounts';
import { Button, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api/api-error.ts';
import { applyServerErrors, fieldsAreValid, schemaRule, validateForm } from '../../../lib/forms/schema-form.ts';
import { showToast } from '../../../lib/notify.ts';
import { EMAIL_CODE_TYPE, type LoginCodeProof, login, precheckLogin } from '../accounts-api.ts';
import { REGISTER_PATH } from '../paths.ts';
import { SendCodeButton } from '../SendCodeButton.tsx';
import { CaptchaImage } from './CaptchaImage.tsx';
import { useCaptcha } from './useCaptcha.ts';

type LoginValues = { emailAdr?: string; pwd?: string; verifyCode?: string; emailCode?: string };

const FORM_NAME = 'login';

/**
 * The login form of SPEC §2/§4: e-mail (pre-checked on blur: does this browser need an e-mail
 * code for this account? — yes unless it has logged in to it before), password with show/hide,
 * the 4-character picture code (click the picture for a new one), the e-mail code when the
 * pre-check asks for it. The server sends a log-in code only with the password and a picture
 * code, which that request uses up: sending one clears the picture code and shows a new picture.
 * Any failure clears both codes and shows a new picture. YBLTS100U022 (password reset required)
 * hands over to the reset view.
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

  const withTrace = (values: Record<string, unknown>) => ({
    ...values,
    verifyCodeTraceId: captcha?.verifyCodeTraceId ?? 'pending',
  });
  const rule = (field: keyof LoginValues) => schemaRule(ZLoginRequest, field, withTrace);

  const clearCodes = () => {
    form.setFieldsValue({ verifyCode: '', emailCode: '' });
    void refresh();
  };

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
    const body = validateForm(form, ZLoginRequest, withTrace(form.getFieldsValue(true)));
    if (!body) return;
    if (emailCodeNeeded && !body.emailCode) {
      showToast({ type: 'warning', content: t('login.enterEmailCode') });
      clearCodes();
      form.focusField('emailCode');
      return;
    }
    setSubmitting(true);
    try {
      const response = await login(body);
      if (response.code === PASSWORD_RESET_REQUIRED_CODE) {
        clearCodes();
        onResetRequired(body.emailAdr);
        return;
      }
      onLoggedIn(response.data);
    } catch (error) {
      clearCodes();
      if (isApiError(error)) {
        if (error.code === 'PRT_EMAIL_CODE_REQUIRED') setEmailCodeNeeded(true);
        applyServerErrors(form, error);
      }
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
      <Form.Item label={t('fields.verifyCode')} htmlFor={`${FORM_NAME}_verifyCode`} required>
        <div className="code-row">
          <Form.Item name="verifyCode" noStyle rules={[rule('verifyCode')]}>
            <Input maxLength={4} autoComplete="off" spellCheck={false} className="code-row__input" />
          </Form.Item>
          <CaptchaImage captcha={captcha} loading={captchaLoading} onRefresh={() => void refresh()} />
        </div>
      </Form.Item>
      {emailCodeNeeded ? (
        <Form.Item
          label={t('fields.emailCode')}
          htmlFor={`${FORM_NAME}_emailCode`}
          required
          extra={t('login.emailCodeHint')}
        >
          <div className="code-row">
            <Form.Item name="emailCode" noStyle rules={[rule('emailCode')]}>
              <Input maxLength={4} autoComplete="one-time-code" spellCheck={false} className="code-row__input" />
            </Form.Item>
            <SendCodeButton
              emailType={EMAIL_CODE_TYPE.login}
              getEmail={validEmail}
              getProof={loginCodeProof}
              onSettled={newPicture}
            />
          </div>
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

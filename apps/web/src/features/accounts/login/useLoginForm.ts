import { PASSWORD_RESET_REQUIRED_CODE } from '@portal/shared';
import { type TCaptcha, type TUserInfo, ZLoginPrecheckRequest, ZLoginRequest } from '@portal/shared/schemas/accounts';
import { Form, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { type MutableRefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/api-error.ts';
import { applyServerErrors, fieldsAreValid, schemaRule, validateForm } from '../../../lib/forms/schema-form.ts';
import { rememberFirstLogin } from '../../../lib/storage.ts';
import { type LoginCodeProof, login, precheckLogin } from '../accounts-api.ts';
import { useCaptcha } from './useCaptcha.ts';

export type LoginValues = { emailAdr?: string; pwd?: string; verifyCode?: string; emailCode?: string };
export type LoginField = keyof LoginValues;

export const FORM_NAME = 'login';
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

type LoginContext = {
  t: TFunction<'accounts'>;
  form: FormInstance<LoginValues>;
  captcha: TCaptcha | null;
  refresh: () => Promise<void>;
  checkedEmail: MutableRefObject<string | null>;
  setEmailCodeNeeded: (needed: boolean) => void;
  setProblem: (problem: LoginProblem | null) => void;
};

/** Reporting a refused try, the fields' rules, the picture code and the e-mail's pre-check. */
function loginHelpers({ form, captcha, refresh, checkedEmail, setEmailCodeNeeded, setProblem }: LoginContext) {
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

  /** The request used the picture code up: a new one for the log-in itself. */
  const newPicture = () => {
    form.setFieldsValue({ verifyCode: '' });
    void refresh();
  };
  return { report, forgetProblem, withTrace, rule, precheck, newPicture };
}

/** What "Send code" needs: a valid e-mail, and the password and picture code of the request. */
function codeRequestHelpers({ form, captcha, refresh }: LoginContext) {
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

  const validEmail = async (): Promise<string | null> => {
    if (!(await fieldsAreValid(form, [['emailAdr']]))) return null;
    const parsed = ZLoginPrecheckRequest.safeParse({ emailAdr: form.getFieldValue('emailAdr') });
    return parsed.success ? parsed.data.emailAdr : null;
  };
  return { loginCodeProof, validEmail };
}

type SubmitContext = LoginContext &
  ReturnType<typeof loginHelpers> & {
    emailCodeNeeded: boolean;
    setSubmitting: (submitting: boolean) => void;
    onLoggedIn: (user: TUserInfo) => void;
    onResetRequired: (emailAdr: string) => void;
  };

/** Logs in with what the form holds. */
function loginSubmitter(context: SubmitContext) {
  const { t, form, captcha, refresh, setProblem, setSubmitting, newPicture } = context;
  return async () => {
    if (!captcha) {
      void refresh();
      return;
    }
    context.forgetProblem();
    const body = validateForm(form, ZLoginRequest, context.withTrace(form.getFieldsValue(true)));
    if (!body) return;
    if (context.emailCodeNeeded && !body.emailCode) {
      // Nothing was sent: the picture code is still good.
      setProblem({ field: 'emailCode', message: t('login.enterEmailCode'), seq: Date.now() });
      return;
    }
    setSubmitting(true);
    try {
      const response = await login(body);
      if (response.code === PASSWORD_RESET_REQUIRED_CODE) {
        newPicture();
        context.onResetRequired(body.emailAdr);
        return;
      }
      rememberFirstLogin(response.data.firstLogin);
      context.onLoggedIn(response.data);
    } catch (error) {
      // The try used the picture code up: a new picture; the rest stays as typed.
      newPicture();
      context.report(error);
    } finally {
      setSubmitting(false);
    }
  };
}

/** The login form's state: the picture code, whether an e-mail code is needed, the last refusal. */
export function useLoginForm(onLoggedIn: (user: TUserInfo) => void, onResetRequired: (emailAdr: string) => void) {
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

  const context: LoginContext = { t, form, captcha, refresh, checkedEmail, setEmailCodeNeeded, setProblem };
  const helpers = loginHelpers(context);
  const submit = loginSubmitter({
    ...context,
    ...helpers,
    emailCodeNeeded,
    setSubmitting,
    onLoggedIn,
    onResetRequired,
  });
  const onValuesChange = (changed: LoginValues) => {
    if ('emailAdr' in changed && checkedEmail.current !== null) {
      checkedEmail.current = null;
      setEmailCodeNeeded(false);
    }
  };
  return {
    t,
    form,
    captcha,
    captchaLoading,
    refresh,
    emailCodeNeeded,
    submitting,
    problem,
    setProblem,
    submit,
    onValuesChange,
    ...helpers,
    ...codeRequestHelpers(context),
  };
}

export type LoginFormState = ReturnType<typeof useLoginForm>;

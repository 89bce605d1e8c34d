import { PASSWORD_RESET_REQUIRED_CODE } from '@portal/shared';
import { type TCaptcha, type TUserInfo, ZLoginPrecheckRequest, ZLoginRequest } from '@portal/shared/schemas/accounts';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { RefObject } from 'react';
import { isApiError } from '../../../lib/api/api-error.ts';
import { applyServerErrors, fieldsAreValid, schemaRule, validateForm } from '../../../lib/forms/schema-form.ts';
import { rememberFirstLogin } from '../../../lib/storage.ts';
import { type LoginCodeProof, login, precheckLogin } from '../accounts-api.ts';

/**
 * The steps of the login form (LoginForm.tsx) as plain functions: the form's state stays in the
 * component, which hands them what they read and set.
 */

export type LoginValues = { emailAdr?: string; pwd?: string; verifyCode?: string; emailCode?: string };
export type LoginField = keyof LoginValues;

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
export type LoginProblem = { field: LoginField | null; message: string; seq: number };

/** What the form's steps work on: the form, the picture code, and the state they set. */
export type LoginFlow = {
  form: FormInstance<LoginValues>;
  captcha: TCaptcha | null;
  refresh: () => Promise<void>;
  setEmailCodeNeeded: (needed: boolean) => void;
  setProblem: (problem: LoginProblem | null) => void;
};

/** Shows why the server refused: on its field, or above the form. */
export function reportRefusal({ form, setEmailCodeNeeded, setProblem }: LoginFlow, error: unknown) {
  if (!isApiError(error)) return;
  if (error.code === 'PRT_EMAIL_CODE_REQUIRED') setEmailCodeNeeded(true);
  // A PRT_VALIDATION answer: its messages on their fields (this form's fields are flat).
  const [first] = applyServerErrors(form, error);
  if (first) {
    form.focusField(String(first.name[0]) as LoginField);
    return;
  }
  setProblem({ field: LOGIN_ERROR_FIELD[error.code] ?? null, message: error.message, seq: Date.now() });
}

/** A new try: the last one's errors go. */
export function forgetProblem({ form, setProblem }: LoginFlow) {
  setProblem(null);
  form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
}

export const withTrace = (captcha: TCaptcha | null) => (values: Record<string, unknown>) => ({
  ...values,
  verifyCodeTraceId: captcha?.verifyCodeTraceId ?? 'pending',
});

export async function precheckEmail({ form, setEmailCodeNeeded }: LoginFlow, checkedEmail: RefObject<string | null>) {
  const parsed = ZLoginPrecheckRequest.safeParse({ emailAdr: form.getFieldValue('emailAdr') });
  if (!parsed.success || checkedEmail.current === parsed.data.emailAdr) return;
  checkedEmail.current = parsed.data.emailAdr;
  try {
    const { flag } = await precheckLogin(parsed.data.emailAdr);
    setEmailCodeNeeded(flag === '1');
  } catch {
    checkedEmail.current = null;
  }
}

/** The password and picture code a log-in code request needs, or null when the form shows what is missing. */
export async function loginCodeProof({ form, captcha, refresh }: LoginFlow): Promise<LoginCodeProof | null> {
  if (!captcha) {
    void refresh();
    return null;
  }
  if (!(await fieldsAreValid(form, [['pwd'], ['verifyCode']]))) return null;
  const parsed = ZLoginRequest.pick({ pwd: true, verifyCode: true }).safeParse(
    form.getFieldsValue(['pwd', 'verifyCode']),
  );
  return parsed.success ? { ...parsed.data, verifyCodeTraceId: captcha.verifyCodeTraceId } : null;
}

/** The request used the picture code up: a new one for the log-in itself. */
export function newPicture({ form, refresh }: LoginFlow) {
  form.setFieldsValue({ verifyCode: '' });
  void refresh();
}

export async function validEmail(form: FormInstance<LoginValues>): Promise<string | null> {
  if (!(await fieldsAreValid(form, [['emailAdr']]))) return null;
  const parsed = ZLoginPrecheckRequest.safeParse({ emailAdr: form.getFieldValue('emailAdr') });
  return parsed.success ? parsed.data.emailAdr : null;
}

export async function submitLogin(
  flow: LoginFlow,
  {
    emailCodeNeeded,
    t,
    setSubmitting,
    onResetRequired,
    onLoggedIn,
  }: {
    emailCodeNeeded: boolean;
    t: TFunction<'accounts'>;
    setSubmitting: (submitting: boolean) => void;
    onResetRequired: (emailAdr: string) => void;
    onLoggedIn: (user: TUserInfo) => void;
  },
) {
  const { form, captcha, refresh, setProblem } = flow;
  if (!captcha) {
    void refresh();
    return;
  }
  forgetProblem(flow);
  const body = validateForm(form, ZLoginRequest, withTrace(captcha)(form.getFieldsValue(true)));
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
      newPicture(flow);
      onResetRequired(body.emailAdr);
      return;
    }
    rememberFirstLogin(response.data.firstLogin);
    onLoggedIn(response.data);
  } catch (error) {
    // The try used the picture code up: a new picture; the rest stays as typed.
    newPicture(flow);
    reportRefusal(flow, error);
  } finally {
    setSubmitting(false);
  }
}

/** A changed e-mail is checked again on blur: until then no e-mail code is asked for. */
export function forgetPrecheck(
  changed: LoginValues,
  checkedEmail: RefObject<string | null>,
  setEmailCodeNeeded: (needed: boolean) => void,
) {
  if ('emailAdr' in changed && checkedEmail.current !== null) {
    checkedEmail.current = null;
    setEmailCodeNeeded(false);
  }
}

export type LoginRule = (field: LoginField) => FormRule;

/** A field's rule from the log-in request's schema, with the picture's trace id. */
export const loginRule =
  (captcha: TCaptcha | null): LoginRule =>
  (field) =>
    schemaRule(ZLoginRequest, field, withTrace(captcha));

import { ZCheckEmailCodeRequest, ZRegisterRequest } from '@portal/shared/schemas/accounts';
import { Form, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NavigateFunction, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/api-error.ts';
import { useFieldLabel } from '../../../lib/forms/field-labels.ts';
import {
  applyServerErrors,
  checkWithSchema,
  type FieldPath,
  fieldsAreValid,
  validateForm,
} from '../../../lib/forms/schema-form.ts';
import { showToast } from '../../../lib/notify.ts';
import { checkRegisterEmailCode, register } from '../accounts-api.ts';
import { SUBMIT_SUCCESS_PATH } from '../paths.ts';
import { PROFILE_FIELD_PATHS } from '../profile/profile-sections.ts';
import { useUnsavedChanges } from '../useUnsavedChanges.ts';
import {
  EMAIL_FIELDS,
  EMAIL_STEP_ERRORS,
  PASSWORD_FIELDS,
  type RegisterValues,
  type Step,
  stepOfField,
} from './register-steps.ts';

type StepContext = {
  t: TFunction<'accounts'>;
  form: FormInstance<RegisterValues>;
  navigate: NavigateFunction;
  verifiedEmail: string | null;
  setVerifiedEmail: (email: string | null) => void;
  setBusy: (busy: boolean) => void;
  setDirty: (dirty: boolean) => void;
  unsaved: ReturnType<typeof useUnsavedChanges>;
  go: (next: Step) => void;
};

/** The e-mail step: its code request, and checking the code before going on to the profile. */
function emailStep({ form, verifiedEmail, setVerifiedEmail, setBusy, go }: StepContext) {
  const validateStep = (fields: FieldPath[]) => fieldsAreValid(form, fields);
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

  return { validEmail, onCodeRefused, checkEmailStep };
}

/** The last step: registers the account, or shows the step an answer is about. */
function registerSubmitter({ t, form, navigate, setVerifiedEmail, setBusy, setDirty, unsaved, go }: StepContext) {
  const validateStep = (fields: FieldPath[]) => fieldsAreValid(form, fields);
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

  return submit;
}

// Each step is its own <form>; the submit event must not reach antd's Form around them, whose
// own submit handler would validate every field of every step at once.
const onSubmit = (handler: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  event.stopPropagation();
  void handler();
};

/** The registration's state: the step, the verified address, and what each step's button does. */
export function useNewRegistration() {
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

  /** Uploads before the account exists are made with the verified address and its code. */
  const registrantProof = () => {
    const emailCode = form.getFieldValue('emailCode') as string | undefined;
    return verifiedEmail && emailCode ? { emailAdr: verifiedEmail, emailCode: emailCode.trim() } : null;
  };
  const checkProfileStep = async () => {
    if (
      await fieldsAreValid(
        form,
        PROFILE_FIELD_PATHS.map((path) => [...path]),
      )
    )
      go(2);
  };
  const onValuesChange = (changed: RegisterValues) => {
    if (!dirty) setDirty(true);
    if ('emailAdr' in changed || 'emailCode' in changed) setVerifiedEmail(null);
    // Files uploaded so far belong to the address they were uploaded with.
    if ('emailAdr' in changed && form.getFieldValue(['profile', 'introAttachments'])?.length) {
      form.setFieldValue(['profile', 'introAttachments'], []);
    }
  };
  const context: StepContext = { t, form, navigate, verifiedEmail, setVerifiedEmail, setBusy, setDirty, unsaved, go };
  const email = emailStep(context);
  return {
    ...{ t, label, form, step, verifiedEmail, busy, unsaved, go, registrantProof, onValuesChange },
    ...email,
    onEmailStep: onSubmit(email.checkEmailStep),
    onProfileStep: onSubmit(checkProfileStep),
    onPasswordStep: onSubmit(registerSubmitter(context)),
  };
}

export type RegistrationState = ReturnType<typeof useNewRegistration>;

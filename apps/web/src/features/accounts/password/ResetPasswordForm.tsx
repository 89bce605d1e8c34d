import { ZEmailCodeRequest, ZResetPasswordRequest } from '@portal/shared/schemas/accounts';
import { Alert, Button, Form, type FormInstance, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsAreValid, schemaRule } from '../../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../../lib/forms/useSchemaSubmit.ts';
import { showToast } from '../../../lib/notify.ts';
import { EMAIL_CODE_TYPE, resetPassword } from '../accounts-api.ts';
import { SendCodeButton } from '../SendCodeButton.tsx';
import { useCountdown } from '../useCountdown.ts';
import { NewPasswordFields } from './password-fields.tsx';

type ResetValues = { emailAdr?: string; emailCode?: string; pwd?: string; confirmPwd?: string };

const rule = (field: keyof ResetValues) => schemaRule(ZResetPasswordRequest, field);

/** The e-mail a reset code goes to, or null when the form shows what is wrong with it. */
async function validResetEmail(form: FormInstance<ResetValues>): Promise<string | null> {
  if (!(await fieldsAreValid(form, [['emailAdr']]))) return null;
  const parsed = ZEmailCodeRequest.safeParse({ emailAdr: form.getFieldValue('emailAdr'), emailType: '2' });
  return parsed.success ? parsed.data.emailAdr : null;
}

type ResetPasswordFormProps = {
  /** The form's name (prefix of its field ids): unique on the page. */
  name: string;
  initialEmail?: string | undefined;
  /** Shown above the form (why a reset is needed, when the login asked for it). */
  notice?: string | undefined;
  onDone: (emailAdr: string) => void;
  onCancel?: () => void;
};

/**
 * Password reset (SPEC §2 /resetPassword, and the login dialog's "Forgot password" view): the
 * work e-mail, "Send code" (emailType 2), then the code, the new password and its confirmation.
 */
export function ResetPasswordForm({ name, initialEmail, notice, onDone, onCancel }: ResetPasswordFormProps) {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<ResetValues>();
  const [codeSent, setCodeSent] = useState(false);
  const countdown = useCountdown();
  const validEmail = () => validResetEmail(form);

  const { submit, saving: submitting } = useSchemaSubmit(form, ZResetPasswordRequest, async (body) => {
    await resetPassword(body);
    showToast({ type: 'success', content: t('messages.resetPasswordSuccess') });
    onDone(body.emailAdr);
  });

  return (
    <Form<ResetValues>
      form={form}
      name={name}
      layout="vertical"
      requiredMark={false}
      initialValues={{ emailAdr: initialEmail ?? '' }}
      onFinish={submit}
      className="reset-form"
    >
      {notice ? <Alert type="warning" showIcon title={notice} className="reset-form__notice" /> : null}
      <p className="form-intro">{codeSent ? t('reset.introCode') : t('reset.introEmail')}</p>
      <EmailField
        name={name}
        initialEmail={initialEmail}
        codeSent={codeSent}
        getEmail={validEmail}
        countdown={countdown}
      />
      {codeSent ? (
        <CodeAndPassword form={form} submitting={submitting} />
      ) : (
        <SendCodeButton
          emailType={EMAIL_CODE_TYPE.reset}
          getEmail={validEmail}
          onSent={() => setCodeSent(true)}
          countdown={countdown}
          primary
          block
        />
      )}
      {onCancel ? (
        <div className="reset-form__back">
          <Button type="link" onClick={onCancel}>
            {t('reset.backToLogin')}
          </Button>
        </div>
      ) : null}
    </Form>
  );
}

/** The work e-mail, with "Send code" beside it once a code was sent. */
function EmailField({
  name,
  initialEmail,
  codeSent,
  getEmail,
  countdown,
}: {
  name: string;
  initialEmail: string | undefined;
  codeSent: boolean;
  getEmail: () => Promise<string | null>;
  countdown: ReturnType<typeof useCountdown>;
}) {
  const { t } = useTranslation('accounts');
  return (
    <Form.Item
      label={t('fields.workEmail')}
      htmlFor={`${name}_emailAdr`}
      required
      {...(codeSent ? {} : { extra: t('reset.emailHint') })}
    >
      <div className="code-row">
        <Form.Item name="emailAdr" noStyle rules={[rule('emailAdr')]} validateTrigger="onBlur">
          <Input
            type="email"
            inputMode="email"
            autoComplete="username"
            maxLength={254}
            className="code-row__input"
            autoFocus={!initialEmail}
          />
        </Form.Item>
        {codeSent ? (
          <SendCodeButton emailType={EMAIL_CODE_TYPE.reset} getEmail={getEmail} countdown={countdown} />
        ) : null}
      </div>
    </Form.Item>
  );
}

/** The code e-mailed, the new password and its confirmation, and the submit button. */
function CodeAndPassword({ form, submitting }: { form: FormInstance<ResetValues>; submitting: boolean }) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <Form.Item name="emailCode" label={t('fields.emailCode')} required rules={[rule('emailCode')]}>
        <Input maxLength={4} autoComplete="one-time-code" spellCheck={false} autoFocus />
      </Form.Item>
      <NewPasswordFields form={form} schema={ZResetPasswordRequest} />
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        {t('reset.submit')}
      </Button>
    </>
  );
}

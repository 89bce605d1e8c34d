import { translate } from '@portal/shared';
import { Form, type FormInstance, type FormRule, Input } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { schemaRule } from '../../../lib/forms/schema-form.ts';
import { getLocale } from '../../../lib/i18n/locale.ts';
import { PasswordChecklist } from './PasswordChecklist.tsx';

/**
 * "The two passwords do not match" as soon as the confirmation differs. The schemas say the same
 * (their `refine` on the whole request), but zod runs that only once every other field is valid.
 */
export function confirmationRule(passwordField = 'pwd'): FormRule {
  return (form) => ({
    validator: async (_rule, value) => {
      if (value && value !== form.getFieldValue(passwordField)) {
        throw new Error(translate(getLocale(), 'errors.validation.passwordMismatch'));
      }
    },
  });
}

/** New password with its live policy checklist, and the confirmation; validated by `schema`. */
export function NewPasswordFields({
  form,
  schema,
  autoFocus = false,
}: {
  form: FormInstance;
  schema: z.ZodType;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('accounts');
  const checklistId = useId();
  const password = Form.useWatch<string | undefined>('pwd', form);
  return (
    <>
      <Form.Item
        name="pwd"
        label={t('fields.newPassword')}
        required
        rules={[schemaRule(schema, 'pwd')]}
        extra={<PasswordChecklist value={password} id={checklistId} />}
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={64}
          aria-describedby={checklistId}
          autoFocus={autoFocus}
        />
      </Form.Item>
      <Form.Item
        name="confirmPwd"
        label={t('fields.confirmPassword')}
        required
        dependencies={['pwd']}
        rules={[schemaRule(schema, 'confirmPwd'), confirmationRule()]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
    </>
  );
}

import { ZChangePasswordRequest } from '@portal/shared/schemas/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../app/route-paths.ts';
import { changePassword } from '../../features/accounts/accounts-api.ts';
import { forgetCurrentUser, useCurrentUser } from '../../features/accounts/current-user.ts';
import { NewPasswordFields } from '../../features/accounts/password/password-fields.tsx';
import { appEvents } from '../../lib/events.ts';
import { schemaRule } from '../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { showToast } from '../../lib/notify.ts';

type Values = { oPwd?: string; pwd?: string; confirmPwd?: string };

/**
 * /userCenter/modifyPassword: current password, new password (with the policy checklist) and
 * its confirmation. The server ends the session on success: the user logs in again.
 */
export function ModifyPasswordPage() {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const current = useCurrentUser();
  const emailAdr = current.status === 'user' ? current.user.emailAdr : undefined;

  const { submit, saving } = useSchemaSubmit(
    form,
    ZChangePasswordRequest,
    async (body) => {
      await changePassword(body);
      showToast({ type: 'success', content: t('messages.modifyPasswordSuccess') });
      // Leave the login-only page first, so the guard does not remember it as the page to return to.
      // flushSync: a navigation is a transition, and forgetting the user is not; without it the
      // page's guard renders the forgotten user first, reopens the log-in without the address and
      // keeps this page as the one to return to.
      await navigate(HOME_PATH, { flushSync: true });
      forgetCurrentUser(queryClient);
      appEvents.emit('open-login', { reason: 'password-changed', ...(emailAdr ? { emailAdr } : {}) });
    },
    {
      onApiError: (error) => {
        showToast({ type: 'error', content: t('messages.modifyPasswordFailed', { reason: error.message }) });
        if (error.code === 'PRT_OLD_PASSWORD_INCORRECT') form.setFields([{ name: 'oPwd', errors: [error.message] }]);
      },
    },
  );

  return (
    <div className="user-center-panel">
      <h1 className="user-center-panel__title">{t('routes.modifyPassword')}</h1>
      <p className="form-intro">{t('changePassword.intro')}</p>
      <Form<Values>
        form={form}
        name="modifyPassword"
        layout="vertical"
        onFinish={submit}
        className="user-center-panel__form"
      >
        <Form.Item
          name="oPwd"
          label={t('fields.currentPassword')}
          required
          rules={[schemaRule(ZChangePasswordRequest, 'oPwd')]}
        >
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <NewPasswordFields form={form} schema={ZChangePasswordRequest} />
        <div className="form-actions form-actions--start">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('changePassword.submit')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

import '../accounts.css';
import { type TUserInfo, ZFirstPasswordRequest } from '@portal/shared/schemas/accounts';
import { Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSchemaSubmit } from '../../../lib/forms/useSchemaSubmit.ts';
import { showToast } from '../../../lib/notify.ts';
import { setFirstPassword } from '../accounts-api.ts';
import { useLogout } from '../useLogout.ts';
import { NewPasswordFields } from './password-fields.tsx';

type Values = { pwd?: string; confirmPwd?: string };

/**
 * The set-password dialog (SPEC §4: forced password change, nfrcModPswdInd '1'). It cannot be
 * dismissed: the user sets a password (the server then ends the session and the login dialog
 * asks to log in with it) or logs out.
 */
export function SetPasswordDialog({ user, onChanged }: { user: TUserInfo; onChanged: (emailAdr: string) => void }) {
  const { t } = useTranslation('accounts');
  const logout = useLogout();
  const [form] = Form.useForm<Values>();
  const { submit, saving: submitting } = useSchemaSubmit(
    form,
    ZFirstPasswordRequest,
    async (body) => {
      await setFirstPassword(body);
      showToast({ type: 'success', content: t('messages.modifyPasswordSuccess') });
      onChanged(user.emailAdr);
    },
    {
      onApiError: (error) =>
        showToast({ type: 'error', content: t('messages.modifyPasswordFailed', { reason: error.message }) }),
    },
  );

  return (
    <Modal
      open
      title={t('setPassword.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={480}
      footer={null}
      className="set-password-dialog"
    >
      <p className="form-intro">{t('setPassword.intro', { name: user.usrNm })}</p>
      <Form<Values> form={form} name="setPassword" layout="vertical" requiredMark={false} onFinish={submit}>
        <NewPasswordFields form={form} schema={ZFirstPasswordRequest} autoFocus />
        <div className="dialog-actions">
          <Button onClick={() => void logout()}>{t('header.logout')}</Button>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t('setPassword.submit')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

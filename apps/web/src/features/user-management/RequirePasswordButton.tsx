import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify.ts';
import { requireBackofficePasswordChange } from './user-management-api.ts';

/**
 * "Require new password" on an account row of the back office, after a confirmation: the account's
 * sessions end and its next log-in opens the set-password dialog (nfrcModPswdInd 1).
 */
export function RequirePasswordButton({ lgcSn, name }: { lgcSn: string; name: string }) {
  const { t } = useTranslation('users');
  const confirm = async () => {
    try {
      await requireBackofficePasswordChange(lgcSn);
      showToast({ type: 'success', content: t('requirePassword.done', { name }) });
    } catch {
      // The toast said why.
    }
  };
  return (
    <Popconfirm
      title={t('requirePassword.title', { name })}
      description={t('requirePassword.text')}
      okText={t('requirePassword.confirm')}
      cancelText={t('actions.cancel')}
      onConfirm={confirm}
    >
      <Button type="link" aria-label={t('requirePassword.for', { name })}>
        {t('actions.requirePassword')}
      </Button>
    </Popconfirm>
  );
}

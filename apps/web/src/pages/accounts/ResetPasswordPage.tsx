import '../../features/accounts/accounts.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../app/route-paths.ts';
import { AccountPageFrame } from '../../features/accounts/AccountPageFrame.tsx';
import { ResetPasswordForm } from '../../features/accounts/password/ResetPasswordForm.tsx';
import { appEvents } from '../../lib/events.ts';

/** /resetPassword (?key=reset): reset a forgotten password, then log in with the new one. */
export function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  return (
    <AccountPageFrame title={t('routes.resetPassword')} width="narrow">
      <ResetPasswordForm
        name="resetPassword"
        onDone={(emailAdr) => {
          navigate(HOME_PATH);
          appEvents.emit('open-login', { reason: 'password-changed', emailAdr });
        }}
      />
    </AccountPageFrame>
  );
}

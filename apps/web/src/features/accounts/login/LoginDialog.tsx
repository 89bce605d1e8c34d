import '../accounts.css';
import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../../lib/i18n/translate.ts';
import { ResetPasswordForm } from '../password/ResetPasswordForm.tsx';
import { LoginForm } from './LoginForm.tsx';

export type LoginView = { kind: 'login'; emailAdr?: string } | { kind: 'reset'; emailAdr?: string; notice?: string };

type LoginDialogProps = {
  open: boolean;
  initialEmail?: string | undefined;
  /** The title key of the page that needed the log-in: the dialog says which page it opens. */
  pageTitle?: string | undefined;
  onClose: () => void;
  onLoggedIn: (user: TUserInfo) => void;
};

/**
 * The global login dialog (SPEC §2): closes on a click outside or Escape. Holds two views: the
 * login form, and the password reset ("Forgot password", or the login answered YBLTS100U022).
 */
export function LoginDialog({ open, initialEmail, pageTitle, onClose, onLoggedIn }: LoginDialogProps) {
  const { t } = useTranslation('accounts');
  const [view, setView] = useState<LoginView>({ kind: 'login', ...(initialEmail ? { emailAdr: initialEmail } : {}) });
  // Every opening starts at the login form; `key` below gives each opening fresh forms.
  const [opening, setOpening] = useState(0);

  useEffect(() => {
    if (!open) return;
    setView({ kind: 'login', ...(initialEmail ? { emailAdr: initialEmail } : {}) });
    setOpening((count) => count + 1);
  }, [open, initialEmail]);

  const title = view.kind === 'login' ? t('login.title') : t('reset.title');
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      footer={null}
      width={440}
      mask={{ closable: true }}
      keyboard
      destroyOnHidden
      className="login-dialog"
    >
      {view.kind === 'login' && pageTitle ? <LoginReason pageTitle={pageTitle} /> : null}
      {view.kind === 'login' ? (
        <LoginForm
          key={`login-${opening}-${view.emailAdr ?? ''}`}
          initialEmail={view.emailAdr}
          onLoggedIn={onLoggedIn}
          onLeave={onClose}
          onForgotPassword={(emailAdr) => setView({ kind: 'reset', ...(emailAdr ? { emailAdr } : {}) })}
          onResetRequired={(emailAdr) => setView({ kind: 'reset', emailAdr, notice: t('reset.requiredNotice') })}
        />
      ) : (
        <ResetPasswordForm
          key={`reset-${opening}`}
          name="loginReset"
          initialEmail={view.emailAdr}
          notice={view.notice}
          onDone={(emailAdr) => setView({ kind: 'login', emailAdr })}
          onCancel={() => setView({ kind: 'login', ...(view.emailAdr ? { emailAdr: view.emailAdr } : {}) })}
        />
      )}
    </Modal>
  );
}

/** "Log in to open Business Opportunities": why the dialog opened, by the page's own title. */
function LoginReason({ pageTitle }: { pageTitle: string }) {
  const { t } = useTranslation('accounts');
  const page = translateKey(pageTitle, '');
  return (
    <p className="login-dialog__reason" role="status">
      {page ? t('login.reason', { page }) : t('login.reasonPage')}
    </p>
  );
}

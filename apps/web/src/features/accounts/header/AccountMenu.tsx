import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserIcon } from '../../../components/icons.tsx';
import { appEvents } from '../../../lib/events.ts';
import { lazyComponent } from '../../../lib/lazy-page.ts';
import { readDisplayData, useCurrentUser } from '../current-user.ts';
import { REGISTER_PATH } from '../paths.ts';

const UserMenu = lazyComponent(() => import('./UserMenu.tsx'), 'UserMenu');

/** The user's name in the header while the session is checked or their menu loads. */
function PendingName({ name }: { name: string }) {
  return (
    <span className="account-menu__name account-menu__name--pending">
      <UserIcon size={16} />
      <span className="account-menu__pending-name">{name}</span>
    </span>
  );
}

/**
 * The header's account action (SPEC §2): "Log in" and "Register" for a visitor; for a signed-in
 * user the menu under their name (UserMenu, loaded for a user only). A visitor's two are plain
 * DOM, the log-in button styled as antd's primary button (global.css, `.plain-primary-button`):
 * the public pages' first render then runs no antd component in the header (issue 27, blocking
 * time on a phone).
 */
export function AccountMenu() {
  const { t } = useTranslation('accounts');
  const current = useCurrentUser();

  if (current.status === 'loading') {
    // The last user's name, while the server confirms the session (no "Log in" flash).
    const remembered = readDisplayData();
    return remembered ? <PendingName name={remembered.usrNm} /> : null;
  }

  if (current.status === 'visitor') {
    return (
      <div className="account-menu">
        <Link to={REGISTER_PATH} className="account-menu__register">
          {t('header.register')}
        </Link>
        <button
          type="button"
          className="plain-primary-button"
          onClick={() => appEvents.emit('open-login', { reason: 'user' })}
        >
          {t('header.login')}
        </button>
      </div>
    );
  }

  return (
    <Suspense fallback={<PendingName name={current.user.usrNm} />}>
      <UserMenu user={current.user} />
    </Suspense>
  );
}

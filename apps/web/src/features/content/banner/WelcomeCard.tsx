import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appEvents } from '../../../lib/events.ts';
import { translateKey } from '../../../lib/i18n/translate.ts';
import { isFirstLogin } from '../../../lib/storage.ts';
import { hasAccess } from '../../accounts/account-states.ts';
import { readDisplayData, useCurrentUser } from '../../accounts/current-user.ts';
import { REGISTER_PATH } from '../../accounts/paths.ts';
import { userCenterTabs } from '../../accounts/user-center-menu.ts';

/**
 * Beside the banner (SPEC §2): for a visitor the log-in button and the way to register (also while
 * the session is being checked in a browser that remembers no user); for a signed-in user a
 * greeting, the welcome line (a first-time line after the account's first log-in ever) and quick
 * links to their user-centre tabs.
 */
export function WelcomeCard() {
  const { t } = useTranslation('content');
  const current = useCurrentUser();

  // While the server confirms the session, a browser no one has signed in on (no remembered user,
  // as in the header) shows the visitor's card at once: a placeholder of another height would push
  // the page below it down when the card came (a layout shift on a phone). The last user's browser
  // keeps the placeholder (their card has other lines).
  if (current.status === 'loading' && readDisplayData()) {
    return <div className="welcome-card welcome-card--pending" aria-hidden="true" />;
  }

  if (current.status !== 'user') {
    return (
      <aside className="welcome-card" aria-labelledby="welcome-card-title">
        <h2 id="welcome-card-title" className="welcome-card__title">
          {t('welcome.visitorTitle')}
        </h2>
        <p className="welcome-card__text">{t('welcome.visitorText')}</p>
        <div className="welcome-card__actions">
          <button
            type="button"
            className="button button--primary"
            data-track="welcome:login"
            onClick={() => appEvents.emit('open-login', { reason: 'user' })}
          >
            {t('welcome.login')}
          </button>
          <Link to={REGISTER_PATH} className="button button--ghost" data-track="welcome:register">
            {t('welcome.register')}
          </Link>
        </div>
      </aside>
    );
  }

  const { user } = current;
  const tabs = hasAccess(user) ? userCenterTabs(user.rlTpcd) : [];
  return (
    <aside className="welcome-card" aria-labelledby="welcome-card-title">
      <h2 id="welcome-card-title" className="welcome-card__title">
        {t('welcome.greeting', { name: user.usrNm })}
      </h2>
      <p className="welcome-card__text">{t(isFirstLogin() ? 'welcome.firstLine' : 'welcome.welcomeLine')}</p>
      {tabs.length ? (
        <nav aria-label={t('welcome.quickLinks')}>
          <ul className="welcome-card__links">
            {tabs.map((tab) => (
              <li key={tab.key}>
                <Link to={tab.path} className="welcome-card__link" data-track={`welcome:${tab.key}`}>
                  {translateKey(tab.label, tab.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </aside>
  );
}

import '../../components/list-page.css';
import '../../features/backoffice/backoffice.css';
import { Button } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { BrandMark } from '../../components/BrandMark.tsx';
import { classNames } from '../../components/class-names.ts';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import { useLogout } from '../../features/accounts/useLogout.ts';
import { BACKOFFICE_MENU } from '../../features/backoffice/backoffice-menu.ts';
import { useSiteNames } from '../../features/site-config/useSiteNames.ts';
import { useNamespace } from '../../lib/i18n/namespaces.ts';
import { translateKey } from '../../lib/i18n/translate.ts';
import { HOME_PATH } from '../route-paths.ts';
import { PageFallback } from '../shell/PageFallback.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';

/**
 * The back office (/backend, bank staff): a bar with the portal's name, language switch and the
 * signed-in staff member; the menu of `BACKOFFICE_MENU` on the left; the page on the right.
 * Its texts (the `backoffice` namespace) download with it; a spinner shows until they are there.
 */
export function BackofficeLayout() {
  return useNamespace('backoffice') ? <BackofficeFrame /> : <PageFallback />;
}

function BackofficeFrame() {
  const { t } = useTranslation('backoffice');
  const { portalName } = useSiteNames();
  const current = useCurrentUser();
  const logout = useLogout();
  const user = current.status === 'user' ? current.user : null;
  const visibleMenu = BACKOFFICE_MENU.filter(
    (item) => !item.roles || (user && item.roles.some((role) => user.rlTpcd.includes(role))),
  );
  return (
    <div className="backoffice">
      <SkipLink />
      <header className="backoffice__bar">
        <Link to={HOME_PATH} className="backoffice__brand">
          <BrandMark size={32} />
          <span className="backoffice__portal">{portalName}</span>
          <span className="backoffice__badge">{t('title')}</span>
        </Link>
        <div className="backoffice__tools">
          <LanguageSwitch />
          {user ? <span className="backoffice__user">{user.usrNm}</span> : null}
          <Link to={HOME_PATH} className="backoffice__portal-link">
            {t('backToPortal')}
          </Link>
          {user ? (
            <Button size="small" onClick={() => void logout()}>
              {t('logout')}
            </Button>
          ) : null}
        </div>
      </header>
      <div className="backoffice__body">
        <nav className="backoffice__nav" aria-label={t('menuLabel')}>
          <ul>
            {visibleMenu.map((item, index) => (
              <li key={item.key}>
                {item.group && item.group !== visibleMenu[index - 1]?.group ? (
                  <span className="backoffice__group">{translateKey(item.group, item.key)}</span>
                ) : null}
                <NavLink
                  to={item.path}
                  className={({ isActive }) => classNames('backoffice__link', isActive && 'is-active')}
                >
                  {translateKey(item.label, item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id={MAIN_CONTENT_ID} className="backoffice__main" tabIndex={-1}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

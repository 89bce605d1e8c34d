import '../../components/list-page.css';
import '../../features/backoffice/backoffice.css';
import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BrandMark } from '../../components/BrandMark.tsx';
import { MenuIcon } from '../../components/icons.tsx';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import { useLogout } from '../../features/accounts/useLogout.ts';
import { BACKOFFICE_MENU } from '../../features/backoffice/backoffice-menu.ts';
import { useSiteNames } from '../../features/site-config/useSiteNames.ts';
import { useNamespace } from '../../lib/i18n/namespaces.ts';
import { HOME_PATH } from '../route-paths.ts';
import { PageFallback } from '../shell/PageFallback.tsx';
import { BackofficeNav } from './BackofficeNav.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';
import { usePhoneMenu } from './usePhoneMenu.ts';

// Loaded when a phone's menu button is first pressed (as the public pages' MenuDrawer).
const BackofficeMenuDrawer = lazy(() => import('./BackofficeMenuDrawer.tsx'));

/**
 * The back office (/backend, bank staff): a bar with the portal's name, language switch and the
 * signed-in staff member; the menu of `BACKOFFICE_MENU` on the left; the page on the right.
 * On a phone (`usePhoneMenu`) the bar keeps the mark, the badge, the language switch and a
 * "Menu" button, which opens the menu, the staff member, the way back to the portal and
 * log-out in a drawer (closed again by following a link).
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
  const menu = usePhoneMenu();
  const { phone } = menu;

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
          <BarTools phone={phone} menu={menu} user={user} onLogout={() => void logout()} />
        </div>
      </header>
      {phone && menu.used ? (
        <Suspense fallback={null}>
          <BackofficeMenuDrawer
            id={menu.id}
            open={menu.open}
            onClose={menu.close}
            items={visibleMenu}
            userName={user?.usrNm}
            onLogout={user ? () => void logout() : undefined}
          />
        </Suspense>
      ) : null}
      <div className="backoffice__body">
        {phone ? null : <BackofficeNav items={visibleMenu} />}
        <main id={MAIN_CONTENT_ID} className="backoffice__main" tabIndex={-1}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

/** On a phone the "Menu" button; else the staff member, the way back to the portal and log-out. */
function BarTools({
  phone,
  menu,
  user,
  onLogout,
}: {
  phone: boolean;
  menu: ReturnType<typeof usePhoneMenu>;
  user: TUserInfo | null;
  onLogout: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const { t: tc } = useTranslation();
  return phone ? (
    <button
      type="button"
      className="backoffice__menu-button"
      aria-expanded={menu.open}
      aria-controls={menu.open ? menu.id : undefined}
      onClick={menu.show}
    >
      <MenuIcon size={18} />
      <span>{tc('a11y.openMenu')}</span>
    </button>
  ) : (
    <>
      {user ? <span className="backoffice__user">{user.usrNm}</span> : null}
      <Link to={HOME_PATH} className="backoffice__portal-link">
        {t('backToPortal')}
      </Link>
      {user ? (
        <Button size="small" onClick={onLogout}>
          {t('logout')}
        </Button>
      ) : null}
    </>
  );
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../components/BrandMark.tsx';
import { MenuIcon } from '../../components/icons.tsx';
import { useSiteNames } from '../../features/site-config/useSiteNames.ts';
import { HOME_PATH } from '../route-paths.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MainNav } from './MainNav.tsx';
import { HEADER_ACTIONS } from './slots.tsx';
import { usePhoneMenu } from './usePhoneMenu.ts';

// Loaded when a phone's menu button is first pressed: antd's Drawer stays out of the initial download.
const MenuDrawer = lazy(() => import('./MenuDrawer.tsx'));

/**
 * Brand, language switch, header actions (login / user menu / messages slot) and the menu: a bar
 * under the header on wider screens; on a phone one row (the name by whole words, the language
 * switch as the other language's button, icon-only account and menu buttons) whose menu button
 * opens the menu in a drawer.
 */
export function PortalHeader() {
  const { t } = useTranslation();
  const { portalName, bankName } = useSiteNames();
  const menu = usePhoneMenu();
  const { phone } = menu;

  return (
    <header className="portal-header">
      <div className="portal-header__bar container">
        <Link to={HOME_PATH} className="brand">
          <BrandMark size={phone ? 32 : 40} />
          <span className="brand__text">
            <span className="brand__portal">{portalName}</span>
            {bankName ? <span className="brand__bank">{bankName}</span> : null}
          </span>
        </Link>
        <div className="portal-header__tools">
          <LanguageSwitch />
          {HEADER_ACTIONS.length ? (
            <div className="portal-header__actions">
              {HEADER_ACTIONS.map(({ id, Component }) => (
                <Suspense key={id} fallback={null}>
                  <Component />
                </Suspense>
              ))}
            </div>
          ) : null}
          {phone ? (
            <button
              type="button"
              className="nav-toggle"
              aria-expanded={menu.open}
              aria-controls={menu.open ? menu.id : undefined}
              aria-label={t('a11y.openMenu')}
              onClick={menu.show}
            >
              <MenuIcon size={20} />
            </button>
          ) : null}
        </div>
      </div>
      {phone ? (
        menu.used ? (
          <Suspense fallback={null}>
            <MenuDrawer id={menu.id} open={menu.open} onClose={menu.close} />
          </Suspense>
        ) : null
      ) : (
        <MainNav id={menu.id} />
      )}
    </header>
  );
}

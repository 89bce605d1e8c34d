import { Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '../../components/BrandMark.tsx';
import { CloseIcon, MenuIcon } from '../../components/icons.tsx';
import { useSiteNames } from '../../features/site-config/useSiteNames.ts';
import { HOME_PATH } from '../route-paths.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MainNav } from './MainNav.tsx';
import { HEADER_ACTIONS } from './slots.tsx';

/** Brand, language switch, header actions (login / user menu / messages slot) and the menu. */
export function PortalHeader() {
  const { t } = useTranslation();
  const { portalName, bankName } = useSiteNames();
  const { pathname } = useLocation();
  const navId = useId();
  const [navOpen, setNavOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the narrow-screen menu closes on navigation
  useEffect(() => setNavOpen(false), [pathname]);

  return (
    <header className="portal-header">
      <div className="portal-header__bar container">
        <Link to={HOME_PATH} className="brand">
          <BrandMark size={40} />
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
          <button
            type="button"
            className="nav-toggle"
            aria-expanded={navOpen}
            aria-controls={navId}
            onClick={() => setNavOpen((open) => !open)}
          >
            {navOpen ? <CloseIcon size={18} /> : <MenuIcon size={18} />}
            <span>{navOpen ? t('a11y.closeMenu') : t('a11y.openMenu')}</span>
          </button>
        </div>
      </div>
      <MainNav id={navId} open={navOpen} />
    </header>
  );
}

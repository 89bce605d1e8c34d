import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { classNames } from '../../components/class-names.ts';
import { translateKey } from '../../lib/i18n/translate.ts';
import { isMenuItemActive, MAIN_MENU, type MenuItem } from './menu.ts';
import { NavDrawer } from './NavDrawer.tsx';

/**
 * The phone's main menu (SPEC §2) in a drawer: every submenu shown, tooltips as visible hints,
 * following a link closes it. Its own module, loaded the first time the menu button is pressed
 * (PortalHeader), so antd's Drawer is not in every page's initial download.
 */
export default function MenuDrawer({ id, open, onClose }: { id: string; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <NavDrawer open={open} onClose={onClose} title={t('a11y.openMenu')}>
      <nav id={id} className="main-nav main-nav--drawer" aria-label={t('a11y.mainNav')}>
        <ul className="main-nav__list">
          {MAIN_MENU.map((item) =>
            item.children?.length ? (
              <DrawerGroup key={item.key} item={item} active={isMenuItemActive(item, pathname)} onNavigate={onClose} />
            ) : (
              <DrawerEntry key={item.key} item={item} active={isMenuItemActive(item, pathname)} onNavigate={onClose} />
            ),
          )}
        </ul>
      </nav>
    </NavDrawer>
  );
}

/** A top-level link in the drawer, its tooltip shown as a hint under it. */
function DrawerEntry({ item, active, onNavigate }: { item: MenuItem; active: boolean; onNavigate?: () => void }) {
  const hintId = useId();
  const hint = item.tooltip ? translateKey(item.tooltip, '') : '';
  return (
    <li className={classNames('main-nav__item', active && 'is-active')}>
      <NavLink
        to={item.path}
        end
        caseSensitive
        className="main-nav__link"
        aria-describedby={hint ? hintId : undefined}
        onClick={onNavigate}
      >
        {translateKey(item.label, item.key)}
      </NavLink>
      {hint ? (
        <span id={hintId} className="main-nav__hint">
          {hint}
        </span>
      ) : null}
    </li>
  );
}

/** A group in the drawer: its link, then its submenu's links, always shown. */
function DrawerGroup({ item, active, onNavigate }: { item: MenuItem; active: boolean; onNavigate?: () => void }) {
  return (
    <li className={classNames('main-nav__item', 'has-submenu', active && 'is-active')}>
      <NavLink to={item.path} end caseSensitive className="main-nav__link" onClick={onNavigate}>
        {translateKey(item.label, item.key)}
      </NavLink>
      <ul className="main-nav__submenu">
        {item.children?.map((child) => (
          <li key={child.key}>
            <NavLink to={child.path} end caseSensitive className="main-nav__sublink" onClick={onNavigate}>
              {translateKey(child.label, child.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { classNames } from '../../components/class-names.ts';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { translateKey } from '../../lib/i18n/translate.ts';
import { isMenuItemActive, MAIN_MENU, type MenuItem } from './menu.ts';

/**
 * The header menu (SPEC §2) as a bar on wider screens: a disclosure navigation. Top-level items
 * are links, a group has a separate toggle button for its submenu (also opened on hover). Escape
 * closes a submenu or tooltip and returns focus to its toggle; arrow keys move within an open
 * submenu. Phones get the same menu in a drawer (MenuDrawer.tsx).
 */
export function MainNav({ id }: { id: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close submenus whenever the page changes
  useEffect(() => setExpanded(null), [pathname]);

  return (
    <nav id={id} className="main-nav main-nav--bar" aria-label={t('a11y.mainNav')}>
      <ul className="main-nav__list container">
        {MAIN_MENU.map((item) =>
          item.children?.length ? (
            <MenuGroup
              key={item.key}
              item={item}
              active={isMenuItemActive(item, pathname)}
              expanded={expanded === item.key}
              onExpandedChange={(next) =>
                setExpanded((current) => (next ? item.key : current === item.key ? null : current))
              }
            />
          ) : (
            <MenuEntry key={item.key} item={item} active={isMenuItemActive(item, pathname)} />
          ),
        )}
      </ul>
    </nav>
  );
}

function MenuEntry({ item, active }: { item: MenuItem; active: boolean }) {
  const tipId = useId();
  const [tipVisible, setTipVisible] = useState(false);
  const label = translateKey(item.label, item.key);
  const tooltip = item.tooltip ? translateKey(item.tooltip, '') : '';
  return (
    <li
      className={classNames('main-nav__item', active && 'is-active')}
      onMouseEnter={tooltip ? () => setTipVisible(true) : undefined}
      onMouseLeave={tooltip ? () => setTipVisible(false) : undefined}
    >
      <NavLink
        to={item.path}
        end
        caseSensitive
        className="main-nav__link"
        aria-describedby={tooltip ? tipId : undefined}
        onFocus={tooltip ? () => setTipVisible(true) : undefined}
        onBlur={tooltip ? () => setTipVisible(false) : undefined}
        onKeyDown={tooltip ? (event) => event.key === 'Escape' && setTipVisible(false) : undefined}
      >
        {label}
      </NavLink>
      {tooltip ? (
        <span id={tipId} role="tooltip" className={classNames('nav-tooltip', tipVisible && 'is-visible')}>
          {tooltip}
        </span>
      ) : null}
    </li>
  );
}

/** Moves focus within a group's open submenu: to the first link, or the next or previous one. */
function focusSubmenuLink(group: HTMLElement | null, offset: 1 | -1 | 'first') {
  const links = [...(group?.querySelectorAll<HTMLAnchorElement>('.main-nav__sublink') ?? [])];
  if (!links.length) return;
  const current = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next = offset === 'first' || current === -1 ? 0 : (current + offset + links.length) % links.length;
  links[next]?.focus();
}

/** Escape closes the submenu and returns to its toggle; arrow keys open it and move within it. */
function handleGroupKey(
  event: KeyboardEvent<HTMLLIElement>,
  {
    expanded,
    onExpandedChange,
    group,
    toggle,
  }: {
    expanded: boolean;
    onExpandedChange: (expanded: boolean) => void;
    group: HTMLLIElement | null;
    toggle: HTMLButtonElement | null;
  },
) {
  if (event.key === 'Escape' && expanded) {
    event.preventDefault();
    onExpandedChange(false);
    toggle?.focus();
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    const inSubmenu = (event.target as HTMLElement).classList.contains('main-nav__sublink');
    if (!inSubmenu && event.target !== toggle) return;
    event.preventDefault();
    if (inSubmenu) focusSubmenuLink(group, event.key === 'ArrowDown' ? 1 : -1);
    else if (expanded) focusSubmenuLink(group, 'first');
    else {
      onExpandedChange(true);
      // The submenu becomes visible on the next render.
      window.requestAnimationFrame(() => focusSubmenuLink(group, 'first'));
    }
  }
}

function Submenu({ id, items }: { id: string; items: MenuItem['children'] }) {
  return (
    <ul id={id} className="main-nav__submenu">
      {items?.map((child) => (
        <li key={child.key}>
          <NavLink to={child.path} end caseSensitive className="main-nav__sublink">
            {translateKey(child.label, child.key)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function MenuGroup({
  item,
  active,
  expanded,
  onExpandedChange,
}: {
  item: MenuItem;
  active: boolean;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}) {
  const { t } = useTranslation();
  const submenuId = useId();
  const groupRef = useRef<HTMLLIElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const label = translateKey(item.label, item.key);

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) =>
    handleGroupKey(event, { expanded, onExpandedChange, group: groupRef.current, toggle: toggleRef.current });

  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (expanded && !groupRef.current?.contains(event.relatedTarget as Node | null)) onExpandedChange(false);
  };

  return (
    <li
      ref={groupRef}
      className={classNames('main-nav__item', 'has-submenu', active && 'is-active', expanded && 'is-expanded')}
      onMouseEnter={() => onExpandedChange(true)}
      onMouseLeave={() => onExpandedChange(false)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <NavLink to={item.path} end caseSensitive className="main-nav__link">
        {label}
      </NavLink>
      <button
        ref={toggleRef}
        type="button"
        className="main-nav__toggle"
        aria-expanded={expanded}
        aria-controls={submenuId}
        onClick={() => onExpandedChange(!expanded)}
      >
        <ChevronDownIcon size={14} />
        <span className="visually-hidden">{t('a11y.submenu', { label })}</span>
      </button>
      <Submenu id={submenuId} items={item.children} />
    </li>
  );
}

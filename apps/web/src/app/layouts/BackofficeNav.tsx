import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { classNames } from '../../components/class-names.ts';
import type { BackofficeMenuItem } from '../../features/backoffice/backoffice-menu.ts';
import { translateKey } from '../../lib/i18n/translate.ts';

/**
 * The back office's menu: the items the signed-in staff member may open, under their group
 * headings. The left column on wider screens; on a phone the same list in the menu drawer
 * (`variant="drawer"`), where following a link calls `onNavigate` (closing the drawer).
 */
export function BackofficeNav({
  items,
  id,
  variant = 'side',
  onNavigate,
}: {
  items: readonly BackofficeMenuItem[];
  id?: string;
  variant?: 'side' | 'drawer';
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <nav
      id={id}
      className={classNames('backoffice__nav', variant === 'drawer' && 'backoffice__nav--drawer')}
      aria-label={t('menuLabel')}
    >
      <ul>
        {items.map((item, index) => (
          <li key={item.key}>
            {item.group && item.group !== items[index - 1]?.group ? (
              <span className="backoffice__group">{translateKey(item.group, item.key)}</span>
            ) : null}
            <NavLink
              to={item.path}
              className={({ isActive }) => classNames('backoffice__link', isActive && 'is-active')}
              onClick={onNavigate}
            >
              {translateKey(item.label, item.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import '../../features/accounts/accounts.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { classNames } from '../../components/class-names.ts';
import { UserIcon } from '../../components/icons.tsx';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import { userCenterTabs } from '../../features/accounts/user-center-menu.ts';
import { translateKey } from '../../lib/i18n/translate.ts';

/** /userCenter: the user-centre menu beside the chosen tab (above it, as a row of tabs, on phones). */
export function UserCenterLayout() {
  const { t } = useTranslation('accounts');
  const current = useCurrentUser();
  const user = current.status === 'user' ? current.user : null;
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  // On phones the menu is a row that scrolls sideways: the chosen tab is brought into it.
  useEffect(() => {
    const row = nav.current;
    const active = [...(row?.querySelectorAll<HTMLElement>('a') ?? [])].find(
      (link) => link.getAttribute('href') === pathname,
    );
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = active.offsetLeft - (row.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <div className="user-center container">
      <aside className="user-center__aside">
        <div className="user-center__who">
          <span className="user-center__avatar" aria-hidden="true">
            <UserIcon size={26} />
          </span>
          <div>
            <p className="user-center__name">{user?.usrNm}</p>
            {user?.instNm ? <p className="user-center__inst">{user.instNm}</p> : null}
          </div>
        </div>
        <nav aria-label={t('userCenter.menuLabel')} className="user-center__nav" ref={nav}>
          <ul className="user-center__menu">
            {userCenterTabs(user?.rlTpcd ?? []).map((tab) => (
              <li key={tab.key}>
                <NavLink
                  to={tab.path}
                  className={({ isActive }) => classNames('user-center__link', isActive && 'is-active')}
                >
                  {translateKey(tab.label, tab.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <section className="user-center__content">
        <Outlet />
      </section>
    </div>
  );
}

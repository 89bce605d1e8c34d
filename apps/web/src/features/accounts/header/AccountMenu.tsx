import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ChevronDownIcon, UserIcon } from '../../../components/icons.tsx';
import { appEvents } from '../../../lib/events.ts';
import { useIsPhone } from '../../../lib/responsive.ts';
import { isBankStaff } from '../account-states.ts';
import { readDisplayData, useCurrentUser } from '../current-user.ts';
import { BACKOFFICE_PATH, REGISTER_PATH, USER_INFO_PATH } from '../paths.ts';
import { useLogout } from '../useLogout.ts';

/**
 * The header's account action (SPEC §2): "Log in" and "Register" for a visitor; for a signed-in
 * user a dropdown under their name with the user centre, the back office (bank staff, role 50)
 * and logout. On a phone the button shows the icon only and the dropdown starts with the name.
 */
export function AccountMenu() {
  const { t } = useTranslation('accounts');
  const current = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const phone = useIsPhone();

  if (current.status === 'loading') {
    // The last user's name, while the server confirms the session (no "Log in" flash).
    const remembered = readDisplayData();
    return remembered ? (
      <span className="account-menu__name account-menu__name--pending">
        <UserIcon size={16} />
        <span className="account-menu__pending-name">{remembered.usrNm}</span>
      </span>
    ) : null;
  }

  if (current.status === 'visitor') {
    return (
      <div className="account-menu">
        <Link to={REGISTER_PATH} className="account-menu__register">
          {t('header.register')}
        </Link>
        <Button type="primary" onClick={() => appEvents.emit('open-login', { reason: 'user' })}>
          {t('header.login')}
        </Button>
      </div>
    );
  }

  const { user } = current;
  const entries: NonNullable<MenuProps['items']> = [
    { key: 'userCenter', label: t('header.userCenter') },
    ...(isBankStaff(user) ? [{ key: 'backoffice', label: t('header.backoffice') }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: t('header.logout') },
  ];
  // A phone's header shows the icon only: the menu names the user.
  const items: MenuProps['items'] = phone
    ? [{ key: 'user', type: 'group' as const, label: user.usrNm, children: entries }]
    : entries;
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'userCenter') navigate(USER_INFO_PATH);
    else if (key === 'backoffice') navigate(BACKOFFICE_PATH);
    else if (key === 'logout') void logout();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="account-menu__trigger" aria-label={t('header.menuFor', { name: user.usrNm })}>
        <UserIcon size={16} />
        <span className="account-menu__name">{user.usrNm}</span>
        <ChevronDownIcon size={14} />
      </Button>
    </Dropdown>
  );
}

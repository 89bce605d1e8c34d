import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChevronDownIcon, UserIcon } from '../../../components/icons.tsx';
import { useIsPhone } from '../../../lib/responsive.ts';
import { isBankStaff } from '../account-states.ts';
import { BACKOFFICE_PATH, USER_INFO_PATH } from '../paths.ts';
import { useLogout } from '../useLogout.ts';

/**
 * A signed-in user's menu in the header: a dropdown under their name with the user centre, the
 * back office (bank staff, role 50) and logout. On a phone the button shows the icon only and the
 * dropdown starts with the name. Its own chunk (AccountMenu loads it for a user only), so a
 * visitor's page neither downloads nor runs antd's Button and Dropdown for the header.
 */
export function UserMenu({ user }: { user: TUserInfo }) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const logout = useLogout();
  const phone = useIsPhone();

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

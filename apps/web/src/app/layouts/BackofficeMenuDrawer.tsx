import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BackofficeMenuItem } from '../../features/backoffice/backoffice-menu.ts';
import { HOME_PATH } from '../route-paths.ts';
import { BackofficeNav } from './BackofficeNav.tsx';
import { NavDrawer } from './NavDrawer.tsx';

/**
 * The back office's menu on a phone, in a drawer (as the public pages' MenuDrawer): the same
 * items as the left column, then the signed-in staff member, the way back to the portal and
 * log-out, which the phone's top bar has no room for. Following a link closes it. Its own
 * module, loaded the first time the menu button is pressed (BackofficeLayout).
 */
export default function BackofficeMenuDrawer({
  id,
  open,
  onClose,
  items,
  userName,
  onLogout,
}: {
  id: string;
  open: boolean;
  onClose(): void;
  items: readonly BackofficeMenuItem[];
  userName?: string;
  onLogout?: () => void;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <NavDrawer open={open} onClose={onClose} title={t('menuLabel')} className="backoffice-drawer">
      <BackofficeNav id={id} items={items} variant="drawer" onNavigate={onClose} />
      <div className="backoffice-drawer__account">
        {userName ? <span className="backoffice-drawer__user">{userName}</span> : null}
        <Link to={HOME_PATH} className="backoffice-drawer__portal-link" onClick={onClose}>
          {t('backToPortal')}
        </Link>
        {onLogout ? (
          <Button
            block
            onClick={() => {
              onClose();
              onLogout();
            }}
          >
            {t('logout')}
          </Button>
        ) : null}
      </div>
    </NavDrawer>
  );
}

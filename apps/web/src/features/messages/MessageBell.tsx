import './messages.css';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../accounts/current-user.ts';
import { BellIcon } from './BellIcon.tsx';
import { MESSAGE_CENTER_PATH } from './paths.ts';
import { useUnreadCount } from './useUnreadCount.ts';

/**
 * The header's message bell (SPEC §2): for a signed-in user only, with the unread count as a
 * badge (hidden at 0), kept current without a reload; it opens the message centre.
 */
export function MessageBell() {
  const { t } = useTranslation('messages');
  const current = useCurrentUser();
  const num = useUnreadCount() ?? 0;
  if (current.status !== 'user') return null;
  return (
    <Link to={MESSAGE_CENTER_PATH} className="message-bell" aria-label={t('bell.label', { num })}>
      <Badge count={num} overflowCount={99} size="small" offset={[2, -2]}>
        <BellIcon size={20} className="message-bell__icon" />
      </Badge>
    </Link>
  );
}

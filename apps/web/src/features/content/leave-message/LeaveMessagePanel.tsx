import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { appEvents } from '../../../lib/events.ts';
import { lazyComponent } from '../../../lib/lazy-page.ts';
import { hasAccess } from '../../accounts/account-states.ts';
import { useCurrentUser } from '../../accounts/current-user.ts';
import { LoadingBlock } from '../ui/states.tsx';

const LeaveMessageForm = lazyComponent(() => import('./LeaveMessageForm.tsx'), 'LeaveMessageForm');

/**
 * Leave a message for the bank (SPEC §7 /cooperLevgMg/...): for active users a form and their
 * earlier messages with the bank's replies; for visitors the way to log in.
 */
export function LeaveMessagePanel() {
  const { t } = useTranslation('content');
  const current = useCurrentUser();
  const active = current.status === 'user' && hasAccess(current.user);

  return (
    <section className="content-card" aria-labelledby="leave-message-title">
      <h2 id="leave-message-title" className="content-section__title">
        {t('leaveMessage.title')}
      </h2>
      <p className="content-card__text">{t('leaveMessage.intro')}</p>
      {current.status === 'visitor' ? (
        <div className="leave-message__login">
          <p className="content-card__text">{t('leaveMessage.loginTip')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => appEvents.emit('open-login', { reason: 'user' })}
          >
            {t('leaveMessage.login')}
          </button>
        </div>
      ) : null}
      {active ? (
        <Suspense fallback={<LoadingBlock lines={5} />}>
          <LeaveMessageForm />
        </Suspense>
      ) : null}
    </section>
  );
}

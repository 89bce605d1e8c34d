import './cooperation.css';
import { Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/icons.tsx';
import { appEvents } from '../../lib/events.ts';
import { loadChunk } from '../../lib/lazy-page.ts';
import { hasAccess } from '../accounts/account-states.ts';
import { useCurrentUser } from '../accounts/current-user.ts';
import { RELEASE_PATH } from './paths.ts';

const HomeCooperationList = lazy(() =>
  loadChunk(() => import('./HomeCooperationList.tsx')).then((module) => ({ default: module.HomeCooperationList })),
);

/**
 * The home page's two-way cooperation list (SPEC §2): the latest eight effective requests with
 * the list's columns and "More" to Business Opportunities. Visitors see the tip to log in first
 * (the list is hidden until login, SPEC §6).
 */
export function HomeCooperationSection() {
  const { t } = useTranslation('cooperation');
  const current = useCurrentUser();
  const canRead = current.status === 'user' && hasAccess(current.user);

  let content: ReactNode = null;
  if (current.status === 'visitor') {
    content = (
      <div className="home-cooperation__tip">
        <p>{t('home.loginTip')}</p>
        {/* Plain DOM drawn as antd's primary button: a visitor's home page renders no antd button. */}
        <button
          type="button"
          className="plain-primary-button"
          onClick={() => appEvents.emit('open-login', { reason: 'user' })}
        >
          {t('home.login')}
        </button>
      </div>
    );
  } else if (current.status === 'user' && !canRead) {
    content = (
      <div className="home-cooperation__tip">
        <p>{t('home.pendingTip')}</p>
      </div>
    );
  } else if (canRead) {
    content = (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} className="home-cooperation__loading" />}>
        <HomeCooperationList />
      </Suspense>
    );
  }

  return (
    <section className="home-section home-cooperation" aria-labelledby="home-cooperation-title">
      <div className="container">
        <header className="section-heading home-cooperation__heading">
          <div>
            <h2 id="home-cooperation-title" className="section-heading__title">
              {t('home.title')}
            </h2>
            <p className="section-heading__intro">{t('home.intro')}</p>
          </div>
          {canRead ? (
            <Link to={RELEASE_PATH} className="home-cooperation__more">
              {t('home.more')}
              <ArrowRightIcon size={16} />
            </Link>
          ) : null}
        </header>
        <div className="home-cooperation__panel">{content}</div>
      </div>
    </section>
  );
}

import './cooperation.css';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { ArrowRightIcon } from '../../components/icons.tsx';
import { appEvents } from '../../lib/events.ts';
import { hasAccess } from '../accounts/account-states.ts';
import { useCurrentUser } from '../accounts/current-user.ts';
import { cooperationKeys, fetchOpportunities } from './cooperation-api.ts';
import { OpportunityTable } from './OpportunityTable.tsx';
import { RELEASE_PATH } from './paths.ts';

/** The home page shows the latest effective requests. */
export const HOME_LIST_SIZE = 8;

/**
 * The home page's two-way cooperation list (SPEC §2): the latest eight effective requests with
 * the list's columns and "More" to Business Opportunities. Visitors see the tip to log in first
 * (the list is hidden until login, SPEC §6).
 */
export function HomeCooperationSection() {
  const { t } = useTranslation('cooperation');
  const current = useCurrentUser();
  const canRead = current.status === 'user' && hasAccess(current.user);
  const query = { pageNo: 1, pageSize: HOME_LIST_SIZE };
  const list = useQuery({
    queryKey: cooperationKeys.list(query),
    queryFn: ({ signal }) => fetchOpportunities(query, signal),
    enabled: canRead,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });

  let content: React.ReactNode = null;
  if (current.status === 'visitor') {
    content = (
      <div className="home-cooperation__tip">
        <p>{t('home.loginTip')}</p>
        <Button type="primary" onClick={() => appEvents.emit('open-login', { reason: 'user' })}>
          {t('home.login')}
        </Button>
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
      <OpportunityTable
        label={t('home.title')}
        items={list.data?.list ?? []}
        loading={list.isFetching}
        emptyText={list.isError ? t('list.loadFailed') : t('home.empty')}
        pagination={false}
        showFollow={false}
      />
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

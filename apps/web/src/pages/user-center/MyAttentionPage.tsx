import '../../features/cooperation/cooperation.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { cooperationKeys, fetchFollowed } from '../../features/cooperation/cooperation-api.ts';
import { PagedOpportunityTable } from '../../features/cooperation/PagedOpportunityTable.tsx';
import { RELEASE_PATH } from '../../features/cooperation/paths.ts';
import { listView, useListView } from '../../lib/list-view.ts';

/** Only the page in the address. */
const followedList = listView({ params: {} });

/**
 * /userCenter/myAttention, "Following" (SPEC §2 user centre): the requests the user follows, with
 * the list's columns; the Follow toggle of each row unfollows it.
 */
export function MyAttentionPage() {
  const { t } = useTranslation('cooperation');
  const { view, setPage } = useListView(followedList);
  const params = { pageNo: view.pageNo, pageSize: view.pageSize };
  const list = useQuery({
    queryKey: cooperationKeys.followed(params),
    queryFn: ({ signal }) => fetchFollowed(params, signal),
    placeholderData: keepPreviousData,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });

  return (
    <div className="user-center-panel">
      <div className="user-center-panel__head">
        <h1 className="user-center-panel__title">{t('routes.myAttention')}</h1>
        <ButtonLink to={RELEASE_PATH}>{t('myAttention.browse')}</ButtonLink>
      </div>
      <p className="form-intro">{t('myAttention.intro')}</p>
      <PagedOpportunityTable
        label={t('routes.myAttention')}
        query={list}
        page={view}
        onPage={setPage}
        emptyTexts={{ loadFailed: t('list.loadFailed'), empty: t('myAttention.empty') }}
      />
    </div>
  );
}

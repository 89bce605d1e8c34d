import '../../features/user-management/user-management.css';
import '../../features/cooperation/cooperation.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { cooperationKeys, fetchFollowed } from '../../features/cooperation/cooperation-api.ts';
import { PAGE_SIZE_OPTIONS } from '../../features/cooperation/list-filters.ts';
import { OpportunityTable } from '../../features/cooperation/OpportunityTable.tsx';
import { usePagedView } from '../../features/cooperation/page-view.ts';
import { RELEASE_PATH } from '../../features/cooperation/paths.ts';

const NO_STATUS = ['all'] as const;

/**
 * /userCenter/myAttention, "Following" (SPEC §2 user centre): the requests the user follows, with
 * the list's columns; the Follow toggle of each row unfollows it.
 */
export function MyAttentionPage() {
  const { t } = useTranslation('cooperation');
  const { view, update } = usePagedView({ statuses: NO_STATUS, defaultStatus: 'all' });
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
      <OpportunityTable
        label={t('routes.myAttention')}
        items={list.data?.list ?? []}
        loading={list.isFetching}
        emptyText={list.isError ? t('list.loadFailed') : t('myAttention.empty')}
        pagination={{
          current: view.pageNo,
          pageSize: view.pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => t('list.total', { total }),
          onChange: (pageNo, pageSize) => update({ pageNo, pageSize }),
        }}
      />
    </div>
  );
}

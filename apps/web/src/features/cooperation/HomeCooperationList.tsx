import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { cooperationKeys, fetchOpportunities } from './cooperation-api.ts';
import { OpportunityTable } from './OpportunityTable.tsx';

/** The home page shows the latest effective requests. */
export const HOME_LIST_SIZE = 8;
const QUERY = { pageNo: 1, pageSize: HOME_LIST_SIZE };

/**
 * The latest eight requests with the list's columns (loaded with its own chunk, so the home page
 * stays light for visitors).
 */
export function HomeCooperationList() {
  const { t } = useTranslation('cooperation');
  const list = useQuery({
    queryKey: cooperationKeys.list(QUERY),
    queryFn: ({ signal }) => fetchOpportunities(QUERY, signal),
    meta: RELOAD_ON_LOCALE_CHANGE,
  });
  return (
    <OpportunityTable
      label={t('home.title')}
      items={list.data?.list ?? []}
      loading={list.isFetching}
      emptyText={list.isError ? t('list.loadFailed') : t('home.empty')}
    />
  );
}

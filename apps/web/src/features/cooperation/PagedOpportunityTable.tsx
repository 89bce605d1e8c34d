import { useTranslation } from 'react-i18next';
import { PagedList } from '../../components/PagedList.tsx';
import { type EmptyTexts, type PagedQuery, PagedTable } from '../../components/PagedTable.tsx';
import { useIsPhone } from '../../lib/responsive.ts';
import type { OpportunityItem } from './cooperation-api.ts';
import { PAGE_SIZE_OPTIONS } from './list-filters.ts';
import { OpportunityCards } from './OpportunityCards.tsx';
import { OPPORTUNITY_TABLE_PROPS, useOpportunityColumns } from './OpportunityTable.tsx';

/**
 * A page of requests with the pager (page size, jump to page, total), the Follow toggle on each;
 * on a phone as cards with a compact pager.
 */
export function PagedOpportunityTable({
  label,
  query,
  page,
  onPage,
  emptyTexts,
}: {
  label: string;
  query: PagedQuery<OpportunityItem>;
  page: { pageNo: number; pageSize: number };
  onPage: (pageNo: number, pageSize: number) => void;
  emptyTexts: EmptyTexts;
}) {
  const { t } = useTranslation('cooperation');
  const phone = useIsPhone();
  const columns = useOpportunityColumns(true);
  const totalText = (total: number) => t('list.total', { total });
  if (phone) {
    return (
      <PagedList<OpportunityItem>
        query={query}
        page={page}
        onPage={onPage}
        totalText={totalText}
        emptyTexts={{ ...emptyTexts, simple: true }}
      >
        {(items) => <OpportunityCards items={items} label={label} showFollow />}
      </PagedList>
    );
  }
  return (
    <PagedTable<OpportunityItem>
      {...OPPORTUNITY_TABLE_PROPS}
      columns={columns}
      aria-label={label}
      query={query}
      page={page}
      onPage={onPage}
      pageSizeOptions={PAGE_SIZE_OPTIONS}
      totalText={totalText}
      emptyTexts={{ ...emptyTexts, simple: true }}
    />
  );
}

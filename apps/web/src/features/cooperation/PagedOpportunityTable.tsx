import { useTranslation } from 'react-i18next';
import { type EmptyTexts, type PagedQuery, PagedTable } from '../../components/PagedTable.tsx';
import type { OpportunityItem } from './cooperation-api.ts';
import { PAGE_SIZE_OPTIONS } from './list-filters.ts';
import { OPPORTUNITY_TABLE_PROPS, useOpportunityColumns } from './OpportunityTable.tsx';

/** A page of requests with the pager (page size, jump to page, total), the Follow toggle on each. */
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
  return (
    <PagedTable<OpportunityItem>
      {...OPPORTUNITY_TABLE_PROPS}
      columns={useOpportunityColumns(true)}
      aria-label={label}
      query={query}
      page={page}
      onPage={onPage}
      pageSizeOptions={PAGE_SIZE_OPTIONS}
      totalText={(total) => t('list.total', { total })}
      emptyTexts={{ ...emptyTexts, simple: true }}
    />
  );
}

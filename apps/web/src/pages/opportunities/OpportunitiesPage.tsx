import '../../features/cooperation/cooperation.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { HOME_PATH } from '../../app/route-paths.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { cooperationKeys, fetchOpportunities } from '../../features/cooperation/cooperation-api.ts';
import {
  type OpportunityFilters as Filters,
  hasFilters,
  readFilters,
  readPage,
  searchParamsFor,
  toListQuery,
  withPage,
} from '../../features/cooperation/list-filters.ts';
import { OpportunityFilterDrawer, OpportunityFilters } from '../../features/cooperation/OpportunityFilters.tsx';
import { PagedOpportunityTable } from '../../features/cooperation/PagedOpportunityTable.tsx';
import { PUBLISH_INFO_PATH } from '../../features/cooperation/paths.ts';
import { useIsPhone } from '../../lib/responsive.ts';

/**
 * /release, Business Opportunities (SPEC §2): the effective requests of every institution, with
 * the filter panel, a paged table (page size, jump to page) and the way to publish; on a phone
 * a Filters button (a drawer) and cards. The filters and page live in the address, so Back and
 * reloads keep them.
 */
export function OpportunitiesPage() {
  const { t } = useTranslation('cooperation');
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Derived from the address string, so a new render with the same address keeps the same objects.
  const filters = useMemo(() => readFilters(new URLSearchParams(search)), [search]);
  const page = useMemo(() => readPage(new URLSearchParams(search)), [search]);
  const query = useMemo(() => toListQuery(filters, page), [filters, page]);

  const list = useQuery({
    queryKey: cooperationKeys.list(query),
    queryFn: ({ signal }) => fetchOpportunities(query, signal),
    placeholderData: keepPreviousData,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });

  const onSearch = (next: Filters) => setParams(searchParamsFor(next, page.pageSize));
  const filtered = hasFilters(filters);
  const phone = useIsPhone();

  return (
    <div className="opportunities container">
      <OpportunitiesHead />
      {phone ? null : (
        <section className="opportunities__panel" aria-label={t('filters.label')}>
          <OpportunityFilters filters={filters} onSearch={onSearch} />
        </section>
      )}
      <section className="opportunities__panel" aria-labelledby="opportunities-results">
        <div className="opportunities__results-head">
          <h2 id="opportunities-results" className="opportunities__results">
            {list.data
              ? list.data.totalCapped
                ? t('list.resultsCapped', { count: list.data.total })
                : t('list.results', { count: list.data.total })
              : t('list.resultsTitle')}
          </h2>
          {phone ? <OpportunityFilterDrawer filters={filters} onSearch={onSearch} /> : null}
        </div>
        <PagedOpportunityTable
          label={t('list.tableLabel')}
          query={list}
          page={page}
          onPage={(pageNo, pageSize) => setParams((current) => withPage(current, pageNo, pageSize))}
          emptyTexts={{
            loadFailed: t('list.loadFailed'),
            noMatch: t('list.noMatch'),
            empty: t('list.empty'),
            filtered,
          }}
        />
      </section>
    </div>
  );
}

/** The breadcrumb, the title and intro, and the way to publish. */
function OpportunitiesHead() {
  const { t } = useTranslation('cooperation');
  return (
    <>
      <Breadcrumb
        className="page-breadcrumb"
        items={[{ title: <Link to={HOME_PATH}>{t('breadcrumb.home')}</Link> }, { title: t('routes.release') }]}
      />
      <header className="opportunities__head">
        <div>
          <h1 className="opportunities__title">{t('routes.release')}</h1>
          <p className="opportunities__intro">{t('list.intro')}</p>
        </div>
        <ButtonLink to={PUBLISH_INFO_PATH} type="primary" size="large" className="opportunities__publish">
          {t('list.publish')}
        </ButtonLink>
      </header>
    </>
  );
}

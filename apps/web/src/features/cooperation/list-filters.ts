/**
 * The Business Opportunities filters (SPEC §2) live in the address, so Back, reloads and shared
 * links show the same search: `?direction=&typeCode=&releaseFrom=&releaseTo=&institution=&country=
 * &bankBranch=&scopeCountry=&q=&page=&size=`. The filters are the shared ones
 * (`ZOpportunityFilters`, `OPPORTUNITY_FILTER_KEYS`), which the server's list query takes too.
 * Anything unknown or malformed in the address is ignored.
 */
import { DIRECTION_CODES, findEntry } from '@portal/shared/dictionaries';
import {
  OPPORTUNITY_FILTER_KEYS,
  type OpportunityFilterKey,
  type TOpportunityFilters,
  type TOpportunityListQuery,
} from '@portal/shared/schemas/cooperation';
import { type ListParam, listView, textParam } from '../../lib/list-view.ts';

/**
 * The shared filters (`TOpportunityFilters`) as the address and the filter form hold them: each
 * one as text, '' when not set.
 */
export type OpportunityFilters = Record<OpportunityFilterKey, string>;

export const EMPTY_FILTERS: OpportunityFilters = {
  direction: '',
  typeCode: '',
  releaseFrom: '',
  releaseTo: '',
  institution: '',
  country: '',
  bankBranch: '',
  scopeCountry: '',
  q: '',
};

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_MAX = 100;

function isDate(value: string): boolean {
  return DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

const country = (code: string) => Boolean(findEntry('countries', code));

/** The filters and page of the list in the address; a new page size starts from page 1. */
export const opportunityList = listView({
  params: {
    direction: textParam({ accept: (code) => (DIRECTION_CODES as readonly string[]).includes(code) }),
    typeCode: textParam({ accept: (code) => Boolean(findEntry('cooperationTypes', code)) }),
    releaseFrom: textParam({ accept: isDate }),
    releaseTo: textParam({ accept: isDate }),
    institution: textParam({ max: TEXT_MAX }),
    country: textParam({ accept: country }),
    bankBranch: textParam({ accept: (code) => Boolean(findEntry('branches', code)) }),
    scopeCountry: textParam({ accept: country }),
    q: textParam({ max: TEXT_MAX }),
  } satisfies Record<OpportunityFilterKey, ListParam<string>>,
  firstPageOnNewSize: true,
});

/** The filters an address asks for (a reversed date range put in order). */
export function readFilters(params: URLSearchParams): OpportunityFilters {
  const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = opportunityList.read(params);
  if (filters.releaseFrom && filters.releaseTo && filters.releaseFrom > filters.releaseTo) {
    [filters.releaseFrom, filters.releaseTo] = [filters.releaseTo, filters.releaseFrom];
  }
  return filters;
}

export function readPage(params: URLSearchParams): { pageNo: number; pageSize: number } {
  const { pageNo, pageSize } = opportunityList.read(params);
  return { pageNo, pageSize };
}

export function hasFilters(filters: OpportunityFilters): boolean {
  return OPPORTUNITY_FILTER_KEYS.some((key) => filters[key] !== '');
}

/**
 * How many filters are set, for the badge of the phone's Filters button: the release date range
 * counts once, whichever of its ends are set.
 */
export function activeFilterCount(filters: OpportunityFilters): number {
  const range = filters.releaseFrom !== '' || filters.releaseTo !== '';
  const others = OPPORTUNITY_FILTER_KEYS.filter(
    (key) => key !== 'releaseFrom' && key !== 'releaseTo' && filters[key] !== '',
  ).length;
  return others + (range ? 1 : 0);
}

/**
 * The request of the list: empty filters are left out. The others were checked when read from
 * the address (a direction is one of DIRECTION_CODES), so they are `TOpportunityFilters`.
 */
export function toListQuery(
  filters: OpportunityFilters,
  page: { pageNo: number; pageSize: number },
): TOpportunityListQuery {
  const set: Partial<OpportunityFilters> = {};
  for (const key of OPPORTUNITY_FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) set[key] = value;
  }
  return { pageNo: page.pageNo, pageSize: page.pageSize, ...(set as TOpportunityFilters) };
}

/**
 * The address of a new search: the filters given, page 1, the page size kept (the default left
 * out). Reset is a search with EMPTY_FILTERS.
 */
export function searchParamsFor(filters: OpportunityFilters, pageSize: number): URLSearchParams {
  const changes: Record<string, string> = {};
  for (const key of OPPORTUNITY_FILTER_KEYS) changes[key] = filters[key].trim();
  return opportunityList.withChanges(new URLSearchParams(), { ...changes, size: String(pageSize) });
}

/** The address after moving to another page or page size. */
export const withPage = opportunityList.withPage;

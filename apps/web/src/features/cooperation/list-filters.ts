/**
 * The Business Opportunities filters (SPEC §2) live in the address, so Back, reloads and shared
 * links show the same search: `?direction=&typeCode=&releaseFrom=&releaseTo=&institution=&country=
 * &bankBranch=&scopeCountry=&q=&page=&size=`. The names are those of `ZOpportunityListQuery`.
 * Anything unknown or malformed in the address is ignored.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/shared';
import { DIRECTION_CODES, findEntry } from '@portal/shared/dictionaries';
import type { TOpportunityListQuery } from '@portal/shared/schemas/cooperation';

export type OpportunityFilters = {
  direction: string;
  typeCode: string;
  releaseFrom: string;
  releaseTo: string;
  institution: string;
  country: string;
  bankBranch: string;
  scopeCountry: string;
  q: string;
};

export const FILTER_KEYS = [
  'direction',
  'typeCode',
  'releaseFrom',
  'releaseTo',
  'institution',
  'country',
  'bankBranch',
  'scopeCountry',
  'q',
] as const satisfies readonly (keyof OpportunityFilters)[];

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

function toPositive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** The filters an address asks for. */
export function readFilters(params: URLSearchParams): OpportunityFilters {
  const get = (key: string) => params.get(key)?.trim() ?? '';
  const direction = get('direction');
  const typeCode = get('typeCode');
  const country = get('country');
  const scopeCountry = get('scopeCountry');
  const bankBranch = get('bankBranch');
  let releaseFrom = isDate(get('releaseFrom')) ? get('releaseFrom') : '';
  let releaseTo = isDate(get('releaseTo')) ? get('releaseTo') : '';
  if (releaseFrom && releaseTo && releaseFrom > releaseTo) [releaseFrom, releaseTo] = [releaseTo, releaseFrom];
  return {
    direction: (DIRECTION_CODES as readonly string[]).includes(direction) ? direction : '',
    typeCode: typeCode && findEntry('cooperationTypes', typeCode) ? typeCode : '',
    releaseFrom,
    releaseTo,
    institution: get('institution').slice(0, TEXT_MAX),
    country: country && findEntry('countries', country) ? country : '',
    bankBranch: bankBranch && findEntry('branches', bankBranch) ? bankBranch : '',
    scopeCountry: scopeCountry && findEntry('countries', scopeCountry) ? scopeCountry : '',
    q: get('q').slice(0, TEXT_MAX),
  };
}

export function readPage(params: URLSearchParams): { pageNo: number; pageSize: number } {
  return {
    pageNo: toPositive(params.get('page'), 1),
    pageSize: Math.min(MAX_PAGE_SIZE, toPositive(params.get('size'), DEFAULT_PAGE_SIZE)),
  };
}

export function hasFilters(filters: OpportunityFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== '');
}

/** The request of the list: empty filters are left out. */
export function toListQuery(
  filters: OpportunityFilters,
  page: { pageNo: number; pageSize: number },
): TOpportunityListQuery {
  const query: Record<string, string | number> = { pageNo: page.pageNo, pageSize: page.pageSize };
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  return query as TOpportunityListQuery;
}

/**
 * The address of a new search: the filters given, page 1, the page size kept (the default left
 * out). Reset is a search with EMPTY_FILTERS.
 */
export function searchParamsFor(filters: OpportunityFilters, pageSize: number): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) next.set(key, value);
  }
  if (pageSize !== DEFAULT_PAGE_SIZE) next.set('size', String(pageSize));
  return next;
}

/** The address after moving to another page or page size. */
export function withPage(current: URLSearchParams, pageNo: number, pageSize: number): URLSearchParams {
  const next = new URLSearchParams(current);
  // A new page size starts again from the first page.
  const sizeChanged = pageSize !== toPositive(current.get('size'), DEFAULT_PAGE_SIZE);
  const page = sizeChanged ? 1 : pageNo;
  if (page === 1) next.delete('page');
  else next.set('page', String(page));
  if (pageSize === DEFAULT_PAGE_SIZE) next.delete('size');
  else next.set('size', String(pageSize));
  return next;
}

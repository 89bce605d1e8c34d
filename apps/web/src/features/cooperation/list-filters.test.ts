import { ZOpportunityListQuery } from '@portal/shared/schemas/cooperation';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  hasFilters,
  readFilters,
  readPage,
  searchParamsFor,
  toListQuery,
  withPage,
} from './list-filters.ts';

describe('Business Opportunities filters in the address', () => {
  it('builds the list request from the address, leaving out empty filters', () => {
    const params = new URLSearchParams(
      'direction=PROVIDE_FUNDING&typeCode=FORFAITING&releaseFrom=2026-01-01&releaseTo=2026-06-30' +
        '&institution=Danube&country=AT&scopeCountry=VN&q=%20usance%20&page=3&size=20',
    );
    const query = toListQuery(readFilters(params), readPage(params));
    expect(query).toEqual({
      pageNo: 3,
      pageSize: 20,
      direction: 'PROVIDE_FUNDING',
      typeCode: 'FORFAITING',
      releaseFrom: '2026-01-01',
      releaseTo: '2026-06-30',
      institution: 'Danube',
      country: 'AT',
      scopeCountry: 'VN',
      q: 'usance',
    });
  });

  it("asks for what the server's list query takes, unchanged", () => {
    const params = new URLSearchParams(
      'direction=REQUEST_FUNDING&typeCode=TRADE_FINANCE&releaseFrom=2026-01-01&releaseTo=2026-06-30' +
        '&institution=%20Danube%20&country=AT&scopeCountry=VN&q=usance&size=50',
    );
    const query = toListQuery(readFilters(params), readPage(params));
    expect(ZOpportunityListQuery.parse(query)).toEqual(query);
  });

  it('accepts a cooperation type as well as a sub-type as the project type', () => {
    expect(readFilters(new URLSearchParams('typeCode=TRADE_FINANCE')).typeCode).toBe('TRADE_FINANCE');
  });

  it('ignores unknown codes, malformed dates and page numbers', () => {
    const params = new URLSearchParams(
      'direction=SELL&typeCode=NOPE&releaseFrom=2026-13-45&country=XX&bankBranch=nowhere&page=-2&size=1000',
    );
    const filters = readFilters(params);
    expect(filters).toEqual(EMPTY_FILTERS);
    expect(hasFilters(filters)).toBe(false);
    expect(readPage(params)).toEqual({ pageNo: 1, pageSize: 100 });
    expect(toListQuery(filters, readPage(params))).toEqual({ pageNo: 1, pageSize: 100 });
  });

  it('puts a reversed date range in order', () => {
    const filters = readFilters(new URLSearchParams('releaseFrom=2026-06-30&releaseTo=2026-01-01'));
    expect([filters.releaseFrom, filters.releaseTo]).toEqual(['2026-01-01', '2026-06-30']);
  });

  it('starts a new search on page 1, keeping the page size', () => {
    const next = searchParamsFor({ ...EMPTY_FILTERS, direction: 'REQUEST_FUNDING', q: ' bonds ' }, 20);
    expect(next.toString()).toBe('direction=REQUEST_FUNDING&q=bonds&size=20');
  });

  it('reset leaves no filter in the address', () => {
    expect(searchParamsFor(EMPTY_FILTERS, 10).toString()).toBe('');
  });

  it('moves between pages, and back to page 1 when the page size changes', () => {
    const current = new URLSearchParams('q=bonds&page=2');
    expect(withPage(current, 4, 10).toString()).toBe('q=bonds&page=4');
    expect(withPage(current, 4, 50).toString()).toBe('q=bonds&size=50');
    expect(withPage(new URLSearchParams('q=bonds&page=4'), 1, 10).toString()).toBe('q=bonds');
  });

  it('counts the filters set for the badge, the date range once', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, q: 'usance', country: 'AT' })).toBe(2);
    expect(activeFilterCount({ ...EMPTY_FILTERS, releaseFrom: '2026-01-01' })).toBe(1);
    expect(activeFilterCount({ ...EMPTY_FILTERS, releaseFrom: '2026-01-01', releaseTo: '2026-06-30', q: 'a' })).toBe(2);
  });
});

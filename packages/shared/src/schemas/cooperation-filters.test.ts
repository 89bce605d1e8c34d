import { describe, expect, it } from 'vitest';
import { OPPORTUNITY_FILTER_KEYS, ZOpportunityFilters, ZOpportunityListQuery } from './cooperation.ts';

describe('Business Opportunities filters', () => {
  it('are the list query without its page, in the order the list page shows them', () => {
    expect(OPPORTUNITY_FILTER_KEYS).toEqual([
      'direction',
      'typeCode',
      'releaseFrom',
      'releaseTo',
      'institution',
      'country',
      'bankBranch',
      'scopeCountry',
      'q',
    ]);
    expect(Object.keys(ZOpportunityListQuery.shape)).toEqual(['pageNo', 'pageSize', ...OPPORTUNITY_FILTER_KEYS]);
  });

  it('parses a query string the way the list query does, without the page', () => {
    const query = { direction: 'PROVIDE_FUNDING', typeCode: 'FORFAITING', releaseFrom: '2026-01-01', q: ' usance ' };
    const { pageNo: _pageNo, pageSize: _pageSize, ...fromList } = ZOpportunityListQuery.parse(query);
    expect(ZOpportunityFilters.parse(query)).toEqual(fromList);
    expect(fromList.q).toBe('usance');
  });
});

import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/index.ts';
import { localizeIssues } from '../validation.ts';
import { DATE_MAX_YEAR, DATE_MIN_YEAR, ZIsoDate, ZIsoDateTime } from './common.ts';

/** The rules a value breaks, as the server and the forms name them. */
function rules(schema: typeof ZIsoDate | typeof ZIsoDateTime, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : localizeIssues(result.error.issues, 'en-US', value).map((f) => f.rule);
}

describe('ZIsoDate', () => {
  it.each([
    '2026-01-31',
    '2026-04-30',
    '2024-02-29', // leap year
    '2000-02-29', // divisible by 400
    '1900-01-01',
    '2999-12-31',
  ])('takes the real date %s', (value) => {
    expect(rules(ZIsoDate, value)).toEqual([]);
  });

  it.each([
    ['2026-02-30', 'date'],
    ['2026-13-45', 'date'],
    ['2026-04-31', 'date'],
    ['2023-02-29', 'date'], // not a leap year
    ['1900-02-29', 'date'], // divisible by 100, not by 400
    ['2026-00-10', 'date'],
    ['2026-01-00', 'date'],
    ['2026-1-5', 'date'],
    ['2026/01/05', 'date'],
    ['2026-01-05T00:00:00Z', 'date'],
    ['', 'date'],
    ['0000-01-01', 'dateRange'],
    ['1899-12-31', 'dateRange'],
    ['3000-01-01', 'dateRange'],
    ['9999-12-31', 'dateRange'],
  ])('refuses %s with the one rule %s', (value, rule) => {
    expect(rules(ZIsoDate, value)).toEqual([rule]);
  });

  it('names the field and the rule in both languages', () => {
    const issues = ZIsoDate.safeParse('2026-02-30').error!.issues.map((i) => ({ ...i, path: ['releaseFrom'] }));
    expect(localizeIssues(issues, 'en-US')).toEqual([
      { field: 'releaseFrom', rule: 'date', message: 'Release date from must be a real calendar date (YYYY-MM-DD).' },
    ]);
    expect(localizeIssues(issues, 'zh-CN')[0]!.message).toBe('发布日期起必须为真实存在的日期（YYYY-MM-DD）。');
  });

  it('quotes the range it checks in both languages', () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const text = translate(locale, 'errors.validation.dateRange', { field: 'x' });
      expect(text).toContain(`${DATE_MIN_YEAR}-01-01`);
      expect(text).toContain(`${DATE_MAX_YEAR}-12-31`);
    }
  });
});

describe('ZIsoDateTime', () => {
  it.each(['2026-03-01T09:00:00+08:00', '2026-03-01T01:00:00Z', '2024-02-29T23:59:59.999Z'])('takes %s', (value) => {
    expect(rules(ZIsoDateTime, value)).toEqual([]);
  });

  it.each([
    ['2026-02-30T08:00:00Z', 'dateTime'],
    ['2026-13-45T08:00:00Z', 'dateTime'],
    ['2026-01-01T25:00:00Z', 'dateTime'],
    ['2026-01-01', 'dateTime'],
    ['0000-01-01T08:00:00Z', 'dateRange'],
    ['9999-12-31T23:00:00-05:00', 'dateRange'],
  ])('refuses %s with the one rule %s', (value, rule) => {
    expect(rules(ZIsoDateTime, value)).toEqual([rule]);
  });
});

describe('a missing date', () => {
  it('is "required", not a format error', () => {
    expect(rules(ZIsoDate, undefined)).toEqual(['required']);
    expect(rules(ZIsoDateTime, undefined)).toEqual(['required']);
    expect(rules(ZIsoDate, null)).toEqual(['required']);
  });
});

import { describe, expect, it } from 'vitest';
import { formatFieldValue, groupDigits, sectionFields } from './detail-fields.ts';

const units = {
  days: (count: number) => `${count} days`,
  years: (count: number) => `${count} years`,
  bps: (count: number) => `${count} bp`,
};

function show(key: string, fields: Record<string, unknown>, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const spec = [...sectionFields('letterOfCredit', 'letterOfCredit'), ...sectionFields('cooperation', 'loan')].find(
    (field) => field.key === key,
  );
  if (!spec) throw new Error(`no field ${key}`);
  return formatFieldValue(spec, fields, locale, units);
}

describe('detail field display', () => {
  it('shows codes as dictionary names in the reader’s language', () => {
    expect(show('currency', { currency: 'EUR' })).toBe('Euro');
    expect(show('lcIssued', { lcIssued: 'Y' }, 'zh-CN')).toBe('是');
    expect(show('rateType', { rateType: 'FIXED' })).toBe('Fixed rate');
    expect(show('acceptableCountries', { acceptableCountries: ['VN', 'TH'] }, 'zh-CN')).toBe('越南、泰国');
  });

  it('shows amounts with their currency and every digit', () => {
    expect(groupDigits('123456789012345.5')).toBe('123,456,789,012,345.50');
    expect(show('amount', { amount: '5000000', currency: 'USD' })).toBe('USD 5,000,000.00');
  });

  it('leaves out empty fields and does not repeat the L/C fields', () => {
    expect(show('rating', { rating: '' })).toBe('');
    const cooperation = sectionFields('cooperation', 'letterOfCredit').map((field) => field.key);
    expect(cooperation).not.toContain('applicant');
    expect(sectionFields('cooperation', 'tradeFinance').map((field) => field.key)).toContain('applicant');
    expect(sectionFields('letterOfCredit', 'loan')).toEqual([]);
  });
});

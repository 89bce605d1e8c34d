import { describe, expect, it } from 'vitest';
import { formatDocumentTitle } from './title.ts';

describe('formatDocumentTitle', () => {
  it('puts the page title before the portal name', () => {
    expect(formatDocumentTitle('Home', 'Interbank Cooperation Portal')).toBe('Home | Interbank Cooperation Portal');
    expect(formatDocumentTitle('首页', '同业合作平台')).toBe('首页 | 同业合作平台');
  });

  it('uses the portal name alone when the page has no title', () => {
    expect(formatDocumentTitle(undefined, 'Interbank Cooperation Portal')).toBe('Interbank Cooperation Portal');
    expect(formatDocumentTitle('  ', 'Interbank Cooperation Portal')).toBe('Interbank Cooperation Portal');
  });

  it('does not repeat a title equal to the portal name', () => {
    expect(formatDocumentTitle('Portal', 'Portal')).toBe('Portal');
  });
});

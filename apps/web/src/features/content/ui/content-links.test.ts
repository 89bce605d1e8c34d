import { describe, expect, it } from 'vitest';
import { contentTarget, isSafeLink } from './content-links.ts';

describe('isSafeLink (what content pages render)', () => {
  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    ' //evil',
    'http:/\\evil',
    'https://\\evil.example',
    'https://bank\u202e.example',
    '',
  ])('refuses %j', (link) => {
    expect(isSafeLink(link)).toBe(false);
  });

  it.each(['https://bank.example/x', 'http://bank.example', '/about', '/policyInformation?category=bonds'])(
    'accepts %j',
    (link) => {
      expect(isSafeLink(link)).toBe(true);
    },
  );
});

describe('contentTarget', () => {
  it('leads to the entry’s own page instead of an unsafe stored link', () => {
    for (const link of ['//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(contentTarget(link, '/productsAndServices/detail/P1')).toEqual({
        kind: 'internal',
        to: '/productsAndServices/detail/P1',
      });
    }
  });

  it('keeps safe links: other sites open outside, paths of the portal inside', () => {
    expect(contentTarget('https://bank.example/x', '/d')).toEqual({ kind: 'external', href: 'https://bank.example/x' });
    expect(contentTarget('/about', '/d')).toEqual({ kind: 'internal', to: '/about' });
    expect(contentTarget('', '/d')).toEqual({ kind: 'internal', to: '/d' });
  });
});

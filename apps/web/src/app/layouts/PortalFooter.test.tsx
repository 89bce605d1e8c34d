import type { Locale } from '@portal/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trustAnchor } from '../../features/contracts/test-fixtures.ts';
import { setLocale } from '../../lib/i18n/locale.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

/** requestIdleCallback run by hand: the test says when the page is idle. */
function stubIdle() {
  const waiting: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => waiting.push(run));
  vi.stubGlobal('cancelIdleCallback', () => {});
  return {
    runIdle: () =>
      act(() => {
        for (const run of waiting.splice(0)) run({ didTimeout: false, timeRemaining: () => 50 });
      }),
  };
}

const TEXT = {
  'en-US': {
    link: 'Verify a signed contract',
    short: 'Authority SHA-256 3FA1 0C77 5B2E 9D41…',
    full: `SHA-256 fingerprint of the portal's certificate authority: ${trustAnchor().sha256}`,
  },
  'zh-CN': {
    link: '验证已签署的合同',
    short: '证书机构 SHA-256 3FA1 0C77 5B2E 9D41…',
    full: `本平台证书机构的 SHA-256 指纹：${trustAnchor().sha256}`,
  },
} as const;

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLocale('en-US');
});

describe('the footer’s link to /verify', () => {
  it.each(['en-US', 'zh-CN'] as const)(
    'shows the start of the certificate authority’s fingerprint once the page is idle, the whole of it in its title and name (%s)',
    async (locale: Locale) => {
      const { runIdle } = stubIdle();
      await setLocale(locale);
      const fetchMock = stubPortalApi({
        respond: (url) => (url === '/api/pki/authority' ? jsonResponse(envelope(trustAnchor())) : undefined),
      });
      renderApp('/home');
      const footer = await screen.findByRole('contentinfo');
      const link = await within(footer).findByRole('link', { name: TEXT[locale].link });
      // The first screen asks nothing of it: no request, nothing shown, until the page is idle.
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/pki/'))).toBe(false);
      expect(link.getAttribute('href')).toBe('/verify');

      runIdle();
      const shown = await within(link).findByText(TEXT[locale].short);
      expect(shown.getAttribute('title')).toBe(TEXT[locale].full);
      // Its accessible name holds what it shows, then the whole fingerprint.
      expect(
        within(footer).getByRole('link', { name: `${TEXT[locale].link} ${TEXT[locale].short} (${TEXT[locale].full})` }),
      ).toBe(link);
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/pki/authority')).toHaveLength(1);
    },
    20_000,
  );

  it('stays a plain link when the authority cannot be loaded, without a toast', async () => {
    const { runIdle } = stubIdle();
    stubPortalApi();
    renderApp('/home');
    const footer = await screen.findByRole('contentinfo');
    runIdle();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(footer).getByRole('link', { name: 'Verify a signed contract' })).toBeTruthy();
    expect(within(footer).queryByTestId('footer-fingerprint')).toBeNull();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });
});

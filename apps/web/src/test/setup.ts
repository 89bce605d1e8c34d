/**
 * jsdom lacks a few browser APIs that antd and the shell use. Each test starts in English with
 * empty storage.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setSigningOut } from '../features/accounts/current-user.ts';
import { resetTracker } from '../features/tracking/TrackingHost.tsx';
import { resetApiClientState } from '../lib/api/api-client.ts';
import { initI18n } from '../lib/i18n/i18n.ts';
import { setLocale } from '../lib/i18n/locale.ts';
import { resetToastState } from '../lib/notify.ts';

// findBy…/waitFor give a lazily loaded page up to 4 s to appear (1 s by default): page chunks
// load through dynamic imports, slow when the machine is busy.
configure({ asyncUtilTimeout: 4_000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// jsdom does not implement pseudo-element styles (antd measures `::-webkit-scrollbar`).
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, _pseudoElement?: string | null) => getComputedStyle(element);

// jsdom does not scroll; the scroll manager's calls are observed through this stub.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

initI18n('en-US');

beforeEach(async () => {
  vi.clearAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  await setLocale('en-US');
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  resetApiClientState();
  setSigningOut(false);
  resetToastState();
  resetTracker();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

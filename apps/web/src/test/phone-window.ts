import type { vi as Vi } from 'vitest';
import { PHONE_QUERY } from '../lib/responsive.ts';

/**
 * Makes the window phone-sized for `useIsPhone()` (jsdom has no layout: only the media query
 * answers). Restored by `vi.restoreAllMocks()` after each test (setup.ts).
 */
export function phoneWindow(vi: typeof Vi): void {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const list = original(query);
    return query === PHONE_QUERY ? { ...list, media: query, matches: true } : list;
  });
}

/**
 * The portal's one phone breakpoint. The style sheets use the same query
 * (`@media (max-width: 767px)`, antd's `md` breakpoint less one pixel); components that show a
 * different structure on a phone (a drawer instead of a panel, cards instead of a table) ask
 * `useIsPhone()`, so CSS and components switch at the same width.
 */
import { useSyncExternalStore } from 'react';

export const PHONE_MAX_WIDTH = 767;
export const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

function phoneQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery();
  if (!query) return () => {};
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhone = () => phoneQuery()?.matches ?? false;

/**
 * Whether the window is phone-sized; follows a resize or rotation. Read synchronously on the
 * first render (no table-then-cards flash).
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}

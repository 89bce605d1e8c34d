import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { getLocale } from '../../lib/i18n/locale.ts';
import { createTracker, type Tracker, trackTargetOf } from './tracker.ts';

let shared: Tracker | null = null;

/** The back office is the bank's own tool, not the portal its visitors see: not counted. */
const UNTRACKED_PREFIX = '/backend';
export const isTracked = (pathname: string) =>
  pathname !== UNTRACKED_PREFIX && !pathname.startsWith(`${UNTRACKED_PREFIX}/`);

/** The page's one tracker (created on first use). */
export function getTracker(): Tracker {
  shared ??= createTracker({ locale: getLocale });
  return shared;
}

/** Tests: the page's tracker is dropped with what it had queued, so no later test's fetch sees it. */
export function resetTracker(): void {
  shared?.discard();
  shared = null;
}

/**
 * Mounted once around every route (GLOBAL_OVERLAYS): a page view per route change, a click event
 * per click on an element marked `data-track="name"`, and the queue flushed when the page is
 * hidden or left. Renders nothing.
 */
export function TrackingHost({ tracker = getTracker() }: { tracker?: Tracker }) {
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;

  useEffect(() => {
    if (isTracked(pathname)) tracker.pageView(pathname);
  }, [pathname, tracker]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      try {
        const target = trackTargetOf(event.target);
        if (target && isTracked(path.current)) tracker.click(path.current, target);
      } catch {
        // Never let tracking get in the way of a click.
      }
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') tracker.flush();
    };
    const onPageHide = () => tracker.flush();
    document.addEventListener('click', onClick, true);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [tracker]);

  return null;
}

import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** SPEC §9: the view scrolls back to the top 200 ms after a navigation. */
export const SCROLL_RESET_DELAY_MS = 200;
const RESTORE_MAX_FRAMES = 60;
const STORAGE_KEY = 'portal:scroll-positions';
const MAX_REMEMBERED = 50;

const positions = new Map<string, number>(loadPositions());

function loadPositions(): Array<[string, number]> {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as Array<[string, number]>) : [];
  } catch {
    return [];
  }
}

function savePositions(): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_REMEMBERED)));
  } catch {
    // Not remembered across reloads; in-memory positions still work.
  }
}

function rememberPosition(key: string, top: number): void {
  positions.delete(key);
  positions.set(key, top);
  if (positions.size > MAX_REMEMBERED) {
    const oldest = positions.keys().next().value;
    if (oldest !== undefined) positions.delete(oldest);
  }
}

/** Scrolls to `top` once the page is tall enough (content may still be rendering), within ~1 s. */
function restoreScroll(top: number): () => void {
  let frame = 0;
  let handle = 0;
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= top;
    if (reachable || frame >= RESTORE_MAX_FRAMES) {
      window.scrollTo(0, top);
      return;
    }
    frame += 1;
    handle = window.requestAnimationFrame(attempt);
  };
  attempt();
  return () => window.cancelAnimationFrame(handle);
}

/**
 * Back/forward (POP) returns to where the reader was on that history entry; a new navigation
 * (PUSH, or a REPLACE to another path) scrolls to the top after 200 ms.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', savePositions);
    return () => window.removeEventListener('pagehide', savePositions);
  }, []);

  useEffect(() => {
    const key = location.key;
    const onScroll = () => rememberPosition(key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [location.key]);

  useEffect(() => {
    const pathChanged = previousPath.current !== null && previousPath.current !== location.pathname;
    const firstRender = previousPath.current === null;
    previousPath.current = location.pathname;
    if (navigationType === 'POP') {
      const saved = positions.get(location.key);
      if (saved !== undefined) return restoreScroll(saved);
      if (firstRender) return undefined;
      window.scrollTo(0, 0);
      return undefined;
    }
    if (navigationType === 'REPLACE' && !pathChanged) return undefined;
    const timer = window.setTimeout(() => window.scrollTo(0, 0), SCROLL_RESET_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.key, location.pathname, navigationType]);

  return null;
}

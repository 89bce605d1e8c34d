import { useEffect, useState } from 'react';

/** Without requestIdleCallback (Safari, jsdom): this long after the first render. */
const FALLBACK_DELAY_MS = 1500;
/** A busy page runs it anyway after this long. */
const IDLE_TIMEOUT_MS = 5000;

/** Runs `run` once the browser is idle; returns what cancels it. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
    const cancel = cancelIdleCallback;
    const id = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancel(id);
  }
  const id = setTimeout(run, FALLBACK_DELAY_MS);
  return () => clearTimeout(id);
}

/**
 * A code-split module loaded once the browser is idle, for what the first screen does not need
 * (e.g. the footer's certificate fingerprint): null until then, and for good when it fails to
 * load (what it shows is extra; no toast). `load` must be the same function on every render.
 */
export function useModuleWhenIdle<M>(load: () => Promise<M>): M | null {
  const [loaded, setLoaded] = useState<{ module: M } | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      load().then(
        (module) => {
          if (live) setLoaded({ module });
        },
        () => {},
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [load]);
  return loaded?.module ?? null;
}

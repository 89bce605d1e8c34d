import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getPendingCount, subscribePending } from '../../lib/api/pending.ts';

/** Requests that answer faster than this never show the mask (no flicker). */
export const LOADING_MASK_DELAY_MS = 300;

export function usePendingRequests(): number {
  return useSyncExternalStore(subscribePending, getPendingCount, () => 0);
}

/** True once requests have been pending for the delay; false as soon as none are. */
export function useDelayedBusy(busy: boolean, delayMs: number = LOADING_MASK_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return undefined;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [busy, delayMs]);
  return busy && shown;
}

/**
 * The full-screen mask of SPEC §2 while API requests are pending. The status region stays in
 * the document so screen readers announce the loading text when it appears.
 */
export function LoadingMask() {
  const { t } = useTranslation();
  const visible = useDelayedBusy(usePendingRequests() > 0);
  return (
    <div
      className={visible ? 'loading-mask is-visible' : 'loading-mask'}
      role="status"
      aria-live="polite"
      aria-busy={visible}
    >
      {visible ? (
        <div className="loading-mask__panel">
          <span className="spinner" aria-hidden="true" />
          <span className="loading-mask__text">{t('a11y.loading')}</span>
        </div>
      ) : null}
    </div>
  );
}

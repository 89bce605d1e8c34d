/**
 * Event tracking client (SPEC §7 /eventTrack/add): page views and clicks on elements marked
 * `data-track`, queued and sent in batches. Tracking must never break the page: every failure
 * (no network, a 4xx/5xx, a browser without fetch or sendBeacon) is swallowed and the batch
 * dropped.
 *
 * A batch leaves when it reaches `maxBatch` events, after `flushDelayMs`, or at once when the
 * page is hidden or unloaded. It goes with `fetch(..., { keepalive: true })`, which survives the
 * page being closed; where that is unavailable, with `navigator.sendBeacon`.
 */

import type { TRACK_ACTIONS } from '@portal/shared/schemas/content';
import type { FixedApiPath } from '../../lib/api/api-paths.ts';

export const TRACK_ENDPOINT = '/api/eventTrack/add' satisfies FixedApiPath<'post'>;
/**
 * Events per request; the server takes at most CONTENT_LIMITS.eventsPerBatch (50). The contract
 * module is not imported as a value: this client is in the initial bundle, the contract is not.
 */
export const TRACK_MAX_BATCH = 20;
export const TRACK_FLUSH_DELAY_MS = 5_000;
/** The browser limits keepalive bodies to 64 KB in total; stay far below. */
const MAX_TARGET_LENGTH = 100;
const MAX_PATH_LENGTH = 200;

/** One event as the server takes it (`ZTrackEvent` of the shared contract). */
export type TrackEvent = {
  /** The route path (no query string: it may carry e-mail addresses or codes). */
  page: string;
  action: (typeof TRACK_ACTIONS)[number];
  /** For clicks: the `data-track` name of the element; empty for views. */
  target: string;
};

export type TrackerOptions = {
  endpoint?: string;
  maxBatch?: number;
  flushDelayMs?: number;
  /** The language header value, read at send time. */
  locale?: () => string;
};

export type Tracker = {
  pageView(path: string): void;
  click(path: string, target: string): void;
  /** Sends what is queued now. */
  flush(): void;
  /** Events waiting to be sent (tests). */
  pending(): readonly TrackEvent[];
  /** Drops what is queued, unsent (tests). */
  discard(): void;
};

function clip(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

/** Sends one batch; never throws, never rejects. */
export function sendBatch(endpoint: string, events: readonly TrackEvent[], locale: string): void {
  const body = JSON.stringify({ events });
  try {
    if (typeof fetch === 'function') {
      fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', lang: locale },
        body,
        credentials: 'same-origin',
        keepalive: true,
      }).catch(() => {});
      return;
    }
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }));
    }
  } catch {
    // Tracking is best effort: a batch that cannot leave is dropped.
  }
}

/** The path as the server takes it: no query, hash or white space, 200 characters at most. */
function toPage(path: string): string {
  const bare = (path.split(/[?#]/)[0] ?? '').replace(/\s+/g, '');
  return clip(bare.startsWith('/') ? bare : `/${bare}`, MAX_PATH_LENGTH);
}

export function createTracker(options: TrackerOptions = {}): Tracker {
  const endpoint = options.endpoint ?? TRACK_ENDPOINT;
  const maxBatch = options.maxBatch ?? TRACK_MAX_BATCH;
  const flushDelayMs = options.flushDelayMs ?? TRACK_FLUSH_DELAY_MS;
  const queue: TrackEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      sendBatch(endpoint, batch, options.locale?.() ?? 'en-US');
    }
  };

  const push = (event: TrackEvent) => {
    queue.push(event);
    if (queue.length >= maxBatch) {
      flush();
      return;
    }
    if (timer === null) timer = setTimeout(flush, flushDelayMs);
  };

  return {
    pageView(path) {
      push({ page: toPage(path), action: 'view', target: '' });
    },
    click(path, target) {
      push({ page: toPage(path), action: 'click', target: clip(target, MAX_TARGET_LENGTH) });
    },
    flush,
    pending: () => [...queue],
    discard() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      queue.length = 0;
    },
  };
}

/** The `data-track` name of the clicked element or its nearest marked ancestor. */
export function trackTargetOf(eventTarget: EventTarget | null): string | null {
  if (!(eventTarget instanceof Element)) return null;
  const marked = eventTarget.closest<HTMLElement>('[data-track]');
  const name = marked?.dataset.track?.trim();
  return name ? name : null;
}

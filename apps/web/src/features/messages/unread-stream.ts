/**
 * The live unread count (decision 0006): an EventSource on /api/bthw/messages/stream delivers
 * `unread` events; when it fails (or the browser has no EventSource) the caller polls instead,
 * and the stream is reopened with a growing delay until it works again.
 */
import { MESSAGE_STREAM_EVENT } from '@portal/shared/schemas/messages';
import { MESSAGE_STREAM_PATH, parseUnreadEvent } from './messages-api.ts';

/** Polling interval while the stream is down. */
export const POLL_INTERVAL_MS = 10_000;
/** Delays before reopening a failed stream: the last one repeats. */
export const RECONNECT_DELAYS_MS = [2_000, 5_000, 10_000, 30_000, 60_000] as const;

export type UnreadStreamHandlers = {
  /** A count arrived over the stream. */
  onCount: (num: number) => void;
  /** The stream is open (true) or down (false): the caller polls while it is down. */
  onLiveChange: (live: boolean) => void;
  /** The stream is open again after a failure: counts written meanwhile may have been missed. */
  onReconnected?: () => void;
};

export function hasEventSource(): boolean {
  return typeof globalThis.EventSource === 'function';
}

/** Opens the stream; returns the function that closes it for good (logout, unmount). */
export function connectUnreadStream(handlers: UnreadStreamHandlers): () => void {
  if (!hasEventSource()) {
    handlers.onLiveChange(false);
    return () => {};
  }
  let source: EventSource | null = null;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const open = () => {
    if (closed) return;
    const current = new EventSource(MESSAGE_STREAM_PATH);
    source = current;
    current.addEventListener('open', () => {
      if (closed || source !== current) return;
      handlers.onLiveChange(true);
      if (failures > 0) handlers.onReconnected?.();
      failures = 0;
    });
    current.addEventListener(MESSAGE_STREAM_EVENT, (event) => {
      if (closed || source !== current) return;
      const num = parseUnreadEvent((event as MessageEvent).data);
      if (num !== null) handlers.onCount(num);
    });
    current.addEventListener('error', () => {
      if (closed || source !== current) return;
      // The browser's own retry has no limit and no backoff: close and retry on our terms.
      current.close();
      source = null;
      handlers.onLiveChange(false);
      const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
      failures += 1;
      timer = setTimeout(open, delay);
    });
  };

  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
    source = null;
  };
}

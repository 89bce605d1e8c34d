/**
 * The global count of requests in flight that the loading mask waits on. Read it in React with
 * `useSyncExternalStore(subscribePending, getPendingCount)`.
 */
type Listener = () => void;

let pendingCount = 0;
const listeners = new Set<Listener>();

export function getPendingCount(): number {
  return pendingCount;
}

export function subscribePending(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** Counts one request in; returns the function that counts it out (safe to call twice). */
export function trackPending(): () => void {
  pendingCount += 1;
  notify();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pendingCount = Math.max(0, pendingCount - 1);
    notify();
  };
}

/** Opens the global feedback dialog from anywhere (the footer link, a help text). */
const listeners = new Set<() => void>();

export function openFeedback(): void {
  for (const listener of [...listeners]) listener();
}

/** Subscribes the dialog's host; returns the unsubscribe function. */
export function onOpenFeedback(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * In-process notifier of unread-count changes. Services call `notifyUnreadChanged` after their
 * transaction commits; the message streams of this instance (messages.stream.ts) listen and send
 * the new count to the users concerned at once. Streams on other instances see the change on
 * their periodic re-check.
 */
import { EventEmitter } from 'node:events';

const UNREAD_CHANGED = 'unreadChanged';

const emitter = new EventEmitter();
// One listener per open stream: many users may be connected at once.
emitter.setMaxListeners(0);

export type UnreadListener = (userIds: ReadonlySet<number>) => void;

/** Tells this instance's open streams that these users' unread counts may have changed. */
export function notifyUnreadChanged(userIds: number[]): void {
  if (userIds.length === 0) return;
  emitter.emit(UNREAD_CHANGED, new Set(userIds.map(Number)));
}

/** Listens to unread-count changes; returns the function that stops listening. */
export function onUnreadChanged(listener: UnreadListener): () => void {
  emitter.on(UNREAD_CHANGED, listener);
  return () => {
    emitter.off(UNREAD_CHANGED, listener);
  };
}

/**
 * Unread-count changes announced to every instance through PostgreSQL's NOTIFY. A transaction
 * that changes users' unread counts calls `announceUnreadChanged(trx, ...)`; just before it
 * commits, one `pg_notify` names them all, and PostgreSQL delivers it with the commit, to every
 * instance listening on the same database (none if the transaction rolls back). Each instance's
 * streams (messages.stream.ts) hear it through `listenUnreadChanged` and send the new counts at
 * once. On PGlite the same statements run and the notification arrives in-process.
 */

import { sql } from 'kysely';
import type { Db, Listen } from '../../db/database.ts';
import { beforeCommit } from '../../db/transaction.ts';

/** The NOTIFY channel of unread-count changes. */
export const UNREAD_CHANNEL = 'portal_unread';

/** A notification's payload stays under PostgreSQL's 8000 bytes: ids are split over several. */
const IDS_PER_NOTIFICATION = 500;

const pending = new WeakMap<Db, Set<number>>();

/**
 * The users whose unread counts the transaction `trx` (opened by `inTransaction`) changes: add
 * to the answered set, and they are announced once, in the commit. Throws outside such a
 * transaction, before anything is written.
 */
export function unreadAnnouncement(trx: Db): Set<number> {
  let users = pending.get(trx);
  if (users) return users;
  const created = new Set<number>();
  beforeCommit(trx, async () => {
    const ids = [...created].sort((a, b) => a - b);
    for (let start = 0; start < ids.length; start += IDS_PER_NOTIFICATION) {
      const payload = ids.slice(start, start + IDS_PER_NOTIFICATION).join(',');
      await sql`select pg_notify(${UNREAD_CHANNEL}, ${payload})`.execute(trx);
    }
  });
  pending.set(trx, created);
  users = created;
  return users;
}

/** Announces, with the commit of `trx`, that these users' unread counts changed. */
export function announceUnreadChanged(trx: Db, userIds: readonly number[]): void {
  const users = unreadAnnouncement(trx);
  for (const id of userIds) users.add(Number(id));
}

export type UnreadListener = (userIds: ReadonlySet<number>) => void;

/**
 * Hears every instance's announcements; `onGap` runs when announcements may have been lost (the
 * listening connection was cut and is back). Answers the function that stops listening.
 */
export function listenUnreadChanged(
  listen: Listen,
  listener: UnreadListener,
  onGap?: () => void,
): Promise<() => Promise<void>> {
  return listen(
    UNREAD_CHANNEL,
    (payload) => {
      const ids = new Set(
        payload
          .split(',')
          .map((id) => Number.parseInt(id, 10))
          .filter((id) => Number.isSafeInteger(id) && id > 0),
      );
      if (ids.size > 0) listener(ids);
    },
    onGap,
  );
}

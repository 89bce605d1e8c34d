/**
 * Transactions with after-commit hooks. Kysely runs a callback in a transaction but has no hook
 * for "once this has committed"; `inTransaction` adds one. Code inside registers work that must
 * happen only once the data is visible to others (telling open message streams that a count
 * changed) with `afterCommit(trx, hook)`; the hooks run, in order, after the commit, and never
 * when the transaction rolls back.
 *
 * `afterCommit` refuses a transaction that `inTransaction` did not open: a service that needs the
 * hook cannot be called from a plain `db.transaction()` and silently lose it. `onRollback` is the
 * other side: undo work outside the database (bytes written to the file storage) when the
 * transaction does not commit. `beforeCommit` runs last statements inside the transaction once its
 * work is done (announcing, with NOTIFY, what the transaction changed: PostgreSQL delivers the
 * announcement with the commit, or never).
 */
import type { Db } from './database.ts';

const pendingHooks = new WeakMap<Db, (() => void)[]>();
const rollbackHooks = new WeakMap<Db, (() => Promise<unknown>)[]>();
const finalHooks = new WeakMap<Db, (() => Promise<unknown>)[]>();

/** Runs `work` in a transaction, then (after the commit) the hooks it registered. */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  const undo: (() => Promise<unknown>)[] = [];
  let result: T;
  try {
    result = await db.transaction().execute(async (trx) => {
      const last: (() => Promise<unknown>)[] = [];
      pendingHooks.set(trx, hooks);
      rollbackHooks.set(trx, undo);
      finalHooks.set(trx, last);
      const answer = await work(trx);
      // A hook may register another: run until none is left.
      for (let i = 0; i < last.length; i++) await last[i]!();
      return answer;
    });
  } catch (error) {
    await Promise.allSettled(undo.map((hook) => hook()));
    throw error;
  }
  for (const hook of hooks) hook();
  return result;
}

/** Runs `hook` if the transaction `trx` (opened by `inTransaction`) rolls back. */
export function onRollback(trx: Db, hook: () => Promise<unknown>): void {
  const hooks = rollbackHooks.get(trx);
  if (!hooks) throw new Error('onRollback needs a transaction opened by inTransaction (db/transaction.ts)');
  hooks.push(hook);
}

/** Runs `hook` once the transaction `trx` (opened by `inTransaction`) has committed. */
export function afterCommit(trx: Db, hook: () => void): void {
  const hooks = pendingHooks.get(trx);
  if (!hooks) throw new Error('afterCommit needs a transaction opened by inTransaction (db/transaction.ts)');
  hooks.push(hook);
}

/**
 * Runs `hook` inside the transaction `trx` (opened by `inTransaction`) after its work, just
 * before the commit; a hook that fails rolls the transaction back.
 */
export function beforeCommit(trx: Db, hook: () => Promise<unknown>): void {
  const hooks = finalHooks.get(trx);
  if (!hooks) throw new Error('beforeCommit needs a transaction opened by inTransaction (db/transaction.ts)');
  hooks.push(hook);
}

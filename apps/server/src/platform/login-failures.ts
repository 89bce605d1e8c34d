/**
 * Failed log-ins in a row and the lock-out, kept per e-mail address string — whether or not an
 * account has that address — so that a registered and an unknown address answer alike: both
 * ask for an e-mail code after 3 failures (an unknown one always does anyway) and both lock
 * after `lockoutThreshold`. A success or a password reset clears the row.
 *
 * Call these with the root `db`, not inside a transaction that the refusal rolls back.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export type LoginFailureState = { failures: number; lockedUntil: Date | null };

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The address's failures in a row and its lock (none for an address that never failed). */
export async function loginFailuresOf(db: Db, email: string): Promise<LoginFailureState> {
  const row = await db
    .selectFrom('loginFailure')
    .select(['failures', 'lockedUntil'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return { failures: row?.failures ?? 0, lockedUntil: row?.lockedUntil ? new Date(row.lockedUntil) : null };
}

/**
 * Counts one more failure; from the `threshold`-th on, each failure (re)locks the address for
 * `lockoutMs`. One statement, so concurrent failures count exactly. Returns the new state.
 */
export async function recordLoginFailure(
  db: Db,
  email: string,
  { threshold, lockoutMs, now = new Date() }: { threshold: number; lockoutMs: number; now?: Date },
): Promise<LoginFailureState> {
  const lockUntil = new Date(now.getTime() + lockoutMs);
  const row = await db
    .insertInto('loginFailure')
    .values({
      email: normalizeEmail(email),
      failures: 1,
      lockedUntil: threshold <= 1 ? lockUntil : null,
      updatedAt: now,
    })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        failures: sql<number>`login_failure.failures + 1`,
        lockedUntil: sql<Date | null>`case when login_failure.failures + 1 >= ${threshold}
          then ${lockUntil}::timestamptz else login_failure.locked_until end`,
        updatedAt: now,
      }),
    )
    .returning(['failures', 'lockedUntil'])
    .executeTakeFirstOrThrow();
  return { failures: row.failures, lockedUntil: row.lockedUntil ? new Date(row.lockedUntil) : null };
}

/** Forgets the address's failures and lock (after a successful log-in or a password reset). */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('loginFailure').where('email', '=', normalizeEmail(email)).execute();
}

/** Deletes rows untouched since `olderThan` whose lock has ended. Returns rows deleted. */
export async function pruneLoginFailures(db: Db, olderThan: Date, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('loginFailure')
    .where('updatedAt', '<', olderThan)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

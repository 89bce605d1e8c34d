/**
 * Failed log-ins in a row and the wait they cause, kept per e-mail address string — whether or
 * not an account has that address, so that a registered and an unknown address answer alike —
 * and per browser: one count for every browser new to the account (`NEW_BROWSERS`), and one for
 * each browser that has logged in to it before (its device hash). Failures from elsewhere thus
 * never hold up the holder's own browser (docs/security.md, "Lock-out").
 *
 * From the `threshold`-th failure in a row, each failure makes that count's browsers wait before
 * the next try: `firstWaitMs`, doubling per failure, at most `maxWaitMs`. A count restarts when
 * its last failure is older than `windowMs`. A success clears its own count, a password reset
 * every count of the address.
 *
 * Call these with the root `db`, not inside a transaction that the refusal rolls back.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export type LoginFailureState = { failures: number; lockedUntil: Date | null };

/** Whose failures: browsers new to the account (`NEW_BROWSERS`) or one known browser's hash. */
export type FailureScope = { email: string; deviceHash: string };

export const NEW_BROWSERS = '';

export type WaitRule = { threshold: number; firstWaitMs: number; maxWaitMs: number; windowMs: number };

const normalizeEmail = (email: string) => email.trim().toLowerCase();

const stateOf = (row: { failures: number; lockedUntil: Date | string | null } | undefined): LoginFailureState => ({
  failures: row?.failures ?? 0,
  lockedUntil: row?.lockedUntil ? new Date(row.lockedUntil) : null,
});

/** The wait a count of failures in a row imposes (0 below the threshold). */
export function waitAfter(failures: number, rule: Pick<WaitRule, 'threshold' | 'firstWaitMs' | 'maxWaitMs'>): number {
  if (failures < rule.threshold) return 0;
  return Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** Math.min(failures - rule.threshold, 40));
}

/** The scope's failures in a row and its wait (none for a scope that never failed). */
export async function loginFailuresOf(db: Db, scope: FailureScope): Promise<LoginFailureState> {
  const row = await db
    .selectFrom('loginFailure')
    .select(['failures', 'lockedUntil'])
    .where('email', '=', normalizeEmail(scope.email))
    .where('deviceHash', '=', scope.deviceHash)
    .executeTakeFirst();
  return stateOf(row);
}

/**
 * Counts one more failure (the first again when the last is older than the window) and sets the
 * wait it imposes. One statement, so concurrent failures count exactly. Returns the new state.
 */
export async function recordLoginFailure(
  db: Db,
  scope: FailureScope,
  rule: WaitRule,
  now: Date = new Date(),
): Promise<LoginFailureState> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const next = sql<number>`(case when login_failure.updated_at < ${windowStart}::timestamptz then 1
    else login_failure.failures + 1 end)`;
  const waitMs = sql<number>`least(${rule.maxWaitMs}::float8,
    ${rule.firstWaitMs}::float8 * power(2, least(${next} - ${rule.threshold}, 40)))`;
  const firstWait = waitAfter(1, rule);
  const row = await db
    .insertInto('loginFailure')
    .values({
      email: normalizeEmail(scope.email),
      deviceHash: scope.deviceHash,
      failures: 1,
      lockedUntil: firstWait > 0 ? new Date(now.getTime() + firstWait) : null,
      updatedAt: now,
    })
    .onConflict((oc) =>
      oc.columns(['email', 'deviceHash']).doUpdateSet({
        failures: next,
        lockedUntil: sql<Date | null>`case when ${next} >= ${rule.threshold}
          then ${now}::timestamptz + ${waitMs} * interval '1 millisecond' else null end`,
        updatedAt: now,
      }),
    )
    .returning(['failures', 'lockedUntil'])
    .executeTakeFirstOrThrow();
  return stateOf(row);
}

/**
 * Marks that the holder is told now that browsers new to the account keep failing, unless told
 * within the window. True for exactly one caller per window, whichever instance it runs on.
 */
export async function claimAttackNotice(db: Db, email: string, windowMs: number, now = new Date()): Promise<boolean> {
  const row = await db
    .updateTable('loginFailure')
    .set({ notifiedAt: now })
    .where('email', '=', normalizeEmail(email))
    .where('deviceHash', '=', NEW_BROWSERS)
    .where((eb) => eb.or([eb('notifiedAt', 'is', null), eb('notifiedAt', '<=', new Date(now.getTime() - windowMs))]))
    .returning('email')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets the scope's failures and wait (after its successful log-in). */
export async function clearLoginFailures(db: Db, scope: FailureScope): Promise<void> {
  await db
    .deleteFrom('loginFailure')
    .where('email', '=', normalizeEmail(scope.email))
    .where('deviceHash', '=', scope.deviceHash)
    .execute();
}

/** Forgets every count of the address (after a password reset). */
export async function clearAllLoginFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('loginFailure').where('email', '=', normalizeEmail(email)).execute();
}

/** Deletes rows untouched since `olderThan` whose wait has ended. Returns rows deleted. */
export async function pruneLoginFailures(db: Db, olderThan: Date, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('loginFailure')
    .where('updatedAt', '<', olderThan)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

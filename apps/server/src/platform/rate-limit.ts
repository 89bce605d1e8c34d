/**
 * Rate limits as fixed-window counters in `rate_limit_counter`, so every server instance
 * shares them. One upsert per hit: PostgreSQL serialises concurrent increments of the same
 * row, so the count is exact under load.
 *
 * Call these with the root `db`, not inside a transaction that a refusal or a failed attempt
 * rolls back: the hit must stay counted.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { AppError } from './errors.ts';

export type RateLimit = { limit: number; windowSeconds: number };

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/**
 * The portal's limits; the key names its subject, e.g. `login:ip:203.0.113.9`.
 *
 * Per requester (client address) limits count every request; per recipient (e-mail address)
 * limits of e-mail codes count only codes actually issued (a refused resend does not), one
 * allowance per purpose, so requests for one purpose cannot spend another's. A log-in code is
 * issued only after the password and a picture code (see modules/auth/email-codes.service.ts), so an anonymous
 * caller cannot spend a user's log-in allowance at all.
 */
export const RATE_LIMITS = {
  loginPerIp: { limit: 30, windowSeconds: 10 * MINUTE },
  loginPerEmail: { limit: 10, windowSeconds: 10 * MINUTE },
  loginPrecheckPerIp: { limit: 60, windowSeconds: 10 * MINUTE },
  loginPrecheckPerEmail: { limit: 20, windowSeconds: 10 * MINUTE },
  captchaPerIp: { limit: 60, windowSeconds: 10 * MINUTE },
  emailCodePerIp: { limit: 30, windowSeconds: HOUR },
  registerCodesPerEmail: { limit: 5, windowSeconds: DAY },
  resetCodesPerEmail: { limit: 5, windowSeconds: DAY },
  loginCodesPerEmail: { limit: 20, windowSeconds: DAY },
  registrationPerIp: { limit: 10, windowSeconds: HOUR },
  /** getRegisterVerifyOrg: institution look-ups while registering. */
  registerVerifyOrgPerIp: { limit: 30, windowSeconds: HOUR },
  passwordResetPerEmail: { limit: 5, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimit>;

export type RateLimitHit = { allowed: boolean; count: number; retryAfterSeconds: number };

/** Counts one hit on `key` in the current window and says whether it is within the limit. */
export async function hitRateLimit(
  db: Db,
  { key, limit, windowSeconds, now = new Date() }: RateLimit & { key: string; now?: Date },
): Promise<RateLimitHit> {
  // Windows are aligned to the epoch, so every instance agrees on where one starts.
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const { count } = await db
    .insertInto('rateLimitCounter')
    .values({ key, windowStart, count: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'windowStart']).doUpdateSet({ count: sql<number>`rate_limit_counter.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  const allowed = count <= limit;
  const retryAfterSeconds = allowed
    ? 0
    : Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed, count, retryAfterSeconds };
}

/** Counts a hit and throws PRT_RATE_LIMITED (429, with the seconds to wait) when over the limit. */
export async function enforceRateLimit(db: Db, options: RateLimit & { key: string; now?: Date }): Promise<void> {
  const { allowed, retryAfterSeconds } = await hitRateLimit(db, options);
  if (!allowed) throw new AppError('PRT_RATE_LIMITED', { seconds: retryAfterSeconds });
}

/** Deletes windows that started before `olderThan` (pass now minus the longest window). Returns rows deleted. */
export async function pruneRateLimits(db: Db, olderThan: Date): Promise<number> {
  const result = await db.deleteFrom('rateLimitCounter').where('windowStart', '<', olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}

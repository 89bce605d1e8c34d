import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { itOnPostgres } from '../../test/postgres-only.ts';
import { AppError } from './errors.ts';
import { enforceRateLimit, hitRateLimit, pruneRateLimits, RATE_LIMITS } from './rate-limit.ts';

const { db } = await createTestDatabase();

// 10-minute windows aligned to the epoch: 12:00:00 starts one.
const WINDOW = 600;
const windowStart = new Date('2030-05-01T12:00:00.000Z');
const at = (seconds: number) => new Date(windowStart.getTime() + seconds * 1000);

describe('hitRateLimit', () => {
  it('allows `limit` hits in a window and refuses the next with the seconds left in the window', async () => {
    const opts = { key: 'test:a', limit: 3, windowSeconds: WINDOW };
    const results = [];
    for (const second of [0, 10, 20, 100]) results.push(await hitRateLimit(db, { ...opts, now: at(second) }));
    expect(results.map((r) => [r.allowed, r.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    expect(results[0]!.retryAfterSeconds).toBe(0);
    expect(results[3]!.retryAfterSeconds).toBe(500);
  });

  it('starts a new window fresh', async () => {
    const opts = { key: 'test:b', limit: 1, windowSeconds: WINDOW };
    expect((await hitRateLimit(db, { ...opts, now: at(0) })).allowed).toBe(true);
    const refused = await hitRateLimit(db, { ...opts, now: at(WINDOW - 1) });
    expect(refused).toEqual({ allowed: false, count: 2, retryAfterSeconds: 1 });
    expect(await hitRateLimit(db, { ...opts, now: at(WINDOW) })).toEqual({
      allowed: true,
      count: 1,
      retryAfterSeconds: 0,
    });
  });

  it('counts each key on its own', async () => {
    const opts = { limit: 1, windowSeconds: WINDOW, now: at(5) };
    expect((await hitRateLimit(db, { ...opts, key: 'login:ip:203.0.113.1' })).allowed).toBe(true);
    expect((await hitRateLimit(db, { ...opts, key: 'login:ip:203.0.113.2' })).allowed).toBe(true);
    expect((await hitRateLimit(db, { ...opts, key: 'login:ip:203.0.113.1' })).allowed).toBe(false);
  });

  itOnPostgres('counts concurrent hits exactly', async () => {
    const opts = { key: 'test:concurrent', limit: 10, windowSeconds: WINDOW, now: at(1) };
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(db, opts)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    const row = await db.selectFrom('rateLimitCounter').select('count').where('key', '=', opts.key).executeTakeFirst();
    expect(row?.count).toBe(20);
  });
});

describe('enforceRateLimit', () => {
  it('throws PRT_RATE_LIMITED with the seconds to wait once over the limit', async () => {
    const opts = { key: 'test:enforce', limit: 2, windowSeconds: WINDOW };
    await enforceRateLimit(db, { ...opts, now: at(0) });
    await enforceRateLimit(db, { ...opts, now: at(0) });
    const error = await enforceRateLimit(db, { ...opts, now: at(60) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'PRT_RATE_LIMITED', params: { seconds: 540 }, status: 429 });
  });
});

describe('pruneRateLimits', () => {
  it('deletes windows that started before the cut-off and keeps the rest', async () => {
    const opts = { key: 'test:prune', limit: 5, windowSeconds: WINDOW };
    await hitRateLimit(db, { ...opts, now: at(-WINDOW) });
    await hitRateLimit(db, { ...opts, now: at(0) });
    await pruneRateLimits(db, windowStart);
    const left = await db.selectFrom('rateLimitCounter').select('windowStart').where('key', '=', opts.key).execute();
    expect(left.map((r) => new Date(r.windowStart).toISOString())).toEqual([windowStart.toISOString()]);
  });
});

describe('RATE_LIMITS', () => {
  it.each([
    ['loginPerIp', 30, 600],
    ['loginPerEmail', 10, 600],
    ['loginPrecheckPerIp', 60, 600],
    ['loginPrecheckPerEmail', 20, 600],
    ['captchaPerIp', 60, 600],
    ['emailCodePerIp', 30, 3600],
    ['registerCodesPerEmail', 5, 86_400],
    ['resetCodesPerEmail', 5, 86_400],
    ['loginCodesPerEmail', 20, 86_400],
    ['registrationPerIp', 10, 3600],
    ['passwordResetPerEmail', 5, 3600],
  ] as const)('%s allows %i per %i s', (name, limit, windowSeconds) => {
    expect(RATE_LIMITS[name]).toEqual({ limit, windowSeconds });
  });
});

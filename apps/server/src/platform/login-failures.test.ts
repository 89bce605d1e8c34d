import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { itOnPostgres } from '../../test/postgres-only.ts';
import {
  claimAttackNotice,
  clearAllLoginFailures,
  clearLoginFailures,
  loginFailuresOf,
  NEW_BROWSERS,
  recordLoginFailure,
  waitAfter,
} from './login-failures.ts';

const { db } = await createTestDatabase();
const t0 = new Date('2030-05-01T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const after = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);
const rule = { threshold: 3, firstWaitMs: MINUTE, maxWaitMs: 15 * MINUTE, windowMs: 24 * HOUR };
const newBrowsers = (email: string) => ({ email, deviceHash: NEW_BROWSERS });

describe('login failures per address and browser', () => {
  it.each([
    [1, 0],
    [2, 0],
    [3, 1],
    [4, 2],
    [5, 4],
    [6, 8],
    [7, 15],
    [8, 15],
    [1000, 15],
  ])('after %i failures in a row the wait is %i minutes', (failures, minutes) => {
    expect(waitAfter(failures, rule)).toBe(minutes * MINUTE);
  });

  it('counts failures in a row and makes each one from the threshold on wait longer, up to the longest', async () => {
    const scope = newBrowsers('Count@Bank.example');
    const states = [];
    // Each failure comes just after the previous wait has ended.
    for (const minute of [0, 1, 2, 3, 5, 8, 16, 31])
      states.push(await recordLoginFailure(db, scope, rule, after(minute)));
    expect(states).toEqual([
      { failures: 1, lockedUntil: null },
      { failures: 2, lockedUntil: null },
      { failures: 3, lockedUntil: after(3) },
      { failures: 4, lockedUntil: after(5) },
      { failures: 5, lockedUntil: after(9) },
      { failures: 6, lockedUntil: after(16) },
      { failures: 7, lockedUntil: after(31) },
      { failures: 8, lockedUntil: after(46) },
    ]);
    expect(await loginFailuresOf(db, newBrowsers('count@bank.example'))).toEqual(states.at(-1));
    await clearLoginFailures(db, newBrowsers('COUNT@bank.example'));
    expect(await loginFailuresOf(db, scope)).toEqual({ failures: 0, lockedUntil: null });
  });

  it('starts counting again a window after the last failure', async () => {
    const scope = newBrowsers('window@bank.example');
    for (const minute of [0, 1, 2]) await recordLoginFailure(db, scope, rule, after(minute));
    const later = new Date(after(2).getTime() + rule.windowMs + 1);
    expect(await recordLoginFailure(db, scope, rule, later)).toEqual({ failures: 1, lockedUntil: null });
  });

  it("keeps a known browser's count apart from the new browsers' count; a reset clears both", async () => {
    const email = 'apart@bank.example';
    const known = { email, deviceHash: 'a'.repeat(64) };
    for (const minute of [0, 1, 2, 3]) await recordLoginFailure(db, newBrowsers(email), rule, after(minute));
    expect(await loginFailuresOf(db, known)).toEqual({ failures: 0, lockedUntil: null });
    expect(await recordLoginFailure(db, known, rule, after(4))).toEqual({ failures: 1, lockedUntil: null });
    await clearLoginFailures(db, known);
    expect((await loginFailuresOf(db, newBrowsers(email))).failures).toBe(4);
    await recordLoginFailure(db, known, rule, after(5));
    await clearAllLoginFailures(db, email);
    expect(await db.selectFrom('loginFailure').where('email', '=', email).selectAll().execute()).toEqual([]);
  });

  it('gives the attack notice once per window', async () => {
    const email = 'notice@bank.example';
    expect(await claimAttackNotice(db, email, rule.windowMs, after(0))).toBe(false); // no failures yet
    await recordLoginFailure(db, newBrowsers(email), rule, after(0));
    expect(await claimAttackNotice(db, email, rule.windowMs, after(1))).toBe(true);
    expect(await claimAttackNotice(db, email, rule.windowMs, after(60))).toBe(false);
    expect(await claimAttackNotice(db, email, rule.windowMs, new Date(after(1).getTime() + rule.windowMs))).toBe(true);
  });

  itOnPostgres('gives the attack notice to one of several callers at once', async () => {
    const email = 'notice-race@bank.example';
    await recordLoginFailure(db, newBrowsers(email), rule, after(0));
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => claimAttackNotice(db, email, rule.windowMs, after(1))),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  itOnPostgres('counts concurrent failures exactly', async () => {
    const scope = newBrowsers('race@bank.example');
    await Promise.all(Array.from({ length: 12 }, () => recordLoginFailure(db, scope, rule)));
    expect((await loginFailuresOf(db, scope)).failures).toBe(12);
  });
});

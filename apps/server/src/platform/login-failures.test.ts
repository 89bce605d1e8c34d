import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { itOnPostgres } from '../../test/postgres-only.ts';
import { clearLoginFailures, loginFailuresOf, recordLoginFailure } from './login-failures.ts';

const { db } = await createTestDatabase();
const t0 = new Date('2030-05-01T12:00:00.000Z');
const after = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const rule = { threshold: 3, lockoutMs: 15 * 60_000 };

describe('login failures per address', () => {
  it('counts failures in a row and locks from the threshold on, each failure re-locking', async () => {
    const email = 'Count@Bank.example';
    const states = [];
    for (const minute of [0, 1, 2]) states.push(await recordLoginFailure(db, email, { ...rule, now: after(minute) }));
    expect(states).toEqual([
      { failures: 1, lockedUntil: null },
      { failures: 2, lockedUntil: null },
      { failures: 3, lockedUntil: after(17) },
    ]);
    expect(await loginFailuresOf(db, 'count@bank.example')).toEqual({ failures: 3, lockedUntil: after(17) });
    // After the lock has ended, one more failure locks again at once.
    expect(await recordLoginFailure(db, email, { ...rule, now: after(40) })).toEqual({
      failures: 4,
      lockedUntil: after(55),
    });
    await clearLoginFailures(db, 'COUNT@bank.example');
    expect(await loginFailuresOf(db, email)).toEqual({ failures: 0, lockedUntil: null });
  });

  itOnPostgres('counts concurrent failures exactly', async () => {
    await Promise.all(Array.from({ length: 12 }, () => recordLoginFailure(db, 'race@bank.example', rule)));
    expect((await loginFailuresOf(db, 'race@bank.example')).failures).toBe(12);
  });
});

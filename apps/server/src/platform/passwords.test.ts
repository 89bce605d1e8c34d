import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, hashPassword, needsRehash, verifyPassword } from './passwords.ts';

const hashed = await hashPassword('Correct#Horse9');

async function msOf(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('passwords', () => {
  it('hashes with argon2id and the configured cost', () => {
    expect(hashed).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=1\\$`),
    );
    expect(hashed).not.toContain('Correct#Horse9');
  });

  it('verifies the right password', async () => {
    expect(await verifyPassword(hashed, 'Correct#Horse9')).toBe(true);
  });

  it('rejects a wrong password, including one differing only in case', async () => {
    expect(await verifyPassword(hashed, 'correct#horse9')).toBe(false);
    expect(await verifyPassword(hashed, '')).toBe(false);
  });

  it('salts every hash', async () => {
    const again = await hashPassword('Correct#Horse9');
    expect(again).not.toBe(hashed);
    expect(await verifyPassword(again, 'Correct#Horse9')).toBe(true);
  });

  it('answers false for an unknown account (null hash) and for a malformed hash', async () => {
    expect(await verifyPassword(null, 'Correct#Horse9')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Correct#Horse9')).toBe(false);
  });

  it('spends about as long on an unknown account as on a known one', async () => {
    await verifyPassword(null, 'warm-up'); // the dummy hash is made on first use
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await msOf(() => verifyPassword(hashed, 'Wrong#Horse9')));
      unknown.push(await msOf(() => verifyPassword(null, 'Wrong#Horse9')));
    }
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('asks for a rehash only when the parameters are not the current ones', async () => {
    expect(needsRehash(hashed)).toBe(false);
    const baseline = await hash('Correct#Horse9', { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(needsRehash(baseline)).toBe(true);
    expect(needsRehash('$2b$10$bcryptlookinghash')).toBe(true);
  });
});

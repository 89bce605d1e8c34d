/**
 * Tests of row locks and races. PGlite has one connection and runs transactions one after the
 * other, so a lock is never contended there and such a test cannot fail on it. These tests run on
 * PostgreSQL (`.ci/run`'s second pass, or DATABASE_URL set) and are skipped on PGlite under a name
 * that says so; `.ci/summarize.mjs` accepts exactly these skips and no other.
 */
import { describe, inject, it } from 'vitest';

/** The mark every PostgreSQL-only test name ends with. */
export const POSTGRES_ONLY = '[PostgreSQL only]';

/** True when this run's test databases are PostgreSQL. */
export const onPostgres = inject('testDatabase').kind === 'postgres';

/** A test that runs on PostgreSQL only, named with the mark. */
export function itOnPostgres(name: string, fn: () => Promise<void>, timeout?: number): void {
  it.runIf(onPostgres)(`${name} ${POSTGRES_ONLY}`, fn, timeout);
}

/** A group of tests that run on PostgreSQL only, named with the mark. */
export function describeOnPostgres(name: string, fn: () => void): void {
  describe.runIf(onPostgres)(`${name} ${POSTGRES_ONLY}`, fn);
}

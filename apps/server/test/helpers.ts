/**
 * Test helpers: a fresh, migrated database per call (on PGlite by default, on PostgreSQL when
 * DATABASE_URL is set) and the whole app built on it, as in production.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, parseConfig } from '../src/config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';

let dumpCache: Blob | undefined;

/** The PostgreSQL URL of each test database made here (for a second instance's connections). */
const urls = new WeakMap<DatabaseHandle, string>();

/** A new database with every migration applied, dropped again when the test file ends. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    dumpCache ??= new Blob([await readFile(target.dumpPath)]);
    const handle = await openPglite({ loadDataDir: dumpCache });
    afterAll(() => handle.close());
    return handle;
  }
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${target.template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(target.url);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 5);
  urls.set(handle, url.toString());
  afterAll(() => dropTestDatabase(handle));
  return handle;
}

/**
 * Closes a database createTestDatabase made and, on PostgreSQL, drops it. For a file that makes
 * one inside a hook (a beforeAll), where the afterAll createTestDatabase registers is not run.
 */
export async function dropTestDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.close();
  const url = urls.get(handle);
  if (!url) return;
  const name = new URL(url).pathname.slice(1);
  // Dropped from the server's maintenance database, the one the test databases are made from.
  const target = inject('testDatabase');
  if (target.kind !== 'postgres') return;
  const dropper = new pg.Client({ connectionString: target.url });
  await dropper.connect();
  try {
    await dropper.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await dropper.end();
  }
}

/**
 * Another instance's handle on the same database as `handle` (made by createTestDatabase): on
 * PostgreSQL, a pool and a listening connection of its own, as a second server has; on PGlite,
 * which one process holds, `handle` itself (two apps on it still listen separately).
 */
export function openSameDatabase(handle: DatabaseHandle): DatabaseHandle {
  const url = urls.get(handle);
  if (!url) return handle;
  const other = openPostgres(url, 5);
  afterAll(() => other.close());
  return other;
}

/** The PostgreSQL URL of a database createTestDatabase made (for a server process of a test). */
export function databaseUrlOf(handle: DatabaseHandle): string {
  const url = urls.get(handle);
  if (!url) throw new Error('not a PostgreSQL database made by createTestDatabase');
  return url;
}

/** The key-encryption key of test configurations (no file is made for them). */
export const TEST_KEK = Buffer.alloc(32, 7).toString('base64');

/** Configuration for tests: quiet logs, no demo data, overridable per test. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    PORT: '0',
    SIGNING_KEK: TEST_KEK,
    ...overrides,
  });
}

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; config: Config };

/** The whole application on a fresh database; closed when the test file ends. */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  /** Lets a platform test add routes of its own before the app is sealed. */
  extend?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database });
  await extend?.(app);
  await app.ready();
  afterAll(() => app.close());
  return { app, database, config };
}

/** buildTestApp storing files in a fresh temporary folder (STORAGE_DIR), removed when the file ends. */
export async function buildTestAppWithStorage(
  prefix: string,
  overrides: Record<string, string> = {},
): Promise<TestApp & { storageDir: string }> {
  const storageDir = await mkdtemp(join(tmpdir(), prefix));
  afterAll(() => rm(storageDir, { recursive: true, force: true }));
  return { ...(await buildTestApp({ ...overrides, STORAGE_DIR: storageDir })), storageDir };
}

/**
 * Runs `attempt`, a burst of requests counted against a fixed-window rate limit of
 * `windowSeconds`, inside one window. The windows are aligned to the epoch
 * (platform/rate-limit.ts), so a burst that crosses a boundary sees its count start again and
 * never reaches the limit: then it runs once more, with the next attempt number (for fresh
 * client addresses or keys), right after the boundary. Answers the last attempt's result.
 */
export async function inOneRateWindow<T>(windowSeconds: number, attempt: (n: number) => Promise<T>): Promise<T> {
  const windowOf = () => Math.floor(Date.now() / (windowSeconds * 1000));
  const started = windowOf();
  const result = await attempt(0);
  return windowOf() === started ? result : attempt(1);
}

/** How many rows `query` (a selectFrom with its where clauses) finds. */
export async function countRows<TB extends keyof Database, O>(query: SelectQueryBuilder<Database, TB, O>) {
  const row = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A start-up log that keeps its lines, each prefixed with its level. */
export function captureLog() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (message: string) => lines.push(`info: ${message}`),
      warn: (message: string) => lines.push(`warn: ${message}`),
    },
  };
}

/**
 * Test helpers: a fresh, migrated database per call (on PGlite by default, on PostgreSQL when
 * DATABASE_URL is set) and the whole app built on it, as in production.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, parseConfig } from '../src/config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/database.ts';

let dumpCache: Blob | undefined;

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
  afterAll(async () => {
    await handle.close();
    const dropper = new pg.Client({ connectionString: target.url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  return handle;
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

/**
 * The built server names our TypeScript sources in its stack traces. dist/main.mjs turns source
 * maps on for our bundle only before it loads it (build.mjs; npm packages' maps stay unread,
 * docs/decisions/0023), so the start script no longer passes --enable-source-maps.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVER_NODE_ENV, SERVER_NODE_FLAGS } from '../node-flags.mjs';
import { openPglite } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Beside dist/ (and git-ignored as dist-*): not under node_modules, whose files get no source
// maps, yet resolving the external packages from apps/server/node_modules.
const buildDir = join(SERVER_DIR, `dist-bundle-stack-${process.pid}`);
const entry = join(buildDir, 'main.mjs');
let dataDir: string;

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: SERVER_DIR,
    env: { ...process.env, SERVER_BUNDLE_OUT: entry },
    stdio: 'inherit',
  });
  dataDir = await mkdtemp(join(tmpdir(), 'portal-bundle-stack-'));
  // A database that remembers a migration this build does not have: the start fails in our own
  // code (db/migrate.ts throws) and main.ts prints the error with its stack.
  const handle = await openPglite({ dataDir: join(dataDir, 'pglite') });
  await migrateToLatest(handle.db);
  await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_the_future', '2099-01-01')`.execute(
    handle.db,
  );
  await handle.close();
}, 120_000);

afterAll(async () => {
  await rm(buildDir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('names the TypeScript source of a thrown error, not the bundle', { timeout: 120_000 }, async () => {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
    env: { ...inherited, ...SERVER_NODE_ENV, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stop = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  clearTimeout(stop);
  expect(code).toBe(1);
  expect(stderr).toContain('Migration');
  expect(stderr).toMatch(/\n\s+at .*src\/db\/migrate\.ts:\d+:\d+/);
  expect(stderr).not.toMatch(/\n\s+at .*main\.bundle\.mjs:\d+/);
});

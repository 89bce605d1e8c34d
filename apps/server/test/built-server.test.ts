/**
 * The built server (build.mjs), started as the start script starts it:
 * - it names our TypeScript sources in its stack traces. dist/main.mjs turns source maps on for
 *   our bundle only before it loads it (npm packages' maps stay unread, docs/decisions/0023), so
 *   the start script no longer passes --enable-source-maps;
 * - it does not load the PDF, font, captcha and disposable-mail libraries until a request
 *   needs them (docs/decisions/0023, "Memory at rest: lazy libraries").
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVER_NODE_ENV, SERVER_NODE_FLAGS } from '../node-flags.mjs';
import { openPglite } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { freePort } from './free-port.ts';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Beside dist/ (and git-ignored as dist-*): not under node_modules, whose files get no source
// maps, yet resolving the external packages from apps/server/node_modules.
const buildDir = join(SERVER_DIR, `dist-built-server-${process.pid}`);
const entry = join(buildDir, 'main.mjs');
let dataDir: string;

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: SERVER_DIR,
    env: { ...process.env, SERVER_BUNDLE_OUT: entry },
    stdio: 'inherit',
  });
  dataDir = await mkdtemp(join(tmpdir(), 'portal-built-server-'));
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

// Loaded only when a request needs them: each is MBs of heap an idle server would carry.
const LAZY = ['@libpdf/core', 'pdf-lib', 'opentype.js', 'svg-captcha', 'mailchecker'];
const packagesIn = (urls: string) =>
  new Set([...urls.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].map((match) => match[1]!));

it('loads the PDF, font, captcha and disposable-mail libraries on first use, not at start', {
  timeout: 180_000,
}, async () => {
  const work = await mkdtemp(join(tmpdir(), 'portal-built-server-lazy-'));
  try {
    // Every module the server loads, by URL (module.registerHooks sees import and require).
    const loaded = join(work, 'loaded.txt');
    const hook = join(work, 'hook.mjs');
    await writeFile(
      hook,
      `import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
registerHooks({ load(url, context, next) { appendFileSync(${JSON.stringify(loaded)}, url + '\\n'); return next(url, context); } });
`,
    );
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _unused, ...inherited } = process.env;
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', pathToFileURL(hook).href, entry], {
      env: {
        ...inherited,
        ...SERVER_NODE_ENV,
        DATA_DIR: join(work, 'data'),
        SEED_DEMO_DATA: 'false',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const server = { baseUrl };
    try {
      const until = Date.now() + 120_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        if (
          await fetch(`${baseUrl}/readyz`).then(
            (res) => res.ok,
            () => false,
          )
        )
          break;
        if (Date.now() > until) throw new Error('the server was not ready in 2 minutes');
        await new Promise((done) => setTimeout(done, 50));
      }
      for (const path of ['/readyz', '/api/site/config']) expect((await fetch(server.baseUrl + path)).ok).toBe(true);
      const atStart = packagesIn(await readFile(loaded, 'utf8'));
      expect(atStart.has('fastify')).toBe(true);
      expect(LAZY.filter((name) => atStart.has(name))).toEqual([]);
      // The first picture code loads its library, and works.
      const captcha = await fetch(`${server.baseUrl}/api/user/p1/getVerifyCode`);
      expect(captcha.status).toBe(200);
      expect(((await captcha.json()) as { data: { base64Image: string } }).data.base64Image).toMatch(
        /^data:image\/svg\+xml;base64,/,
      );
      expect(packagesIn(await readFile(loaded, 'utf8')).has('svg-captcha')).toBe(true);
    } finally {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => child.once('exit', done));
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});

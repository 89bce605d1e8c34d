/**
 * Profiles one marketplace phase on the built server: `node --cpu-prof` while the phase runs
 * alone, then the profile's summary (bench/profile-summary.ts).
 *
 * Needs the bench database kept by a previous run (`BENCH_KEEP_DB=true npm run bench`, or
 * `BENCH_KEEP_DB=true npx tsx bench/marketplace.ts`), on BENCH_DATABASE_URL's server under
 * BENCH_DB_NAME (default portal_bench).
 *
 * `npx tsx bench/profile-phase.ts list|detail|unread [seconds] [connections]`
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_SIGNING_KEK, openKeptDatabase } from './kept-database.ts';
import { runTimed } from './load.ts';
import { listQuery } from './marketplace.ts';
import { summarise } from './profile-summary.ts';
import { startServer } from './server-process.ts';

const [phase = 'list', seconds = '10', connections = '32'] = process.argv.slice(2);
const { databaseUrl, cookies, lgcSns } = await openKeptDatabase();

const dir = await mkdtemp(join(tmpdir(), 'portal-profile-'));
const dataDir = await mkdtemp(join(tmpdir(), 'portal-profile-data-'));
process.env.BENCH_CPU_PROF = dir;
const server = await startServer({
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: '10',
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: 'false',
  JOBS_ENABLED: 'false',
  SIGNING_KEK: BENCH_SIGNING_KEK,
});
const cookie = (i: number) => cookies[i % cookies.length]!;
const next = (i: number) =>
  phase === 'detail'
    ? { path: `/api/bthw/detail/${lgcSns[(i * 37) % lgcSns.length]}`, cookie: cookie(i) }
    : phase === 'unread'
      ? { path: '/api/bthw/queryMessageNum', cookie: cookie(i) }
      : { path: `/api/bthw/listPage?${listQuery(i)}`, cookie: cookie(i) };
try {
  const result = await runTimed(server.baseUrl, next, {
    concurrency: Number(connections),
    ms: Number(seconds) * 1000,
    warmupMs: 2000,
  });
  console.info(
    `${phase}: ${result.latencies.length} answers in ${(result.elapsedMs / 1000).toFixed(1)} s, ${result.errors} failed${result.firstError ? `: ${result.firstError}` : ''}`,
  );
} finally {
  await server.stop();
}
const [file] = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
console.info((await summarise(join(dir, file!), 30, Number(seconds) * 1000)).join('\n'));
console.info(`profile: ${join(dir, file!)}`);
await rm(dataDir, { recursive: true, force: true });

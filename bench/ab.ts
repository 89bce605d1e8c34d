/**
 * A/B of two builds of the server on the kept bench database: server CPU ms and statements per
 * request, and requests/s, for the list, the detail and the unread count, the builds alternating.
 *
 * `BENCH_DB_NAME=... npx tsx bench/ab.ts <entry A> <entry B> [seconds] [rounds]`
 * BENCH_AB_PHASES=list,detail: only those phases (default all three). BENCH_AB_A_NODE_FLAGS /
 * BENCH_AB_B_NODE_FLAGS: node flags added after the start script's for that side only (the same
 * build with another flag, e.g. `--max-semi-space-size=16`).
 * (entries: built bundles, e.g. a copy of apps/server/dist from before a change, and apps/server/dist/main.mjs)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_SIGNING_KEK, openKeptDatabase } from './kept-database.ts';
import { runTimed } from './load.ts';
import { listQuery } from './marketplace.ts';
import { median } from './report.ts';
import { startServer } from './server-process.ts';

const [entryA, entryB, seconds = '5', rounds = '2'] = process.argv.slice(2);
if (!entryA || !entryB) throw new Error('usage: tsx bench/ab.ts <entry A> <entry B> [seconds] [rounds]');
const { databaseUrl, cookies, lgcSns } = await openKeptDatabase();
const cookie = (i: number) => cookies[i % cookies.length]!;
const allPhases = {
  list: (i: number) => ({ path: `/api/bthw/listPage?${listQuery(i)}`, cookie: cookie(i) }),
  detail: (i: number) => ({ path: `/api/bthw/detail/${lgcSns[(i * 37) % lgcSns.length]}`, cookie: cookie(i) }),
  unread: (i: number) => ({ path: '/api/bthw/queryMessageNum', cookie: cookie(i) }),
};
const only = process.env.BENCH_AB_PHASES?.split(',');
const phases = Object.fromEntries(Object.entries(allPhases).filter(([name]) => !only || only.includes(name)));
type Stats = { cpuUserMs: number; cpuSystemMs: number; statements: number };
const results = new Map<string, { cpu: number[]; stmts: number[]; rps: number[] }>();
const dataDir = await mkdtemp(join(tmpdir(), 'portal-ab-'));
for (let round = 0; round < Number(rounds); round++) {
  for (const [label, entry] of [
    ['A', entryA],
    ['B', entryB],
  ] as const) {
    if (process.env[`BENCH_AB_${label}_NODE_FLAGS`] !== undefined) {
      process.env.BENCH_EXTRA_NODE_FLAGS = process.env[`BENCH_AB_${label}_NODE_FLAGS`];
    } else delete process.env.BENCH_EXTRA_NODE_FLAGS;
    const server = await startServer(
      {
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '10',
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        JOBS_ENABLED: 'false',
        BENCH_STATS: 'true',
        SIGNING_KEK: BENCH_SIGNING_KEK,
      },
      { entry },
    );
    try {
      for (const [name, next] of Object.entries(phases)) {
        await runTimed(server.baseUrl, next, { concurrency: 32, ms: 1500, warmupMs: 0 });
        const stats = async () => (await (await fetch(`${server.baseUrl}/__bench/stats`)).json()) as Stats;
        const before = await stats();
        const r = await runTimed(server.baseUrl, next, { concurrency: 32, ms: Number(seconds) * 1000, warmupMs: 0 });
        const after = await stats();
        const n = r.latencies.length + r.errors;
        const key = `${name} ${label}`;
        const entry = results.get(key) ?? { cpu: [], stmts: [], rps: [] };
        entry.cpu.push((after.cpuUserMs + after.cpuSystemMs - before.cpuUserMs - before.cpuSystemMs) / n);
        entry.stmts.push((after.statements - before.statements) / n);
        entry.rps.push((r.latencies.length * 1000) / r.elapsedMs);
        results.set(key, entry);
        if (r.errors) console.warn(`${key}: ${r.errors} failed: ${r.firstError}`);
      }
    } finally {
      await server.stop();
    }
  }
}
await rm(dataDir, { recursive: true, force: true });
for (const [key, r] of [...results].sort()) {
  console.info(
    `${key.padEnd(10)} CPU ms/req ${median(r.cpu).toFixed(2)} (${r.cpu.map((v) => v.toFixed(2)).join(', ')})  stmts/req ${median(r.stmts).toFixed(2)}  req/s ${median(r.rps).toFixed(0)}`,
  );
}

/**
 * A/B of two builds of the server on the kept bench database: server CPU ms and statements per
 * request, and requests/s, for the list, the detail and the unread count, the builds alternating.
 *
 * `BENCH_DB_NAME=... npx tsx bench/ab.ts <entry A> <entry B> [seconds] [rounds]`
 * (entries: built bundles, e.g. a copy of apps/server/dist from before a change, and apps/server/dist/main.mjs)
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runTimed } from './load.ts';
import { listQuery } from './marketplace.ts';
import { median } from './report.ts';
import { startServer } from './server-process.ts';

const [entryA, entryB, seconds = '5', rounds = '2'] = process.argv.slice(2);
if (!entryA || !entryB) throw new Error('usage: tsx bench/ab.ts <entry A> <entry B> [seconds] [rounds]');
const admin = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres');
admin.pathname = `/${process.env.BENCH_DB_NAME ?? 'portal_bench'}`;
const databaseUrl = admin.toString();

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const cookies: string[] = [];
let lgcSns: string[];
try {
  const users = await client.query<{ id: number }>(
    `select id from app_user where role_codes = '{10}' order by id limit 32 offset 500`,
  );
  for (const { id } of users.rows) {
    const token = randomBytes(32).toString('base64url');
    await client.query(
      `insert into user_session (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 hour')`,
      [createHash('sha256').update(token).digest('hex'), id],
    );
    cookies.push(`portal_sid=${token}`);
  }
  lgcSns = (
    await client.query<{ lgc_sn: string }>(
      `select lgc_sn from cooperation_request where status = 'effective' order by md5(lgc_sn) limit 2000`,
    )
  ).rows.map((r) => r.lgc_sn);
} finally {
  await client.end();
}
const cookie = (i: number) => cookies[i % cookies.length]!;
const phases = {
  list: (i: number) => ({ path: `/api/bthw/listPage?${listQuery(i)}`, cookie: cookie(i) }),
  detail: (i: number) => ({ path: `/api/bthw/detail/${lgcSns[(i * 37) % lgcSns.length]}`, cookie: cookie(i) }),
  unread: (i: number) => ({ path: '/api/bthw/queryMessageNum', cookie: cookie(i) }),
};
type Stats = { cpuUserMs: number; cpuSystemMs: number; statements: number };
const results = new Map<string, { cpu: number[]; stmts: number[]; rps: number[] }>();
const dataDir = await mkdtemp(join(tmpdir(), 'portal-ab-'));
for (let round = 0; round < Number(rounds); round++) {
  for (const [label, entry] of [
    ['A', entryA],
    ['B', entryB],
  ] as const) {
    const server = await startServer(
      {
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '10',
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        JOBS_ENABLED: 'false',
        BENCH_STATS: 'true',
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

/**
 * Memory under load (issue 24): the built server on PGlite with the demo data, RSS at rest, its
 * peak during 60 s at 50 connections (loopback, autocannon) on a public list (the articles) and a
 * signed-in one (the marketplace), right after, and 30 s after the load ended: memory that a load
 * leaves behind shows as the last figure staying near the peak.
 *
 * `npx tsx bench/memory.ts` runs it alone (after `npm run build`); `npm run bench` includes it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../apps/server/src/db/database.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/platform/session.ts';
import { runLoad } from './load.ts';
import { type Figure, printSection } from './report.ts';
import { rssMb, startServer } from './server-process.ts';

const LOAD_MS = 60_000;
const SETTLE_MS = 30_000;
const CONNECTIONS = 50;
const SIGNED_IN_ACCOUNT = 'kevin.lau@harbourview.example';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A data directory as a restarted server finds it: the first start loads the demo data (signing
 * its demo contracts, which takes memory of its own), then a session of an approved demo user is
 * added. Returns the session cookie.
 */
async function prepareDataDir(dataDir: string): Promise<string> {
  await (await startServer({ DATA_DIR: dataDir })).stop();
  const handle = await openPglite({ dataDir: join(dataDir, 'pglite') });
  try {
    const user = await handle.db
      .selectFrom('appUser')
      .select('id')
      .where('email', '=', SIGNED_IN_ACCOUNT)
      .executeTakeFirstOrThrow();
    return `${SESSION_COOKIE}=${await createSession(handle.db, user.id, { absoluteMs: 3_600_000 })}`;
  } finally {
    await handle.close();
  }
}

export async function benchMemory(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-memory-'));
  try {
    const cookie = await prepareDataDir(dataDir);
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const pid = server.child.pid!;
      for (const path of ['/readyz', '/api/site/config', '/api/consultInfoP1/queryConsultInfosP1'])
        await fetch(server.baseUrl + path);
      await sleep(3000);
      const before = await rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => {
        rssMb(pid).then(
          (mb) => {
            peak = Math.max(peak, mb);
          },
          () => {},
        );
      }, 1000);
      const load = await runLoad(
        server.baseUrl,
        (i) =>
          i % 2
            ? { path: `/api/consultInfoP1/queryConsultInfosP1?pageNo=${(i % 5) + 1}&pageSize=10` }
            : { path: `/api/bthw/listPage?pageNo=${(i % 5) + 1}&pageSize=10`, cookie },
        { concurrency: CONNECTIONS, maxCount: 100_000_000, maxMs: LOAD_MS, warmup: 0 },
      );
      clearInterval(sampler);
      const after = await rssMb(pid);
      await sleep(SETTLE_MS);
      const settled = await rssMb(pid);
      const rate = (load.latencies.length / load.elapsedMs) * 1000;
      return [
        { name: 'RSS before the load', value: before, unit: 'MB' },
        { name: `RSS peak during ${LOAD_MS / 1000} s at ${CONNECTIONS} connections`, value: peak, unit: 'MB' },
        { name: 'RSS right after the load', value: after, unit: 'MB' },
        { name: `RSS ${SETTLE_MS / 1000} s after the load`, value: settled, unit: 'MB' },
        { name: 'requests per second during the load', value: rate, unit: 'req/s' },
        { name: 'failed requests during the load', value: load.errors, unit: '' },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  printSection('Memory under load (PGlite, built server)', await benchMemory());
}

/**
 * Soak (issue 28, item 6): two built instances behind nginx on one PostgreSQL database and one S3
 * store (apps/server/test/balanced-pair.ts, the two-instance test's machinery), under
 * SOAK_CONNECTIONS (default 100) keep-alive connections for SOAK_MINUTES (default 5), each
 * connection sending its next request when the previous one has answered, over a mix of:
 *
 * - public reads (site config, banners, news list, home modules), no session;
 * - the opportunity list with filters, a request's detail and the unread count, signed in;
 * - publishes (a valid request each time) and intentions (each from an institution that has not
 *   yet sent one to that request, so each should succeed);
 * - signatures, paced at SIGNATURES_PER_MINUTE: the signer asks for the code, the code is read
 *   from the mail outbox (as the tests read it) and the contract signed, on contracts seeded
 *   agreed, uploaded and confirmed (one user per signature: the code's 60 s pause is per address).
 *
 * Every request is expected to answer 2xx with the envelope's code '0': anything else (or a
 * connection error) is an error. Each minute it prints requests, errors (count and the first
 * distinct messages) and p95 latency per route, and each instance's RSS (/proc/<pid>/status); at
 * the end, the totals and whether each instance's RSS in the last minute is within 10 % of the
 * second minute's (the first includes the start-up and warm-up). Exit status 1 on any error or
 * a growth over 10 %.
 *
 * DATABASE_URL (default postgres://root@127.0.0.1:5432/test) is the admin URL: the soak makes a
 * database of its own on that server (migrated), and drops it at the end. Needs nginx
 * (`node scripts/test-packages.mjs`).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIRECTION_CODES } from '@portal/shared/dictionaries';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openPostgres } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import {
  type Answer,
  type BalancedPair,
  buildServerBundle,
  type Instance,
  NGINX_PATH,
  startBalancedPair,
} from '../apps/server/test/balanced-pair.ts';
import { buildRequest, validReleaseBody } from '../apps/server/test/cooperation-factories.ts';
import { buildInstitution, lastMailTo } from '../apps/server/test/factories.ts';
import { startS3Server, type TestS3 } from '../apps/server/test/s3.ts';
import { type Caller, signingApi } from '../apps/server/test/signing-scene.ts';
import { percentile } from './load.ts';
import { median } from './report.ts';
import { rssMb } from './server-process.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 5);
/** How often each instance's RSS is read; a minute's figure is the median of its readings. */
const RSS_SAMPLE_MS = 5_000;
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 100);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
/** SOAK_SIGNATURES_PER_MINUTE=0 leaves signatures out (to tell their memory from the rest's). */
const SIGNATURES_PER_MINUTE = Number(process.env.SOAK_SIGNATURES_PER_MINUTE ?? 20);
const PUBLISHER_INSTITUTIONS = 5;
const COUNTERPART_INSTITUTIONS = 20;
const USERS_PER_INSTITUTION = 3;
const SEEDED_REQUESTS = 60;
/** The key-encryption key of the instances (the tests' TEST_KEK; a bench database holds no real keys). */
const SIGNING_KEK = Buffer.alloc(32, 7).toString('base64');

const PUBLIC_READS: readonly (readonly [string, string])[] = [
  ['site config', '/api/site/config'],
  ['banners', '/api/bannerP1/bannerListForP1'],
  ['news list', '/api/consultInfoP1/queryConsultInfosP1?pageNo=1&pageSize=5'],
  ['home modules', '/api/moduleInfoP1/moduleListForP1?moduleType=0&pageNo=1&pageSize=100'],
];
const LIST_TYPES = ['LOAN', 'TRADE_FINANCE', 'BOND', 'EQUITY'];

/** The weighted mix (signatures are paced apart from it). */
const MIX: readonly (readonly [Kind, number])[] = [
  ['public', 30],
  ['list', 25],
  ['detail', 20],
  ['unread', 15],
  ['publish', 5],
  ['intention', 5],
];
type Kind = 'public' | 'list' | 'detail' | 'unread' | 'publish' | 'intention';

type RouteStats = { count: number; errors: number; latencies: number[] };
type Minute = {
  routes: Map<string, RouteStats>;
  messages: Map<string, number>;
};
const newMinute = (): Minute => ({ routes: new Map(), messages: new Map() });

type Signature = { who: Caller; intentionLgcSn: string; seal: string; page: number; next?: Signature };

async function main() {
  if (!existsSync(NGINX_PATH)) throw new Error(`nginx not found at ${NGINX_PATH}: run node scripts/test-packages.mjs`);
  const dbName = `portal_soak_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(dbName)}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  let handle: DatabaseHandle | undefined;
  let s3: TestS3 | undefined;
  let bundle: ReturnType<typeof buildServerBundle> | undefined;
  let pair: BalancedPair | undefined;
  const work = await mkdtemp(join(tmpdir(), 'portal-soak-'));
  try {
    handle = openPostgres(url.toString(), 5);
    // biome-ignore lint/suspicious/noExplicitAny: the migrator takes any database, as global-setup's does
    await migrateToLatest(handle.db as unknown as Kysely<any>);
    s3 = await startS3Server('portal-soak');
    bundle = buildServerBundle('soak');
    pair = await startBalancedPair({
      entry: bundle.entry,
      work,
      databaseUrl: url.toString(),
      s3Env: s3.env,
      signingKek: SIGNING_KEK,
      // SOAK_INSTANCE_NODE_OPTIONS: flags for both instances' Node (e.g. --max-old-space-size=256,
      // to tell a leak, which then runs out of memory, from garbage V8 has not yet collected).
      ...(process.env.SOAK_INSTANCE_NODE_OPTIONS
        ? { env: { NODE_OPTIONS: process.env.SOAK_INSTANCE_NODE_OPTIONS } }
        : {}),
    });
    return await soak(pair, handle);
  } finally {
    await pair?.stop();
    await s3?.stop();
    await handle?.close();
    await bundle?.remove();
    await rm(work, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(dbName)} WITH (FORCE)`);
    await admin.end();
  }
}

async function soak(pair: BalancedPair, handle: DatabaseHandle): Promise<boolean> {
  const db = handle.db;
  const api = signingApi(pair.balancer(), db);
  const seedStarted = performance.now();

  // Institutions and their users, signed in (sessions written as a log-in writes them).
  const publishers: Caller[][] = [];
  const counterparts: Caller[][] = [];
  for (let i = 0; i < PUBLISHER_INSTITUTIONS + COUNTERPART_INSTITUTIONS; i++) {
    const inst = await buildInstitution(db, { name: `Soak Bank ${i}` });
    const users: Caller[] = [];
    for (let u = 0; u < USERS_PER_INSTITUTION; u++)
      users.push(await api.caller(inst.id, { name: `Soak User ${i}.${u}` }));
    (i < PUBLISHER_INSTITUTIONS ? publishers : counterparts).push(users);
  }
  const readers = [...publishers, ...counterparts].flat();

  // Requests open to intentions: each takes one from every counterpart institution in turn.
  type Open = { lgcSn: string; nextCounterpart: number };
  const open: Open[] = [];
  const details: string[] = [];
  for (let i = 0; i < SEEDED_REQUESTS; i++) {
    const owner = publishers[i % PUBLISHER_INSTITUTIONS]![0]!;
    const request = await buildRequest(db, {
      ownerUserId: owner.id,
      institutionId: owner.institutionId,
      name: `Soak request ${i}`,
    });
    open.push({ lgcSn: request.lgcSn, nextCounterpart: 0 });
    details.push(request.lgcSn);
  }

  // Contracts to sign: agreed, uploaded and confirmed, each signed by a user of its own per party
  // (the e-mail code's 60 s pause is per address).
  // Only a seal's holder may stamp with it: each signer applies for a seal of their own.
  const reviewer = await api.reviewer();
  const sealFor = (who: Caller) => api.effectiveSeal(who, reviewer, { sealName: `Contract seal ${who.id}` });
  const contracts = Math.ceil((SIGNATURES_PER_MINUTE * MINUTES) / 2) + 5;
  const pdf = await api.makeTestPdf(2);
  const signatures: Signature[] = [];
  const seedContract = async (k: number) => {
    const publisher = await api.caller(publishers[k % PUBLISHER_INSTITUTIONS]![0]!.institutionId);
    const counterpart = await api.caller(counterparts[k % 5]![0]!.institutionId, { locale: 'zh-CN' });
    const request = await buildRequest(db, {
      ownerUserId: publisher.id,
      institutionId: publisher.institutionId,
      name: `Soak contract ${k}`,
    });
    const sent = await api.inject('POST', '/api/bthw/SendBthw', counterpart.cookie, {
      requestLgcSn: request.lgcSn,
      message: 'We would like to participate.',
    });
    if (sent.statusCode !== 200) throw new Error(`seed intention: ${sent.statusCode} ${sent.body}`);
    const intentionLgcSn = sent.json().data.lgcSn as string;
    const agreed = await api.inject('POST', '/api/bthw/agreeOrRefuse', publisher.cookie, {
      intentionLgcSn,
      decision: 'agree',
    });
    if (agreed.statusCode !== 200) throw new Error(`seed agree: ${agreed.statusCode} ${agreed.body}`);
    const uploaded = await api.uploadContract(publisher.cookie, intentionLgcSn, pdf, `Soak agreement ${k}`);
    if (uploaded.statusCode !== 200) throw new Error(`seed upload: ${uploaded.statusCode} ${uploaded.body}`);
    const confirmed = await api.inject('POST', `/api/contracts/${intentionLgcSn}/confirm`, counterpart.cookie);
    if (confirmed.statusCode !== 200) throw new Error(`seed confirm: ${confirmed.statusCode} ${confirmed.body}`);
    signatures.push({
      who: publisher,
      intentionLgcSn,
      seal: await sealFor(publisher),
      page: 1,
      next: { who: counterpart, intentionLgcSn, seal: await sealFor(counterpart), page: 2 },
    });
  };
  for (let k = 0; k < contracts; k += 10) {
    await Promise.all(Array.from({ length: Math.min(10, contracts - k) }, (_, j) => seedContract(k + j)));
  }
  console.info(
    `Seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s: ${readers.length} users at ` +
      `${readers.length / USERS_PER_INSTITUTION} institutions, ${SEEDED_REQUESTS} requests, ${contracts} confirmed contracts. ` +
      `Soak: ${CONNECTIONS} connections for ${MINUTES} min through nginx on port ${pair.balancerPort}.`,
  );

  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let minute = newMinute();
  const totals = { requests: 0, errors: 0, messages: new Map<string, number>() };
  const rssByMinute: Record<Instance, number>[] = [];

  const note = (stats: Minute, route: string, ms: number, error?: string) => {
    const entry = stats.routes.get(route) ?? { count: 0, errors: 0, latencies: [] };
    stats.routes.set(route, entry);
    entry.count++;
    entry.latencies.push(ms);
    totals.requests++;
    if (error === undefined) return;
    entry.errors++;
    totals.errors++;
    const message = `${route}: ${error}`.slice(0, 240);
    stats.messages.set(message, (stats.messages.get(message) ?? 0) + 1);
    totals.messages.set(message, (totals.messages.get(message) ?? 0) + 1);
  };

  /** One request, timed and counted under `route`; answers it, or undefined on a connection error. */
  const call = async (
    route: string,
    method: 'GET' | 'POST',
    path: string,
    cookie?: string,
    payload?: unknown,
  ): Promise<Answer | undefined> => {
    const stats = minute;
    const started = performance.now();
    try {
      const res = await pair.send({
        method,
        url: path,
        agent,
        headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
        ...(payload === undefined ? {} : { payload }),
      });
      const ms = performance.now() - started;
      const ok = res.statusCode >= 200 && res.statusCode < 300 && /^\{"code":"0"/.test(res.body);
      note(stats, route, ms, ok ? undefined : `${res.statusCode} ${res.body.slice(0, 160)}`);
      return ok ? res : undefined;
    } catch (error) {
      note(stats, route, performance.now() - started, (error as Error).message);
      return undefined;
    }
  };

  let counter = 0;
  const pick = <T>(list: readonly T[], i: number) => list[(Math.imul(i + 1, 2654435761) >>> 0) % list.length]!;
  const weightTotal = MIX.reduce((sum, [, w]) => sum + w, 0);
  const kindOf = (i: number): Kind => {
    let r = (Math.imul(i + 7, 40503) >>> 0) % weightTotal;
    for (const [kind, weight] of MIX) {
      if (r < weight) return kind;
      r -= weight;
    }
    return 'public';
  };

  async function operation(i: number) {
    const reader = pick(readers, i * 13);
    switch (kindOf(i)) {
      case 'public': {
        const [route, path] = PUBLIC_READS[i % PUBLIC_READS.length]!;
        await call(route, 'GET', path);
        return;
      }
      case 'list': {
        const query = new URLSearchParams({
          pageNo: String(1 + (i % 3)),
          pageSize: '10',
          direction: DIRECTION_CODES[i % 2]!,
          ...(i % 4 === 0 ? {} : { typeCode: pick(LIST_TYPES, i) }),
        });
        await call('list', 'GET', `/api/bthw/listPage?${query}`, reader.cookie);
        return;
      }
      case 'detail':
        await call('detail', 'GET', `/api/bthw/detail/${pick(details, i * 31)}`, reader.cookie);
        return;
      case 'unread':
        await call('unread count', 'GET', '/api/bthw/queryMessageNum', reader.cookie);
        return;
      case 'publish': {
        const publisher = pick(publishers, i)[i % USERS_PER_INSTITUTION]!;
        const res = await call('publish', 'POST', '/api/bthw/publish', publisher.cookie, validReleaseBody());
        const lgcSn = res?.json().data.lgcSn as string | undefined;
        if (lgcSn) {
          open.push({ lgcSn, nextCounterpart: 0 });
          details.push(lgcSn);
        }
        return;
      }
      case 'intention': {
        // The oldest open request, from the next institution that has not sent it one.
        const target = open[0];
        if (!target) return operation(i + 1);
        const from = counterparts[target.nextCounterpart++]![i % USERS_PER_INSTITUTION]!;
        if (target.nextCounterpart >= COUNTERPART_INSTITUTIONS) open.shift();
        await call('intention', 'POST', '/api/bthw/SendBthw', from.cookie, {
          requestLgcSn: target.lgcSn,
          message: 'We would like to participate.',
        });
        return;
      }
    }
  }

  async function sign(task: Signature) {
    const id = task.intentionLgcSn;
    const asked = await call('sign code', 'POST', `/api/contracts/${id}/sign-code`, task.who.cookie);
    if (!asked) return;
    const { code } = await lastMailTo(db, task.who.email);
    const signed = await call('sign', 'POST', `/api/contracts/${id}/sign`, task.who.cookie, {
      code,
      placements: [{ sealLgcSn: task.seal, page: task.page, x: 0.5, y: 0.7 }],
    });
    // The counterpart signs next, so that contracts are completed (the evidence report drawn with
    // the CJK font, parsed once per process) from the first minute on: the RSS compared is then
    // that of every path warmed.
    if (signed && task.next) signatures.unshift(task.next);
  }

  const started = Date.now();
  const ends = started + MINUTES * 60_000;
  const signEvery = 60_000 / SIGNATURES_PER_MINUTE;
  let nextSignatureAt = started + signEvery;
  const worker = async () => {
    while (Date.now() < ends) {
      if (SIGNATURES_PER_MINUTE > 0 && Date.now() >= nextSignatureAt && signatures.length > 0) {
        nextSignatureAt += signEvery;
        await sign(signatures.shift()!);
      } else {
        await operation(counter++);
      }
    }
  };

  const report = async (n: number) => {
    const stats = minute;
    minute = newMinute();
    // The minute's RSS is the median of its samples: one sample can catch the heap at the top of
    // a collection cycle or just after one, a fifth either way.
    const samples = rssSamples;
    rssSamples = { a: [], b: [] };
    const rss: Record<Instance, number> = { a: 0, b: 0 };
    for (const name of ['a', 'b'] as const) {
      if (samples[name].length === 0) samples[name].push(await rssMb(pidOf(name)).catch(() => Number.NaN));
      rss[name] = median(samples[name]);
    }
    rssByMinute.push(rss);
    // What of it is V8's heap and what lies outside it (Buffers, ArrayBuffers): prom-client's
    // default metrics, asked of each instance directly.
    const heap: Record<Instance, string> = { a: '', b: '' };
    for (const name of ['a', 'b'] as const) {
      const text = await fetch(`http://127.0.0.1:${pair.servers.get(name)!.port}/metrics`)
        .then((res) => res.text())
        .catch(() => '');
      const mb = (metric: string) =>
        (Number(new RegExp(`^${metric}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]) / 2 ** 20).toFixed(0);
      heap[name] =
        `heap used ${mb('nodejs_heap_size_used_bytes')} of ${mb('nodejs_heap_size_total_bytes')} MB, external ${mb('nodejs_external_memory_bytes')} MB`;
    }
    const answered = { a: pair.answeredBy.a - answeredBefore.a, b: pair.answeredBy.b - answeredBefore.b };
    answeredBefore = { ...pair.answeredBy };
    const requests = [...stats.routes.values()].reduce((sum, r) => sum + r.count, 0);
    const errors = [...stats.routes.values()].reduce((sum, r) => sum + r.errors, 0);
    console.info(
      `\nMinute ${n}: ${requests} requests (${(requests / 60).toFixed(0)}/s), ${errors} errors; ` +
        `answered by a ${answered.a}, b ${answered.b}; RSS a ${rss.a.toFixed(0)} MB, b ${rss.b.toFixed(0)} MB`,
    );
    console.info(`  ${'route'.padEnd(14)} ${'requests'.padStart(8)} ${'errors'.padStart(6)} ${'p95 ms'.padStart(8)}`);
    for (const [route, r] of [...stats.routes].sort(([a], [b]) => a.localeCompare(b))) {
      console.info(
        `  ${route.padEnd(14)} ${String(r.count).padStart(8)} ${String(r.errors).padStart(6)} ${percentile(r.latencies, 0.95).toFixed(0).padStart(8)}`,
      );
    }
    for (const name of ['a', 'b'] as const) console.info(`  instance ${name}: ${heap[name]}`);
    for (const [message, count] of [...stats.messages].slice(0, 5)) console.info(`  error ×${count}: ${message}`);
  };

  const pidOf = (name: Instance) => pair.servers.get(name)!.process.pid!;
  let rssSamples: Record<Instance, number[]> = { a: [], b: [] };
  const sampler = setInterval(() => {
    for (const name of ['a', 'b'] as const) {
      void rssMb(pidOf(name)).then(
        (mb) => rssSamples[name].push(mb),
        () => {},
      );
    }
  }, RSS_SAMPLE_MS);

  let answeredBefore = { ...pair.answeredBy };
  let reported = 0;
  const ticker = setInterval(() => {
    reported++;
    void report(reported);
  }, 60_000);
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  clearInterval(ticker);
  clearInterval(sampler);
  // A partial last minute (the workers' last answers after the 60 s tick) is printed too.
  if (reported < MINUTES) await report(++reported);
  agent.destroy();

  console.info(`\nSoak summary: ${totals.requests} requests, ${totals.errors} errors`);
  for (const [message, count] of [...totals.messages].slice(0, 10)) console.info(`  error ×${count}: ${message}`);
  let steady = true;
  const second = rssByMinute[1];
  const last = rssByMinute[rssByMinute.length - 1];
  if (!second || rssByMinute.length < 3) {
    console.info('  RSS: fewer than 3 minutes, no second-to-last comparison');
  } else {
    for (const name of ['a', 'b'] as const) {
      const growth = (last![name] - second[name]) / second[name];
      const within = Math.abs(growth) <= 0.1;
      if (!within) steady = false;
      console.info(
        `  instance ${name}: RSS minute 2 ${second[name].toFixed(0)} MB, minute ${rssByMinute.length} ` +
          `${last![name].toFixed(0)} MB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %): ` +
          `${within ? 'within 10 %' : 'OVER 10 %'}`,
      );
    }
  }
  return totals.errors === 0 && steady;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * The cooperation marketplace at scale, on PostgreSQL (issue "Cooperation marketplace", Done when):
 *
 * - A fresh database `portal_bench` on the server of BENCH_DATABASE_URL (default
 *   postgres://root@127.0.0.1:5432/postgres), dropped first if it exists and again at the end.
 * - The built server starts on it (migrations run), then set-based SQL writes 2,000 institutions,
 *   50,000 users (three interested sub-types each), 200,000 requests over every sub-type, with
 *   intentions, follows, pushes and messages; VACUUM ANALYZE after.
 * - Measured at 32 concurrent keep-alive connections over loopback: the filtered, paged list
 *   (direction + type + country), the detail page and the unread count; publish with matching one
 *   at a time. Each phase stops after a number of requests or seconds, whichever comes first.
 * - Baseline: a bare Fastify + PostgreSQL app (bench/bare-server.ts) doing one primary-key SELECT
 *   on the same database at the same concurrency; the list's throughput is printed as a share of it.
 *
 * Sessions are rows written straight to user_session (as a log-in would write them) and sent as
 * the cookie; POSTs carry no Origin header, as a same-origin request from a script.
 * Environment: BENCH_DATABASE_URL; BENCH_SERVER_ENTRY (built bundle, default
 * apps/server/dist/main.mjs); BENCH_PORT (server port; the bare app takes the next one);
 * BENCH_KEEP_DB=true (keep portal_bench afterwards, to EXPLAIN its queries; drop it by hand).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cooperationSubTypes, DIRECTION_CODES, PUBLISH_CATEGORIES } from '@portal/shared/dictionaries';
import { formKindOf, type TOpportunityListQuery } from '@portal/shared/schemas/cooperation';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../apps/server/src/db/database.ts';
import { DEMO_REQUESTS, demoFieldsOf, demoFormOf } from '../apps/server/src/db/seed/demo-cooperation.ts';
import { BENCH_SIGNING_KEK } from './kept-database.ts';
import { type LoadRequest, percentile, runLoad, runTimed, send } from './load.ts';
import { type Figure, median, printSection } from './report.ts';
import { freePort, rssMb, startServer } from './server-process.ts';

const CONCURRENCY = 32;
const POOL_SIZE = 10;
const INSTITUTIONS = 2_000;
const USERS = 50_000;
const REQUESTS = 200_000;
/** The first users are bank staff (role 50) at the bank itself (institution 1). */
const STAFF_USERS = 20;
const BENCH_DB = 'portal_bench';
const PUBLISHES = 40;
/** platform/session.ts SESSION_COOKIE. */
const SESSION_COOKIE = 'portal_sid';

/** Countries of the bench institutions, with their continents (weighted by repetition). */
const COUNTRIES: readonly (readonly [string, string])[] = [
  ['CN', 'ASIA'],
  ['CN', 'ASIA'],
  ['HK', 'ASIA'],
  ['HK', 'ASIA'],
  ['SG', 'ASIA'],
  ['JP', 'ASIA'],
  ['KR', 'ASIA'],
  ['VN', 'ASIA'],
  ['TH', 'ASIA'],
  ['MY', 'ASIA'],
  ['ID', 'ASIA'],
  ['IN', 'ASIA'],
  ['AE', 'ASIA'],
  ['SA', 'ASIA'],
  ['QA', 'ASIA'],
  ['TR', 'ASIA'],
  ['KZ', 'ASIA'],
  ['GB', 'EUROPE'],
  ['DE', 'EUROPE'],
  ['FR', 'EUROPE'],
  ['IT', 'EUROPE'],
  ['ES', 'EUROPE'],
  ['NL', 'EUROPE'],
  ['CH', 'EUROPE'],
  ['NO', 'EUROPE'],
  ['SE', 'EUROPE'],
  ['PL', 'EUROPE'],
  ['PT', 'EUROPE'],
  ['US', 'NORTH_AMERICA'],
  ['US', 'NORTH_AMERICA'],
  ['CA', 'NORTH_AMERICA'],
  ['MX', 'NORTH_AMERICA'],
  ['BR', 'SOUTH_AMERICA'],
  ['CL', 'SOUTH_AMERICA'],
  ['AR', 'SOUTH_AMERICA'],
  ['ZA', 'AFRICA'],
  ['EG', 'AFRICA'],
  ['KE', 'AFRICA'],
  ['NG', 'AFRICA'],
  ['AU', 'OCEANIA'],
];
const BRANCHES = ['OS_HONG_KONG', 'OS_SINGAPORE', 'OS_LONDON', 'OS_FRANKFURT', 'CN_BEIJING', 'CN_SHANGHAI'];

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
/** A bench request's name, from its sub-type and number (x.g, t.sub_type_code in the insert). */
const NAME_SQL = `'Bench ' || lower(replace(t.sub_type_code, '_', ' ')) || ' request no. ' || x.g`;

/**
 * One valid form per sub-type and direction, taken from a demo request of the same form kind,
 * with the step-2 choice that leads to that sub-type and direction.
 */
function templates(today: Date) {
  const byKind = new Map<string, Record<string, unknown>>();
  // Demo request 01 (forfaiting) carries every letter-of-credit field any sub-type requires.
  const ordered = [...DEMO_REQUESTS].sort((a, b) => (a.key === '01' ? -1 : b.key === '01' ? 1 : 0));
  for (const request of ordered) {
    if (request.state === 'draft') continue;
    const fields = demoFieldsOf(request, today);
    const kind = formKindOf(String(fields.subTypeCode))!;
    if (!byKind.has(kind)) byKind.set(kind, fields);
  }
  const rows: { subType: string; type: string; direction: string; category: string; choice: string; fields: string }[] =
    [];
  for (const sub of cooperationSubTypes()) {
    for (const direction of ['REQUEST_FUNDING', 'PROVIDE_FUNDING']) {
      let found: { category: string; choice: string } | undefined;
      for (const category of PUBLISH_CATEGORIES) {
        for (const choice of category.children) {
          if (choice.subTypeCode !== sub.code) continue;
          if (choice.direction && choice.direction !== direction) continue;
          found ??= { category: category.code, choice: choice.code };
        }
      }
      if (!found) throw new Error(`No choice for ${sub.code} ${direction}`);
      const base = byKind.get(formKindOf(sub.code)!)!;
      rows.push({
        subType: sub.code,
        type: sub.parent,
        direction,
        category: found.category,
        choice: found.choice,
        fields: JSON.stringify({ ...base, subTypeCode: sub.code, choiceCode: found.choice, direction }),
      });
    }
  }
  return rows;
}

/** The size of a bench data set: PostgreSQL's, and the embedded default's (a tenth). */
export type DataSize = { institutions: number; users: number; requests: number };
const POSTGRES_SIZE: DataSize = { institutions: INSTITUTIONS, users: USERS, requests: REQUESTS };
const PGLITE_SIZE: DataSize = { institutions: 200, users: 5_000, requests: 20_000 };

/** Runs one statement; answers the rows it wrote (pg.Client and PGlite alike). */
type Run = (text: string) => Promise<number>;

/** Writes the bench data set with set-based SQL; returns how many rows of each it wrote. */
async function seed(run: Run, today: Date, size: DataSize): Promise<Record<string, number>> {
  const { institutions: INSTITUTIONS, users: USERS, requests: REQUESTS } = size;
  // Intentions, follows, pushes and messages in the same proportion to the requests at any size.
  const scaled = (n: number) => Math.round((n * REQUESTS) / 200_000);
  const rows = templates(today);
  const subTypes = cooperationSubTypes().map((s) => s.code);
  const countries = `array[${COUNTRIES.map(([c]) => sqlText(c)).join(',')}]`;
  const continents = `array[${COUNTRIES.map(([, c]) => sqlText(c)).join(',')}]`;
  const subTypeArray = `array[${subTypes.map(sqlText).join(',')}]::text[]`;
  const n = run;
  const client = { query: run };

  await client.query('select setseed(0.2026)');
  await client.query(
    `create temporary table bench_template (idx int primary key, sub_type_code text, type_code text,
       direction text, category_code text, choice_code text, fields jsonb)`,
  );
  await client.query(
    `insert into bench_template values ${rows
      .map(
        (r, i) =>
          `(${i + 1}, ${sqlText(r.subType)}, ${sqlText(r.type)}, ${sqlText(r.direction)}, ${sqlText(r.category)}, ${sqlText(r.choice)}, ${sqlText(r.fields)}::jsonb)`,
      )
      .join(',\n')}`,
  );
  const counts: Record<string, number> = {};
  counts.institutions = await n(`
    insert into institution (lgc_sn, name, swift_code, kind, country, continent)
    select 'bench-inst-' || g,
           case when g = 1 then 'Bench Cooperation Bank' else 'Bench Partner Bank ' || g end,
           'BK' || lpad(g::text, 4, '0') || 'XX',
           case when g = 1 then 'bank' else 'partner' end,
           (${countries})[1 + g % ${COUNTRIES.length}],
           (${continents})[1 + g % ${COUNTRIES.length}]
    from generate_series(1, ${INSTITUTIONS}) g`);
  counts.users = await n(`
    insert into app_user (lgc_sn, email, name, phone, institution_id, role_codes, activation,
                          agreement_accepted, profile_complete, profile, interested_types, locale)
    select 'bench-user-' || g, 'user' || g || '@bench.example', 'Bench User ' || g, '+852 3900 0000',
           i.id,
           case when g <= ${STAFF_USERS} then '{50}'::text[] else '{10}'::text[] end,
           '1', true, true, '{}'::jsonb,
           array[(${subTypeArray})[1 + floor(random() * ${subTypes.length})::int],
                 (${subTypeArray})[1 + floor(random() * ${subTypes.length})::int],
                 (${subTypeArray})[1 + floor(random() * ${subTypes.length})::int]],
           case when g % 3 = 0 then 'zh-CN' else 'en-US' end
    from generate_series(1, ${USERS}) g
    join institution i on i.lgc_sn = 'bench-inst-' ||
      case when g <= ${STAFF_USERS} then 1 else 2 + g % ${INSTITUTIONS - 1} end`);
  // Requests: newer ones more often (published_at skewed to recent), validity 30 to 365 days, so
  // most recent ones are effective and older ones expired; some withdrawn, taken down, drafts.
  counts.requests = await n(`
    insert into cooperation_request (lgc_sn, owner_user_id, institution_id, status, invalid_reason,
      category_code, choice_code, type_code, sub_type_code, direction, name, currency, amount,
      term_type, common_term, custom_term_days, price, valid_from, valid_until, scope_limited,
      scope_countries, bank_branch, fields, published_at, created_at, updated_at)
    select 'bench-req-' || x.g, u.id, u.institution_id,
           case when x.r_state < 0.03 then 'draft'
                when x.valid_until < current_date or x.r_state < 0.08 then 'invalid'
                else 'effective' end,
           case when x.r_state < 0.03 then null
                when x.valid_until < current_date then 'expired'
                when x.r_state < 0.07 then 'withdrawn'
                when x.r_state < 0.08 then 'takenDown' end,
           t.category_code, t.choice_code, t.type_code, t.sub_type_code, t.direction,
           ${NAME_SQL}, t.fields ->> 'currency',
           case when t.fields ? 'amount' then x.amount else (t.fields ->> 'annualSettlementVolume')::numeric end,
           t.fields ->> 'termType', nullif(t.fields ->> 'commonTerm', ''),
           (t.fields ->> 'customTermDays')::int,
           case when t.fields ? 'price' then x.price end,
           x.published::date, x.valid_until, x.scope_limited,
           case when x.scope_limited then x.scope else '{}'::text[] end,
           x.branch,
           t.fields || jsonb_build_object(
             'itDpchlstRqmNm', ${NAME_SQL}, 'validFrom', x.published::date, 'validUntil', x.valid_until,
             'scopeLimited', x.scope_limited,
             'scopeCountries', to_jsonb(case when x.scope_limited then x.scope else '{}'::text[] end),
             'bankBranch', coalesce(x.branch, ''))
             || case when t.fields ? 'amount' then jsonb_build_object('amount', x.amount::text) else '{}'::jsonb end
             || case when t.fields ? 'price' then jsonb_build_object('price', x.price) else '{}'::jsonb end,
           case when x.r_state < 0.03 then null else x.published end, x.published, x.published
    from (
      select g, random() as r_state, published, published::date + validity as valid_until, tpl,
             scope_limited, scope, branch, amount, price
      from (
        select g,
               now() - (random() ^ 2) * interval '365 days' as published,
               30 + floor(random() * 336)::int as validity,
               1 + floor(random() * ${rows.length})::int as tpl,
               random() < 0.2 as scope_limited,
               array[(${countries})[1 + floor(random() * ${COUNTRIES.length})::int],
                     (${countries})[1 + floor(random() * ${COUNTRIES.length})::int]] as scope,
               case when random() < 0.3
                 then (array[${BRANCHES.map(sqlText).join(',')}])[1 + floor(random() * ${BRANCHES.length})::int]
               end as branch,
               round((10000 + random() * 99990000)::numeric, 2) as amount,
               round((0.5 + random() * 7)::numeric, 4) as price
        from generate_series(1, ${REQUESTS}) g
      ) raw
    ) x
    join bench_template t on t.idx = x.tpl
    join app_user u on u.lgc_sn = 'bench-user-' || (${STAFF_USERS} + 1 + (x.g::bigint * 7919) % ${USERS - STAFF_USERS})`);
  counts.intentions = await n(`
    insert into cooperation_intention (lgc_sn, request_id, sender_user_id, sender_institution_id,
      recipient_institution_id, message, status, responded_at, created_at)
    select 'bench-int-' || g, r.id, u.id, u.institution_id, r.institution_id,
           'We are interested; please send the details.',
           (array['pending', 'agreed', 'rejected'])[1 + g % 3],
           case when g % 3 = 0 then null else r.published_at + interval '2 days' end,
           r.published_at + interval '1 day'
    from generate_series(1, ${scaled(40_000)}) g
    join cooperation_request r on r.lgc_sn = 'bench-req-' || (1 + (g::bigint * 104729) % ${REQUESTS})
    join app_user u on u.lgc_sn = 'bench-user-' || (${STAFF_USERS} + 1 + (g::bigint * 15485863) % ${USERS - STAFF_USERS})
    where r.status = 'effective' and u.institution_id <> r.institution_id
    on conflict do nothing`);
  counts.follows = await n(`
    insert into cooperation_follow (user_id, request_id)
    select distinct u.id, r.id
    from generate_series(1, ${scaled(60_000)}) g
    join cooperation_request r on r.lgc_sn = 'bench-req-' || (1 + (g::bigint * 7907) % ${REQUESTS})
    join app_user u on u.lgc_sn = 'bench-user-' || (${STAFF_USERS} + 1 + (g::bigint * 31) % ${USERS - STAFF_USERS})
    on conflict do nothing`);
  counts.pushes = await n(`
    insert into cooperation_push (request_id, institution_id, kind, pushed_at)
    select r.id, i.id, case when g % 10 = 0 then 'manual' else 'system' end, r.published_at
    from generate_series(1, ${scaled(300_000)}) g
    join cooperation_request r on r.lgc_sn = 'bench-req-' || (1 + (g::bigint * 6007) % ${REQUESTS})
    join institution i on i.lgc_sn = 'bench-inst-' || (2 + (g::bigint * 13) % ${INSTITUTIONS - 1})
    where r.status <> 'draft' and i.id <> r.institution_id
    on conflict do nothing`);
  counts.messages = await n(`
    insert into message (lgc_sn, user_id, type, request_id, institution_id, read_at, created_at)
    select 'bench-msg-' || g, u.id,
           (array['match', 'intentionReceived', 'intentionRejected', 'intentionAgreed', 'requestPublished', 'intentionReached'])[1 + g % 6],
           r.id, r.institution_id,
           case when g % 10 = 0 then null else r.published_at + interval '1 hour' end,
           r.published_at
    from generate_series(1, ${scaled(600_000)}) g
    join app_user u on u.lgc_sn = 'bench-user-' || (1 + (g::bigint * 7) % ${USERS})
    join cooperation_request r on r.lgc_sn = 'bench-req-' || (1 + (g::bigint * 3571) % ${REQUESTS})
    where r.status <> 'draft'`);
  await client.query('vacuum analyze');
  // The bulk load's dirty pages written now, not by the background writer during the measurements.
  await client.query('checkpoint');
  return counts;
}

/** Starts bench/bare-server.ts as its own process; resolves when it answers. */
async function startBare(databaseUrl: string, port: number): Promise<{ baseUrl: string; child: ChildProcess }> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), DATABASE_POOL_SIZE: String(POOL_SIZE) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const agent = new http.Agent({ keepAlive: false });
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare server exited with ${child.exitCode}`);
    try {
      if ((await send(agent, baseUrl, { path: '/bare/1' })).status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 30_000) throw new Error('bare server not ready in 30 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { baseUrl, child };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** Phases run for BENCH_PHASE_MS (default 10 s) after a warm-up; BENCH_ROUNDS rounds (default 3). */
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 10_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? Math.min(2_000, PHASE_MS / 2));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** What a process has spent so far (GET /__bench/stats on the server with BENCH_STATS=true, and on the bare app). */
type Stats = { cpuUserMs: number; cpuSystemMs: number; statements: number };

async function statsOf(baseUrl: string): Promise<Stats> {
  return (await (await fetch(`${baseUrl}/__bench/stats`)).json()) as Stats;
}

/** One measured phase: its figures, with the server's CPU time and statements per answered request. */
type Measured = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  cpuMs: number;
  statements: number;
  errors: number;
  firstError?: string;
};

async function measure(baseUrl: string, next: (i: number) => LoadRequest, concurrency: number): Promise<Measured> {
  // The warm-up runs before the first reading, so it does not count.
  const warm = await runTimed(baseUrl, next, { concurrency, ms: WARMUP_MS, warmupMs: 0 });
  const before = await statsOf(baseUrl);
  const result = await runTimed(baseUrl, next, { concurrency, ms: PHASE_MS, warmupMs: 0 });
  const after = await statsOf(baseUrl);
  const answered = Math.max(1, result.latencies.length + result.errors);
  const errors = result.errors + warm.errors;
  return {
    rps: (result.latencies.length * 1000) / result.elapsedMs,
    p50: percentile(result.latencies, 0.5),
    p95: percentile(result.latencies, 0.95),
    p99: percentile(result.latencies, 0.99),
    cpuMs: (after.cpuUserMs + after.cpuSystemMs - before.cpuUserMs - before.cpuSystemMs) / answered,
    statements: (after.statements - before.statements) / answered,
    errors,
    ...(result.firstError || warm.firstError ? { firstError: result.firstError ?? warm.firstError } : {}),
  };
}

/** Each figure's median over the rounds (failures summed). */
function medianOf(rounds: Measured[]): Measured {
  const m = (key: 'rps' | 'p50' | 'p95' | 'p99' | 'cpuMs' | 'statements') => median(rounds.map((r) => r[key]));
  const firstError = rounds.find((r) => r.firstError)?.firstError;
  return {
    rps: m('rps'),
    p50: m('p50'),
    p95: m('p95'),
    p99: m('p99'),
    cpuMs: m('cpuMs'),
    statements: m('statements'),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    ...(firstError ? { firstError } : {}),
  };
}

/** A phase: its name, where it runs and what it sends. */
type PhaseSpec = { key: string; name: string; baseUrl: string; next: (i: number) => LoadRequest; concurrency: number };

/** Runs every phase once per round, in the same order, and answers each phase's rounds. */
async function runRounds(phases: PhaseSpec[]): Promise<Map<string, Measured[]>> {
  const byKey = new Map<string, Measured[]>(phases.map((p) => [p.key, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const phase of phases) {
      const measured = await measure(phase.baseUrl, phase.next, phase.concurrency);
      byKey.get(phase.key)!.push(measured);
      if (process.env.BENCH_VERBOSE === 'true') {
        console.info(
          `  round ${round} ${phase.name}: ${measured.rps.toFixed(0)}/s p95 ${measured.p95} ms, ${measured.cpuMs.toFixed(2)} CPU ms/req`,
        );
      }
    }
  }
  return byKey;
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

/** The phases' medians as a table. */
function printPhases(title: string, phases: PhaseSpec[], rounds: Map<string, Measured[]>): void {
  console.info(`\n${title}`);
  console.info(
    `  ${'phase'.padEnd(48)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} ${'CPU ms/req'.padStart(10)} ${'stmts/req'.padStart(9)} ${'failed'.padStart(6)}`,
  );
  for (const phase of phases) {
    const m = medianOf(rounds.get(phase.key)!);
    if (m.firstError) console.warn(`  ${phase.name}: ${m.errors} failed, first: ${m.firstError}`);
    console.info(
      `  ${phase.name.padEnd(48)} ${fixed(m.rps, 0).padStart(7)} ${fixed(m.p50).padStart(6)} ${fixed(m.p95).padStart(6)} ${fixed(m.p99).padStart(6)} ${fixed(m.cpuMs, 2).padStart(10)} ${fixed(m.statements, 2).padStart(9)} ${String(m.errors).padStart(6)}`,
    );
  }
}

/** A Done-when ratio: the median over the rounds of (a / b) in each round, against its bound. */
type Ratio = {
  name: string;
  a: string;
  b: string;
  key: 'rps' | 'p50' | 'p95';
  atLeast?: number;
  atMost?: number;
  percent?: boolean;
};

function printRatios(rounds: Map<string, Measured[]>, ratios: Ratio[]): boolean {
  console.info('\nRatios within the run (median of the rounds; each round compares its own phases)');
  let allMet = true;
  for (const r of ratios) {
    const as = rounds.get(r.a)!;
    const bs = rounds.get(r.b)!;
    const value = median(as.map((a, i) => a[r.key] / bs[i]![r.key]));
    const shown = r.percent ? `${(100 * value).toFixed(1)} %` : `${value.toFixed(2)} ×`;
    const bound = r.atLeast ?? r.atMost!;
    const boundShown = r.percent ? `${(100 * bound).toFixed(0)} %` : `${bound} ×`;
    const met = r.atLeast !== undefined ? value >= r.atLeast : value <= r.atMost!;
    if (!met) allMet = false;
    console.info(
      `  ${r.name.padEnd(66)} ${shown.padStart(9)}  (target ${r.atLeast !== undefined ? '≥' : '≤'} ${boundShown}: ${met ? 'met' : 'MISSED'})`,
    );
  }
  return allMet;
}

/** Sessions for `count` partner users (as a log-in writes them); answers their cookies. */
async function benchSessions(handle: DatabaseHandle, size: DataSize, count: number): Promise<string[]> {
  const lgcSns = Array.from(
    { length: count },
    (_, i) => `bench-user-${STAFF_USERS + 1 + ((80 + i * 997) % (size.users - STAFF_USERS))}`,
  );
  const users = await handle.db.selectFrom('appUser').select(['id', 'lgcSn']).where('lgcSn', 'in', lgcSns).execute();
  const cookies: string[] = [];
  for (const user of users) {
    // As platform/session.ts createSession writes it (importing it here would pull in the
    // server's Fastify type augmentations): a random token, only its SHA-256 stored.
    const token = randomBytes(32).toString('base64url');
    await handle.db
      .insertInto('userSession')
      .values({
        tokenHash: createHash('sha256').update(token).digest('hex'),
        userId: user.id,
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .execute();
    cookies.push(`${SESSION_COOKIE}=${token}`);
  }
  return cookies;
}

type Samples = { lgcSns: string[]; effective: number; maxId: number };

async function samplesOf(query: <R>(text: string) => Promise<R[]>): Promise<Samples> {
  // camelCase aliases: the same keys from pg and from Kysely's CamelCasePlugin (PGlite).
  const picked = await query<{ lgcSn: string }>(
    `select lgc_sn as "lgcSn" from cooperation_request where status = 'effective' order by md5(lgc_sn) limit 2000`,
  );
  const [stats] = await query<{ effective: number; maxId: number }>(
    `select count(*) filter (where status = 'effective')::int as effective, max(id)::int as "maxId" from cooperation_request`,
  );
  return { lgcSns: picked.map((r) => r.lgcSn), effective: stats!.effective, maxId: stats!.maxId };
}

const types = [...new Set(cooperationSubTypes().map((s) => s.parent))];
const listCountries = [...new Set(COUNTRIES.map(([c]) => c))];

/**
 * The list's query for request number i: filters mixed by a multiplicative hash (every type,
 * direction, country and the first three pages, in no fixed order).
 */
export function listQuery(i: number): string {
  const h = Math.imul(i + 1, 2654435761) >>> 0;
  const query: TOpportunityListQuery = {
    pageNo: 1 + ((h >>> 12) % 3),
    pageSize: 10,
    direction: DIRECTION_CODES[h % 2],
    typeCode: types[(h >>> 1) % types.length],
    country: listCountries[(h >>> 5) % listCountries.length],
  };
  return new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
}

/** The portal's three measured phases at `concurrency` connections. */
function portalPhases(
  baseUrl: string,
  cookies: string[],
  samples: Samples,
  concurrency: number,
  tag: string,
): PhaseSpec[] {
  const cookie = (i: number) => cookies[i % cookies.length]!;
  const c = `${concurrency} conn.`;
  return [
    {
      key: `list${tag}`,
      name: `list, 3 filters (${c})`,
      baseUrl,
      concurrency,
      next: (i) => ({ path: `/api/bthw/listPage?${listQuery(i)}`, cookie: cookie(i) }),
    },
    {
      key: `detail${tag}`,
      name: `detail (${c})`,
      baseUrl,
      concurrency,
      next: (i) => ({
        path: `/api/bthw/detail/${samples.lgcSns[(i * 37) % samples.lgcSns.length]}`,
        cookie: cookie(i),
      }),
    },
    {
      key: `unread${tag}`,
      name: `unread count (${c})`,
      baseUrl,
      concurrency,
      next: (i) => ({ path: '/api/bthw/queryMessageNum', cookie: cookie(i) }),
    },
  ];
}

/** Publish with matching, one at a time: a bilateral loan (funds in), valid, new each time. */
async function benchPublish(
  baseUrl: string,
  publisherCookie: string,
  today: Date,
  handle: DatabaseHandle,
): Promise<Figure[]> {
  const template = DEMO_REQUESTS.find((r) => r.choice === 'FUNDS_IN_BILATERAL_LOAN');
  if (!template) throw new Error('bench: the demo data has no bilateral loan (funds in) to publish again');
  const publishBody = (i: number): LoadRequest => ({
    method: 'POST',
    path: '/api/bthw/publish',
    cookie: publisherCookie,
    body: { ...demoFormOf(template, today), itDpchlstRqmNm: `Bench publish no. ${i}` },
  });
  const p95s: number[] = [];
  const p50s: number[] = [];
  let failed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const publish = await runLoad(baseUrl, publishBody, {
      concurrency: 1,
      maxCount: PUBLISHES,
      maxMs: 30_000,
      warmup: 3,
    });
    if (publish.firstError) console.warn(`  publish: ${publish.errors} failed, first: ${publish.firstError}`);
    failed += publish.errors;
    p50s.push(percentile(publish.latencies, 0.5));
    p95s.push(percentile(publish.latencies, 0.95));
  }
  const pushed = await handle.db
    .selectFrom('cooperationPush as p')
    .innerJoin('cooperationRequest as r', 'r.id', 'p.requestId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.name', 'like', 'Bench publish no.%')
    .executeTakeFirstOrThrow();
  const published = await handle.db
    .selectFrom('cooperationRequest')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('name', 'like', 'Bench publish no.%')
    .executeTakeFirstOrThrow();
  return [
    { name: `publish with matching (one at a time): p50, median of ${ROUNDS}`, value: median(p50s), unit: 'ms' },
    { name: `publish with matching: p95, median of ${ROUNDS}`, value: median(p95s), unit: 'ms', target: 100 },
    { name: 'publish: failed', value: failed, unit: 'requests', target: 1 },
    {
      name: 'publish: institutions pushed per publish (mean)',
      value: Number(pushed.n) / Math.max(1, Number(published.n)),
      unit: 'inst.',
    },
  ];
}

/** The database to use on the server of BENCH_DATABASE_URL (BENCH_DB_NAME, default portal_bench). */
const benchDbName = () => process.env.BENCH_DB_NAME ?? BENCH_DB;

/**
 * The marketplace on PostgreSQL: the data set, the portal's phases and the baselines (raw-pg list,
 * bare one-SELECT, empty handler), each phase pair run ROUNDS times; prints the tables; true when
 * every Done-when ratio is met.
 */
export async function benchMarketplacePostgres(adminUrl: string): Promise<boolean> {
  const dbName = benchDbName();
  const databaseUrl = withDatabase(adminUrl, dbName);
  const basePort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
  await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  await adminQuery(adminUrl, `create database ${dbName}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-market-'));
  try {
    const server = await startServer(
      {
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: String(POOL_SIZE),
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        JOBS_ENABLED: 'false',
        BENCH_STATS: 'true',
        SIGNING_KEK: BENCH_SIGNING_KEK,
      },
      { entry: process.env.BENCH_SERVER_ENTRY, port: basePort },
    );
    let bare: { baseUrl: string; child: ChildProcess } | undefined;
    const handle = openPostgres(databaseUrl, 2);
    try {
      const now = new Date();
      const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const seedStarted = performance.now();
      let counts: Record<string, number>;
      let samples: Samples;
      try {
        counts = await seed((text) => client.query(text).then((r) => r.rowCount ?? 0), today, POSTGRES_SIZE);
        samples = await samplesOf(async (text) => (await client.query(text)).rows);
      } finally {
        await client.end();
      }
      const seedMs = performance.now() - seedStarted;
      printSection('Marketplace data set (PostgreSQL, built server)', [
        { name: 'seeding (set-based SQL + VACUUM ANALYZE)', value: seedMs / 1000, unit: 's' },
        ...Object.entries(counts).map(([name, value]) => ({ name: `rows: ${name}`, value, unit: 'rows' })),
        { name: 'effective requests', value: samples.effective, unit: 'rows' },
      ]);

      const cookies = await benchSessions(handle, POSTGRES_SIZE, CONCURRENCY + 1);
      const publisherCookie = cookies.pop()!;
      bare = await startBare(databaseUrl, basePort ? basePort + 1 : await freePort());
      const bareUrl = bare.baseUrl;
      const cookie = (i: number) => cookies[i % cookies.length]!;
      const barePath = (i: number) => ({ path: `/bare/${1 + ((i * 7919) % samples.maxId)}` });
      const loaded: PhaseSpec[] = [
        ...portalPhases(server.baseUrl, cookies, samples, CONCURRENCY, ''),
        {
          key: 'raw',
          name: `raw pg, the list's own SQL (${CONCURRENCY} conn.)`,
          baseUrl: bareUrl,
          concurrency: CONCURRENCY,
          next: (i) => ({ path: `/raw/listPage?${listQuery(i)}`, cookie: cookie(i) }),
        },
        {
          key: 'bare',
          name: `bare Fastify + one indexed SELECT (${CONCURRENCY} conn.)`,
          baseUrl: bareUrl,
          concurrency: CONCURRENCY,
          next: barePath,
        },
        {
          key: 'noop',
          name: `bare Fastify, empty handler (${CONCURRENCY} conn.)`,
          baseUrl: bareUrl,
          concurrency: CONCURRENCY,
          next: () => ({ path: '/noop' }),
        },
      ];
      const alone: PhaseSpec[] = [
        ...portalPhases(server.baseUrl, cookies, samples, 1, '1'),
        {
          key: 'raw1',
          name: "raw pg, the list's own SQL (1 conn.)",
          baseUrl: bareUrl,
          concurrency: 1,
          next: (i) => ({ path: `/raw/listPage?${listQuery(i)}`, cookie: cookie(i) }),
        },
        {
          key: 'bare1',
          name: 'bare Fastify + one indexed SELECT (1 conn.)',
          baseUrl: bareUrl,
          concurrency: 1,
          next: barePath,
        },
      ];
      const phases = [...loaded, ...alone];
      const rounds = await runRounds(phases);
      printPhases(
        `Marketplace under load (PostgreSQL, built server; ${PHASE_MS / 1000} s per phase after ${WARMUP_MS / 1000} s of warm-up, median of ${ROUNDS})`,
        phases,
        rounds,
      );
      const ratiosMet = printRatios(rounds, [
        {
          name: 'list req/s ÷ bare one-SELECT req/s (32 conn.)',
          a: 'list',
          b: 'bare',
          key: 'rps',
          atLeast: 0.25,
          percent: true,
        },
        {
          name: "list req/s ÷ raw pg doing the list's SQL (32 conn.)",
          a: 'list',
          b: 'raw',
          key: 'rps',
          atLeast: 0.7,
          percent: true,
        },
        {
          name: 'detail req/s ÷ bare one-SELECT req/s (32 conn.)',
          a: 'detail',
          b: 'bare',
          key: 'rps',
          atLeast: 0.4,
          percent: true,
        },
        {
          name: 'unread count req/s ÷ bare one-SELECT req/s (32 conn.)',
          a: 'unread',
          b: 'bare',
          key: 'rps',
          atLeast: 0.7,
          percent: true,
        },
        { name: 'list p50 ÷ bare p50 (1 conn.)', a: 'list1', b: 'bare1', key: 'p50', atMost: 3 },
        { name: 'detail p50 ÷ bare p50 (1 conn.)', a: 'detail1', b: 'bare1', key: 'p50', atMost: 2 },
        { name: 'list p95 ÷ bare p95 (32 conn.)', a: 'list', b: 'bare', key: 'p95', atMost: 3 },
        { name: 'detail p95 ÷ bare p95 (32 conn.)', a: 'detail', b: 'bare', key: 'p95', atMost: 3 },
        { name: 'unread count p95 ÷ bare p95 (32 conn.)', a: 'unread', b: 'bare', key: 'p95', atMost: 3 },
      ]);
      const failed = phases.reduce((sum, p) => sum + medianOf(rounds.get(p.key)!).errors, 0);
      const publishMet = printSection(
        'Publish with matching (PostgreSQL, built server)',
        await benchPublish(server.baseUrl, publisherCookie, today, handle),
      );
      return ratiosMet && publishMet && failed === 0;
    } finally {
      if (bare) await stopChild(bare.child);
      await handle.close();
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    // BENCH_KEEP_DB=true keeps the database for EXPLAIN ANALYZE after the run.
    if (process.env.BENCH_KEEP_DB !== 'true') {
      await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
    }
  }
}

/**
 * The embedded default (PGlite, `npm start` without DATABASE_URL) with a tenth of the data: the
 * server starts once on a new data directory (migrations), the data set is written into it while
 * the server is stopped, then the same three phases run against the restarted server.
 */
export async function benchMarketplacePglite(): Promise<boolean> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-pglite-'));
  try {
    const env = { DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', JOBS_ENABLED: 'false', BENCH_STATS: 'true' };
    await (await startServer(env, { entry: process.env.BENCH_SERVER_ENTRY })).stop();
    const now = new Date();
    const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
    const handle = await openPglite({ dataDir: join(dataDir, 'pglite') });
    let counts: Record<string, number>;
    let samples: Samples;
    let cookies: string[];
    const seedStarted = performance.now();
    try {
      const { sql } = await import('kysely');
      const raw = <R>(text: string) => sql.raw<R>(text).execute(handle.db);
      counts = await seed(async (text) => Number((await raw(text)).numAffectedRows ?? 0), today, PGLITE_SIZE);
      samples = await samplesOf(async <R>(text: string) => (await raw<R>(text)).rows);
      cookies = await benchSessions(handle, PGLITE_SIZE, CONCURRENCY);
    } finally {
      await handle.close();
    }
    const seedMs = performance.now() - seedStarted;
    const server = await startServer(env, { entry: process.env.BENCH_SERVER_ENTRY });
    try {
      printSection('Marketplace data set (PGlite, the embedded default)', [
        { name: 'seeding (set-based SQL + VACUUM ANALYZE)', value: seedMs / 1000, unit: 's' },
        ...Object.entries(counts).map(([name, value]) => ({ name: `rows: ${name}`, value, unit: 'rows' })),
        { name: 'effective requests', value: samples.effective, unit: 'rows' },
        { name: 'RSS with the data set, before the load', value: await rssMb(server.child.pid!), unit: 'MB' },
      ]);
      const phases = [
        ...portalPhases(server.baseUrl, cookies, samples, CONCURRENCY, ''),
        ...portalPhases(server.baseUrl, cookies, samples, 1, '1'),
      ];
      const rounds = await runRounds(phases);
      printPhases(
        `Marketplace under load (PGlite, built server; ${PHASE_MS / 1000} s per phase, median of ${ROUNDS})`,
        phases,
        rounds,
      );
      console.info(`  RSS after the load${' '.repeat(40)} ${(await rssMb(server.child.pid!)).toFixed(0)} MB`);
      return phases.every((p) => medianOf(rounds.get(p.key)!).errors === 0);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs the marketplace benchmarks (PostgreSQL, then PGlite); true when every target is met. */
export async function printMarketplace(): Promise<boolean> {
  // BENCH_SKIP_PGLITE=true / BENCH_SKIP_POSTGRES=true: one of the two only.
  if (process.env.BENCH_SKIP_POSTGRES === 'true') return benchMarketplacePglite();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  try {
    await adminQuery(adminUrl, 'select 1');
  } catch (error) {
    console.info(`\nMarketplace: skipped, no PostgreSQL at ${new URL(adminUrl).host} (${(error as Error).message})`);
    console.info('  Set BENCH_DATABASE_URL to a PostgreSQL server where a database may be created.');
    return false;
  }
  const postgresMet = await benchMarketplacePostgres(adminUrl);
  const pgliteMet = process.env.BENCH_SKIP_PGLITE === 'true' ? true : await benchMarketplacePglite();
  return postgresMet && pgliteMet;
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  await printMarketplace();
}

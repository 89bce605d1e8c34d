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
import { join } from 'node:path';
import { cooperationSubTypes, DIRECTION_CODES, PUBLISH_CATEGORIES } from '@portal/shared/dictionaries';
import { formKindOf, type TOpportunityListQuery } from '@portal/shared/schemas/cooperation';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { DEMO_REQUESTS, demoFieldsOf, demoFormOf } from '../apps/server/src/db/seed/demo-cooperation.ts';
import { type LoadRequest, type LoadResult, percentile, runLoad, send } from './load.ts';
import { type Figure, printSection } from './report.ts';
import { freePort, startServer } from './server-process.ts';

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

/** Writes the bench data set with set-based SQL; returns how many rows of each it wrote. */
async function seed(client: pg.Client, today: Date): Promise<Record<string, number>> {
  const rows = templates(today);
  const subTypes = cooperationSubTypes().map((s) => s.code);
  const countries = `array[${COUNTRIES.map(([c]) => sqlText(c)).join(',')}]`;
  const continents = `array[${COUNTRIES.map(([, c]) => sqlText(c)).join(',')}]`;
  const subTypeArray = `array[${subTypes.map(sqlText).join(',')}]::text[]`;
  const n = (text: string) => client.query(text).then((r) => r.rowCount ?? 0);

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
    from generate_series(1, 40000) g
    join cooperation_request r on r.lgc_sn = 'bench-req-' || (1 + (g::bigint * 104729) % ${REQUESTS})
    join app_user u on u.lgc_sn = 'bench-user-' || (${STAFF_USERS} + 1 + (g::bigint * 15485863) % ${USERS - STAFF_USERS})
    where r.status = 'effective' and u.institution_id <> r.institution_id
    on conflict do nothing`);
  counts.follows = await n(`
    insert into cooperation_follow (user_id, request_id)
    select distinct u.id, r.id
    from generate_series(1, 60000) g
    join cooperation_request r on r.lgc_sn = 'bench-req-' || (1 + (g::bigint * 7907) % ${REQUESTS})
    join app_user u on u.lgc_sn = 'bench-user-' || (${STAFF_USERS} + 1 + (g::bigint * 31) % ${USERS - STAFF_USERS})
    on conflict do nothing`);
  counts.pushes = await n(`
    insert into cooperation_push (request_id, institution_id, kind, pushed_at)
    select r.id, i.id, case when g % 10 = 0 then 'manual' else 'system' end, r.published_at
    from generate_series(1, 300000) g
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
    from generate_series(1, 600000) g
    join app_user u on u.lgc_sn = 'bench-user-' || (1 + (g::bigint * 7) % ${USERS})
    join cooperation_request r on r.lgc_sn = 'bench-req-' || (1 + (g::bigint * 3571) % ${REQUESTS})
    where r.status <> 'draft'`);
  await client.query('vacuum analyze');
  // The bulk load's dirty pages written now, not by the background writer during the measurements.
  await client.query('checkpoint');
  return counts;
}

type Phase = { name: string; result: LoadResult };

function phaseFigures(phase: Phase, target?: number): Figure[] {
  const { latencies, elapsedMs, errors, firstError } = phase.result;
  if (firstError) console.warn(`  ${phase.name}: ${errors} failed, first: ${firstError}`);
  return [
    { name: `${phase.name}: p50`, value: percentile(latencies, 0.5), unit: 'ms' },
    {
      name: `${phase.name}: p95`,
      value: percentile(latencies, 0.95),
      unit: 'ms',
      ...(target === undefined ? {} : { target }),
    },
    { name: `${phase.name}: p99`, value: percentile(latencies, 0.99), unit: 'ms' },
    {
      name: `${phase.name}: requests/s (${latencies.length} in ${(elapsedMs / 1000).toFixed(1)} s)`,
      value: (latencies.length * 1000) / elapsedMs,
      unit: '/s',
    },
    { name: `${phase.name}: failed`, value: errors, unit: 'requests', target: 1 },
  ];
}

/** p50 and p95 of a one-connection run (no targets: those are set at 32 connections). */
function aloneFigures(name: string, result: LoadResult): Figure[] {
  if (result.firstError) console.warn(`  ${name} (1 conn.): ${result.errors} failed, first: ${result.firstError}`);
  return [
    { name: `${name} (1 connection): p50`, value: percentile(result.latencies, 0.5), unit: 'ms' },
    { name: `${name} (1 connection): p95`, value: percentile(result.latencies, 0.95), unit: 'ms' },
  ];
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

export async function benchMarketplace(): Promise<{ data: Figure[]; load: Figure[] }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  const databaseUrl = withDatabase(adminUrl, BENCH_DB);
  const basePort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
  await adminQuery(adminUrl, `drop database if exists ${BENCH_DB} with (force)`);
  await adminQuery(adminUrl, `create database ${BENCH_DB}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-market-'));
  try {
    const server = await startServer(
      {
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: String(POOL_SIZE),
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        JOBS_ENABLED: 'false',
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
      let samples: { lgcSns: string[]; effective: number; maxId: number };
      try {
        counts = await seed(client, today);
        const picked = await client.query<{ lgc_sn: string }>(
          `select lgc_sn from cooperation_request where status = 'effective' order by md5(lgc_sn) limit 2000`,
        );
        const stats = await client.query<{ effective: number; max_id: number }>(
          `select count(*) filter (where status = 'effective')::int as effective, max(id)::int as max_id from cooperation_request`,
        );
        samples = {
          lgcSns: picked.rows.map((r) => r.lgc_sn),
          effective: stats.rows[0]!.effective,
          maxId: stats.rows[0]!.max_id,
        };
      } finally {
        await client.end();
      }
      const seedMs = performance.now() - seedStarted;

      // Sessions for 32 partner users (and one publisher), as a log-in writes them.
      const users = await handle.db
        .selectFrom('appUser')
        .select(['id', 'lgcSn'])
        .where(
          'lgcSn',
          'in',
          Array.from({ length: CONCURRENCY + 1 }, (_, i) => `bench-user-${100 + i * 997}`),
        )
        .execute();
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
      const publisherCookie = cookies.pop()!;
      const cookie = (i: number) => cookies[i % cookies.length]!;

      const types = [...new Set(cooperationSubTypes().map((s) => s.parent))];
      const listCountries = [...new Set(COUNTRIES.map(([c]) => c))];
      const directions = DIRECTION_CODES;
      // Filters mixed by a multiplicative hash of the request number: every type, direction,
      // country and the first three pages, in no fixed order.
      const listPath = (i: number) => {
        const h = Math.imul(i + 1, 2654435761) >>> 0;
        const query: TOpportunityListQuery = {
          pageNo: 1 + ((h >>> 12) % 3),
          pageSize: 10,
          direction: directions[h % 2],
          typeCode: types[(h >>> 1) % types.length],
          country: listCountries[(h >>> 5) % listCountries.length],
        };
        return `/api/bthw/listPage?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
      };
      const options = { concurrency: CONCURRENCY, maxCount: 20_000, maxMs: 10_000 };

      const list = await runLoad(server.baseUrl, (i) => ({ path: listPath(i), cookie: cookie(i) }), options);
      const detail = await runLoad(
        server.baseUrl,
        (i) => ({ path: `/api/bthw/detail/${samples.lgcSns[(i * 37) % samples.lgcSns.length]}`, cookie: cookie(i) }),
        options,
      );
      const unread = await runLoad(
        server.baseUrl,
        (i) => ({ path: '/api/bthw/queryMessageNum', cookie: cookie(i) }),
        options,
      );

      // The same requests from one connection: the service time without queueing.
      const alone = { concurrency: 1, maxCount: 1_000, maxMs: 4_000, warmup: 20 };
      const listAlone = await runLoad(server.baseUrl, (i) => ({ path: listPath(i), cookie: cookie(i) }), alone);
      const detailAlone = await runLoad(
        server.baseUrl,
        (i) => ({ path: `/api/bthw/detail/${samples.lgcSns[(i * 41) % samples.lgcSns.length]}`, cookie: cookie(i) }),
        alone,
      );
      const unreadAlone = await runLoad(
        server.baseUrl,
        (i) => ({ path: '/api/bthw/queryMessageNum', cookie: cookie(i) }),
        alone,
      );

      // Publish with matching, one at a time: a bilateral loan (funds in), valid, new each time.
      const template = DEMO_REQUESTS.find((r) => r.key === '14')!;
      const publishBody = (i: number): LoadRequest => ({
        method: 'POST',
        path: '/api/bthw/publish',
        cookie: publisherCookie,
        body: { ...demoFormOf(template, today), itDpchlstRqmNm: `Bench publish no. ${i}` },
      });
      const publish = await runLoad(server.baseUrl, publishBody, {
        concurrency: 1,
        maxCount: PUBLISHES,
        maxMs: 30_000,
        warmup: 3,
      });
      const pushedPerPublish = await handle.db
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

      // Baseline: the bare app, same database, same concurrency.
      bare = await startBare(databaseUrl, basePort ? basePort + 1 : await freePort());
      const bareResult = await runLoad(
        bare.baseUrl,
        (i) => ({ path: `/bare/${1 + ((i * 7919) % samples.maxId)}` }),
        options,
      );
      const bareAlone = await runLoad(bare.baseUrl, (i) => ({ path: `/bare/${1 + ((i * 7919) % samples.maxId)}` }), {
        concurrency: 1,
        maxCount: 1_000,
        maxMs: 4_000,
        warmup: 20,
      });
      const noop = await runLoad(bare.baseUrl, () => ({ path: '/noop' }), options);
      const listRps = (list.latencies.length * 1000) / list.elapsedMs;
      const bareRps = (bareResult.latencies.length * 1000) / bareResult.elapsedMs;

      const data: Figure[] = [
        { name: 'seeding (set-based SQL + VACUUM ANALYZE)', value: seedMs / 1000, unit: 's' },
        ...Object.entries(counts).map(([name, value]) => ({ name: `rows: ${name}`, value, unit: 'rows' })),
        { name: 'effective requests', value: samples.effective, unit: 'rows' },
      ];
      const load: Figure[] = [
        ...phaseFigures({ name: `list, 3 filters (${CONCURRENCY} conn.)`, result: list }, 30),
        ...phaseFigures({ name: `detail (${CONCURRENCY} conn.)`, result: detail }),
        ...phaseFigures({ name: `unread count (${CONCURRENCY} conn.)`, result: unread }, 5),
        ...aloneFigures('list, 3 filters', listAlone),
        ...aloneFigures('detail', detailAlone),
        ...aloneFigures('unread count', unreadAlone),
        ...phaseFigures({ name: 'publish with matching (one at a time)', result: publish }, 200).filter(
          (f) => !f.name.includes('requests/s'),
        ),
        {
          name: 'publish: institutions pushed per publish (mean)',
          value: Number(pushedPerPublish.n) / Math.max(1, Number(published.n)),
          unit: 'inst.',
        },
        ...phaseFigures({ name: `bare Fastify + one indexed SELECT (${CONCURRENCY} conn.)`, result: bareResult }),
        ...aloneFigures('bare Fastify + one indexed SELECT', bareAlone),
        ...phaseFigures({ name: `bare Fastify, empty handler, no database (${CONCURRENCY} conn.)`, result: noop }),
        { name: 'list requests/s as a share of the bare endpoint', value: (100 * listRps) / bareRps, unit: '%' },
      ];
      return { data, load };
    } finally {
      if (bare) await stopChild(bare.child);
      await handle.close();
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    // BENCH_KEEP_DB=true keeps the database for EXPLAIN ANALYZE after the run.
    if (process.env.BENCH_KEEP_DB !== 'true') {
      await adminQuery(adminUrl, `drop database if exists ${BENCH_DB} with (force)`);
    }
  }
}

/** Runs the marketplace benchmark and prints its two sections; true when every target is met. */
export async function printMarketplace(): Promise<boolean> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  try {
    await adminQuery(adminUrl, 'select 1');
  } catch (error) {
    console.info(`\nMarketplace: skipped, no PostgreSQL at ${new URL(adminUrl).host} (${(error as Error).message})`);
    console.info('  Set BENCH_DATABASE_URL to a PostgreSQL server where a database may be created.');
    return false;
  }
  const { data, load } = await benchMarketplace();
  const dataMet = printSection('Marketplace data set (PostgreSQL, built server)', data);
  const loadMet = printSection('Marketplace under load (PostgreSQL, built server)', load);
  return dataMet && loadMet;
}

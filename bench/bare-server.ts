/**
 * The baselines of the marketplace benchmark, run as their own process (like the portal's server)
 * by bench/marketplace.ts: `node --import tsx bench/bare-server.ts`, with DATABASE_URL, PORT and
 * DATABASE_POOL_SIZE in the environment. No session module, validation, envelope builder or i18n:
 *
 * - `/bare/:id`: bare Fastify doing one indexed SELECT (the machine's floor for an endpoint that
 *   reads the database);
 * - `/raw/listPage`: a hand-written handler on raw `pg` that sends exactly the statements the
 *   portal's list route sends for the same request (the session lookup by the cookie's hash, once
 *   per 5 s per session as the portal's session cache reads it, then
 *   the one-statement page with its flags and capped count (taken again only when the list's
 *   version moved, with the count kept per filter set as the repository keeps it), as Kysely compiles them in
 *   platform/session.ts and cooperation/requests.repository.ts) as named prepared statements,
 *   checks the session's expiry, and answers the rows with `JSON.stringify`: the ceiling for
 *   that work on this machine;
 * - `/noop`: nothing at all;
 * - `/__bench/stats`: this process's CPU time and statements sent, as the portal's server answers
 *   them with BENCH_STATS=true.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { COUNT_SQL, LIST_SQL, SESSION_SQL } from './raw-statements.ts';

pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(1082, (value) => value);
pg.types.setTypeParser(1700, (value) => value);

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
pool.on('error', () => {});
const app = Fastify({ logger: false });
let statements = 0;

function query<R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) {
  statements++;
  return pool.query<R>({ name, text, values });
}

app.get<{ Params: { id: string } }>('/bare/:id', async (request) => {
  const { rows } = await query(
    'bare',
    'select id, lgc_sn, name, status, published_at from cooperation_request where id = $1',
    [Number(request.params.id)],
  );
  return { code: '0', data: rows[0] ?? null };
});

/** Counts kept with the version they were taken at, per filter set (as the repository keeps them). */
const keptCounts = new Map<string, { version: number; n: number }>();
/** shared OPPORTUNITY_COUNT_CAP. */
const CAP = 10_000;
const IDLE_MS = 30 * 60_000;

type SessionRow = {
  id: number;
  institution_id: number | null;
  status: string;
  institution_status: string | null;
  last_seen_at: Date;
  expires_at: Date;
};

/**
 * With SESSION_CACHE_SECONDS read as the portal reads it (default 5; 0 turns its cache off):
 * session rows kept that long after they were read, as platform/session-cache.ts keeps them
 * (docs/decisions/0028), so that a session in use is looked up once per period, not per request,
 * as the route does. (The portal's cache is also dropped by NOTIFY, and reads again when a
 * minute's "last seen" touch is due; this handler writes no touches: the portal's one statement
 * per session a minute is left out.)
 */
const SESSION_CACHE_TTL_MS = Number(process.env.SESSION_CACHE_SECONDS ?? 5) * 1000;
const sessions = new Map<string, { row: SessionRow; readAt: number }>();

async function sessionOf(tokenHash: string, now: number): Promise<SessionRow | undefined> {
  const kept = sessions.get(tokenHash);
  if (kept && now - kept.readAt < SESSION_CACHE_TTL_MS && new Date(kept.row.expires_at).getTime() > now) {
    return kept.row;
  }
  const row = (await query<SessionRow>('raw_session', SESSION_SQL, [tokenHash])).rows[0];
  if (row) sessions.set(tokenHash, { row, readAt: now });
  return row;
}

app.get<{ Querystring: Record<string, string> }>('/raw/listPage', async (request, reply) => {
  const token = /(?:^|;\s*)portal_sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return reply.code(401).send({ code: 'PRT_UNAUTHENTICATED' });
  const now = Date.now();
  const user = await sessionOf(createHash('sha256').update(token).digest('hex'), now);
  if (
    user?.status !== 'active' ||
    user.institution_status === 'stopped' ||
    now - new Date(user.last_seen_at).getTime() > IDLE_MS ||
    new Date(user.expires_at).getTime() <= now
  ) {
    return reply.code(401).send({ code: 'YBLSYSTE0005' });
  }
  const q = request.query;
  const pageNo = Number(q.pageNo ?? 1);
  const pageSize = Number(q.pageSize ?? 10);
  const key = `${q.direction}|${q.typeCode}|${q.country}`;
  const known = keptCounts.get(key);
  const knownVersion = known?.version ?? 0;
  type Counted = { list_version: number; matching: number | null };
  const { rows } = await query<Counted>('raw_list', LIST_SQL, [
    user.id,
    user.institution_id,
    knownVersion,
    q.direction,
    q.typeCode,
    q.country,
    CAP + 1,
    q.direction,
    q.typeCode,
    q.country,
    pageSize,
    (pageNo - 1) * pageSize,
  ]);
  const counted =
    rows[0] ??
    (await query<Counted>('raw_count', COUNT_SQL, [knownVersion, q.direction, q.typeCode, q.country, CAP + 1]))
      .rows[0]!;
  let n: number;
  if (counted.matching === null) {
    n = known!.n;
  } else {
    n = counted.matching;
    keptCounts.set(key, { version: counted.list_version, n });
  }
  const list = rows.map(({ matching: _matching, list_version: _version, ...row }) => row);
  reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify({
    code: '0',
    data: { list, total: Math.min(n, CAP), totalCapped: n > CAP, pageNo, pageSize },
  });
});

app.get('/noop', async () => ({ code: '0', data: { num: 0 } }));

app.get('/__bench/stats', async () => {
  const cpu = process.cpuUsage();
  return { cpuUserMs: cpu.user / 1000, cpuSystemMs: cpu.system / 1000, statements };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});

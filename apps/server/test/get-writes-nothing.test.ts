/**
 * No GET changes state (issue 24; docs/security.md "No GET changes state"). Every GET operation of
 * the OpenAPI document is called as each kind of caller, with the real ids of the demo data (every
 * state of every kind of row the route reads), and the database is compared before and after:
 * every table's row count and a digest of all its rows. A browser fires a GET for an <img>, a
 * prefetch or a link on another site, so a GET that writes acts in the reader's name unasked.
 */
import { sql } from 'kysely';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { SEED_STEPS, seedDemoData } from '../src/db/seed/index.ts';
import { signingAuthority } from '../src/modules/seals/index.ts';
import { LocalDiskStorage } from '../src/platform/files/storage.ts';
import { certIdOf } from '../src/platform/signing/revocation.ts';
import { sessionCookie } from './factories.ts';
import { buildTestAppWithStorage } from './helpers.ts';

/**
 * What a GET may write, each with its reason. Nothing else is exempt.
 * - user_session and app_user.last_active_at: a signed-in request at most once a minute slides
 *   its session's idle expiry and notes the account's last activity (the dormant-accounts rule);
 *   that is the session's own bookkeeping, not the application's state.
 * - captcha: GET /api/user/p1/getVerifyCode draws a new picture code and stores its hashed answer.
 *   It stays a GET: an <img> is what shows it, a new code replaces only the caller's own earlier
 *   one, and drawing one grants nothing.
 * - rate_limit_counter: the per-address counters of rate-limited GETs (the picture code, the
 *   application status without a log-in).
 */
const EXEMPT_TABLES: Record<string, string> = {
  user_session: 'sliding idle expiry of the caller’s own session',
  captcha: 'the picture code a GET draws (its hashed answer)',
  rate_limit_counter: 'per-address counters of rate-limited GETs',
};
const EXEMPT_COLUMNS: Record<string, string[]> = { app_user: ['last_active_at'] };

const { app, database, config, storageDir } = await buildTestAppWithStorage('portal-get-walk-');
const db = database.db;
await seedDemoData(db, SEED_STEPS, {
  storage: new LocalDiskStorage(storageDir),
  signingAuthority: await signingAuthority(db, config),
});

const ROLES = {
  anonymous: null,
  partnerUser: 'kevin.lau@harbourview.example',
  partnerAdmin: 'amy.chan@harbourview.example',
  staff: 'staff@bank.example',
  systemAdmin: 'admin@bank.example',
} as const;
type Role = keyof typeof ROLES;

const cookies: Partial<Record<Role, string>> = {};
for (const [role, email] of Object.entries(ROLES) as [Role, string | null][]) {
  if (!email) continue;
  const user = await db.selectFrom('appUser').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  cookies[role] = await sessionCookie(db, user.id);
}

// ---------- the state of the database ----------

const tables = (
  await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db)
).rows
  .map((row) => row.name)
  .filter((name) => !(name in EXEMPT_TABLES));

/** Every table's row count and a digest of its rows (any inserted, deleted or changed row shows). */
const snapshotQuery = sql.raw(
  tables
    .map((name) => {
      const row = `(to_jsonb(t) - '{${(EXEMPT_COLUMNS[name] ?? []).join(',')}}'::text[])::text`;
      return (
        `SELECT '${name}' AS name, count(*)::int AS n, ` +
        `md5(coalesce(string_agg(md5(${row}), '' ORDER BY md5(${row})), '')) AS digest FROM "${name}" t`
      );
    })
    .join(' UNION ALL '),
);

async function snapshot(): Promise<Map<string, string>> {
  const rows = (await snapshotQuery.execute(db)).rows as { name: string; n: number; digest: string }[];
  return new Map(rows.map((row) => [row.name, `${row.n} rows, ${row.digest}`]));
}

function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before].filter(([name, state]) => after.get(name) !== state).map(([name]) => name);
}

// ---------- the GET operations and real ids for their parameters ----------

type Operation = { path: string; parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[] };
type Schema = { type?: string; enum?: unknown[]; format?: string; minimum?: number; default?: unknown };

const document = app.swagger() as { paths: Record<string, { get?: Operation }> };
const getPaths = Object.entries(document.paths)
  .filter(([path, item]) => item.get && !path.startsWith('/api/docs'))
  .map(([path, item]) => ({ ...item.get, path }) as Operation);

const ids = async (query: ReturnType<typeof sql<{ id: string }>>) => (await query.execute(db)).rows.map((r) => r.id);

/** A few real ids for a path's parameter: one of each state of the rows the route reads. */
async function idsFor(path: string): Promise<string[]> {
  const content = /\/api\/backend\/content\/(\w+)\/\{lgcSn\}/.exec(path);
  if (content) {
    const kind = content[1] === 'compliance' ? 'compliance' : content[1]!.replace(/s$/, '');
    return ids(sql`SELECT DISTINCT ON (status) lgc_sn AS id FROM content_entry WHERE kind = ${kind}`);
  }
  if (path.includes('{key}'))
    return ids(sql`SELECT DISTINCT ON (status) entry_key AS id FROM content_entry WHERE kind = 'topic'`);
  if (path.includes('{id}')) return ids(sql`SELECT DISTINCT ON (kind, status) lgc_sn AS id FROM content_entry`);
  if (path.includes('/seals/')) return ids(sql`SELECT DISTINCT ON (state) lgc_sn AS id FROM seal`);
  if (path.startsWith('/api/pki/ocsp/')) return ocspRequests();
  if (path.includes('/registrations/')) return ids(sql`SELECT DISTINCT ON (activation) lgc_sn AS id FROM app_user`);
  if (path.includes('/feedback/')) return ids(sql`SELECT lgc_sn AS id FROM feedback LIMIT 3`);
  if (path.includes('/contracts/'))
    return ids(sql`
      SELECT DISTINCT ON (c.state) i.lgc_sn AS id FROM cooperation_intention i
      JOIN contract c ON c.intention_id = i.id`);
  if (path.includes('/bthw/detail') || path.includes('/queryContactById/'))
    return ids(sql`SELECT DISTINCT ON (status) lgc_sn AS id FROM cooperation_request`);
  if (path.includes('/fileP1/') || path.includes('/content/'))
    return ids(sql`SELECT DISTINCT ON (purpose) lgc_sn AS id FROM file_object`);
  return ['no-such-id'];
}

/** Base64 OCSP requests (the GET form) about a seal certificate of each state: effective, cancelled, expired. */
async function ocspRequests(): Promise<string[]> {
  const authority = await signingAuthority(db, config);
  const rows = await db
    .selectFrom('seal')
    .select('certificateDer')
    .distinctOn('state')
    .where('certificateDer', 'is not', null)
    .orderBy('state')
    .execute();
  return rows.map((row) => {
    const reqCert = certIdOf(new Uint8Array(row.certificateDer!), authority.certificateDer);
    const request = new pkijs.OCSPRequest({
      tbsRequest: new pkijs.TBSRequest({ requestList: [new pkijs.Request({ reqCert })] }),
    });
    return Buffer.from(request.toSchema(true).toBER(false)).toString('base64');
  });
}

/** A value for a required query parameter, from its schema. */
function queryValue(schema: Schema = {}): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.default !== undefined) return String(schema.default);
  if (schema.format === 'date') return '2026-01-01';
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
  return 'a';
}

async function urlsFor(operation: Operation): Promise<string[]> {
  const query = (operation.parameters ?? [])
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(queryValue(p.schema))}`)
    .join('&');
  const params = (operation.parameters ?? []).filter((p) => p.in === 'path');
  const values = params.length ? await idsFor(operation.path) : [''];
  return values.map((value) => {
    const path = operation.path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
    return query ? `${path}?${query}` : path;
  });
}

const cases: [string, Role, string][] = [];
for (const operation of getPaths) {
  for (const url of await urlsFor(operation)) {
    for (const role of Object.keys(ROLES) as Role[]) cases.push([operation.path, role, url]);
  }
}

async function call(url: string, role: Role) {
  const cookie = cookies[role];
  const headers = cookie ? { cookie } : {};
  if (url.startsWith('/api/bthw/messages/stream')) {
    // An event stream stays open: its first answer is enough, then it is closed.
    const res = await app.inject({ method: 'GET', url, headers, payloadAsStream: true });
    res.raw.res.destroy();
    return res.statusCode;
  }
  return (await app.inject({ method: 'GET', url, headers })).statusCode;
}

describe('no GET changes state', () => {
  it('walks every GET operation of the OpenAPI document, with real ids', () => {
    expect(getPaths.length).toBeGreaterThan(90);
    const withIds = cases.filter(([, , url]) => !url.includes('no-such-id'));
    // Every parameterised route got real ids, the submitted seal application among them.
    expect(cases.filter(([, , url]) => url.includes('no-such-id'))).toEqual([]);
    expect(withIds.length).toBeGreaterThan(500);
  });

  it('the snapshot sees a write', async () => {
    const before = await snapshot();
    await db.updateTable('seal').set({ reviewStartedAt: new Date() }).where('state', '=', 'submitted').execute();
    expect(changed(before, await snapshot())).toEqual(['seal']);
    await db.updateTable('seal').set({ reviewStartedAt: null }).where('state', '=', 'submitted').execute();
    // Only the account's last activity is left out of app_user: its branch is not.
    const staff = await db
      .selectFrom('appUser')
      .select(['id', 'profile'])
      .where('email', '=', ROLES.staff)
      .executeTakeFirstOrThrow();
    await db.updateTable('appUser').set({ lastActiveAt: new Date() }).where('id', '=', staff.id).execute();
    const touched = await snapshot();
    await db
      .updateTable('appUser')
      .set({ profile: JSON.stringify({ ...staff.profile, mainContactBranch: 'OS_MACAU' }) })
      .where('id', '=', staff.id)
      .execute();
    expect(changed(touched, await snapshot())).toEqual(['app_user']);
    await db
      .updateTable('appUser')
      .set({ profile: JSON.stringify(staff.profile) })
      .where('id', '=', staff.id)
      .execute();
  });

  it.each(cases)('GET %s as %s (%s) writes nothing', async (_path, role, url) => {
    // Every session was last seen two minutes ago, so each signed-in call does its once-a-minute
    // touch (the exempt writes happen every time, not by the clock's chance).
    await db
      .updateTable('userSession')
      .set({ lastSeenAt: new Date(Date.now() - 120_000) })
      .execute();
    const before = await snapshot();
    const status = await call(url, role);
    expect(changed(before, await snapshot()), `status ${status}`).toEqual([]);
  });
});

/**
 * The session cache (session-cache.ts, docs/decisions/0028): a session in use answers without a
 * statement of its own, and every change that could end or alter it reaches every instance at
 * once through NOTIFY (migration 0020). Two apps on one database, as two servers behind a
 * balancer: on PostgreSQL (DATABASE_URL) each has its own pool and listening connection; on
 * PGlite both share the one in-process database and each listens on it.
 */
import { ROLE } from '@portal/shared';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInstitution, buildUser, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { buildTestApp, databaseUrlOf, openSameDatabase, testConfig } from '../../test/helpers.ts';
import { itOnPostgres } from '../../test/postgres-only.ts';
import { buildApp } from '../app.ts';
import { type DatabaseHandle, openPostgres } from '../db/database.ts';
import { createSessionCache, mayChangeSessions } from './session-cache.ts';

// The cache is off by default (config.ts); these instances turn it on.
const CACHE_ON = { SESSION_CACHE_SECONDS: '5' };
const a = await buildTestApp(CACHE_ON);
const db = a.database.db;
const databaseB = openSameDatabase(a.database);
const appB = await buildApp({ config: testConfig(CACHE_ON), database: databaseB });
await appB.ready();
afterAll(() => appB.close());

/** The statements a handle's connections complete while `work` runs. */
async function statementsDuring(database: DatabaseHandle, work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const stop = database.observeStatements((text) => sent.push(text));
  try {
    await work();
  } finally {
    stop();
  }
  return sent;
}
const isSessionLookup = (text: string) => text.includes('from "user_session" as "s"');

const unreadOn = (app: typeof appB, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/bthw/queryMessageNum', headers: { cookie } });

/** Asks B until it refuses the cookie, for at most a second; answers the last status. */
async function refusedOnBWithinASecond(cookie: string, url = '/api/bthw/queryMessageNum', refused = 401) {
  const started = Date.now();
  for (;;) {
    const res = await appB.inject({ method: 'GET', url, headers: { cookie } });
    if (res.statusCode === refused || Date.now() - started > 1000) return res.statusCode;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** B answers the cookie from its cache: no session lookup on its connections. */
async function warmOnB(cookie: string, url = '/api/bthw/queryMessageNum') {
  expect((await appB.inject({ method: 'GET', url, headers: { cookie } })).statusCode).not.toBe(401);
  const sent = await statementsDuring(databaseB, async () => {
    const res = await appB.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode).not.toBe(401);
  });
  expect(sent.filter(isSessionLookup)).toEqual([]);
}

describe(`the session cache (${a.database.engine})`, () => {
  it('answers a session in use with one statement fewer', async () => {
    const user = await buildUser(db);
    const cookie = await sessionCookie(db, user.id);
    const first = await statementsDuring(a.database, async () =>
      expect((await unreadOn(a.app, cookie)).statusCode).toBe(200),
    );
    const second = await statementsDuring(a.database, async () =>
      expect((await unreadOn(a.app, cookie)).statusCode).toBe(200),
    );
    expect(first.filter(isSessionLookup)).toHaveLength(1);
    expect(second.filter(isSessionLookup)).toHaveLength(0);
    // The mailer polls its outbox on the same connections now and then: not the request's.
    const ofTheRequest = (sent: string[]) => sent.filter((text) => !text.includes('"mail_outbox"'));
    expect(ofTheRequest(second)).toHaveLength(ofTheRequest(first).length - 1);
  });

  it('ends a session on B at once when it logs out on A', async () => {
    const user = await buildUser(db);
    const cookie = await sessionCookie(db, user.id);
    await warmOnB(cookie);
    const out = await a.app.inject({ method: 'POST', url: '/api/user/p1/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(await refusedOnBWithinASecond(cookie)).toBe(401);
  });

  it('ends a session on B at once when A stops its user', async () => {
    const user = await buildUser(db);
    const cookie = await sessionCookie(db, user.id);
    await warmOnB(cookie);
    await db.updateTable('appUser').set({ status: 'stopped' }).where('id', '=', user.id).execute();
    expect(await refusedOnBWithinASecond(cookie)).toBe(401);
  });

  it("ends a session on B at once when A stops its user's institution", async () => {
    const institution = await buildInstitution(db);
    const user = await buildUser(db, { institutionId: institution.id });
    const cookie = await sessionCookie(db, user.id);
    await warmOnB(cookie);
    await db.updateTable('institution').set({ status: 'stopped' }).where('id', '=', institution.id).execute();
    expect(await refusedOnBWithinASecond(cookie)).toBe(401);
  });

  it("B sees at once that A took a user's role away", async () => {
    const user = await buildUser(db, { roles: [ROLE.bankStaff] });
    const cookie = await sessionCookie(db, user.id);
    await warmOnB(cookie, '/api/backend/registrations');
    await db
      .updateTable('appUser')
      .set({ roleCodes: sql<string[]>`${[ROLE.general]}::text[]` })
      .where('id', '=', user.id)
      .execute();
    expect(await refusedOnBWithinASecond(cookie, '/api/backend/registrations', 403)).toBe(403);
  });

  it('ends the session on B at once when the password is changed on A', async () => {
    const user = await buildUser(db);
    const cookie = await sessionCookie(db, user.id);
    const other = await sessionCookie(db, user.id);
    await warmOnB(other);
    const changed = await a.app.inject({
      method: 'POST',
      url: '/api/user/p1/modifyPwd',
      headers: { cookie },
      payload: { oPwd: TEST_PASSWORD, pwd: 'Fresh#2468q', confirmPwd: 'Fresh#2468q' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await refusedOnBWithinASecond(other)).toBe(401);
  });

  it('does not drop on the minute\'s "last seen" and activity writes, and does on other writes', () => {
    expect(mayChangeSessions('update "user_session" set "last_seen_at" = $1 where "token_hash" = $2')).toBe(false);
    expect(mayChangeSessions('update "app_user" set "last_active_at" = $1 where "id" = $2')).toBe(false);
    expect(mayChangeSessions('update "app_user" set "status" = $1 where "id" = $2')).toBe(true);
    expect(mayChangeSessions('update "app_user" set "last_active_at" = $1, "locale" = $2 where "id" = $3')).toBe(true);
    expect(mayChangeSessions('update app_user set last_active_at = now() where id = 1')).toBe(true);
    expect(mayChangeSessions('delete from "user_session" where "user_id" = $1')).toBe(true);
    expect(mayChangeSessions('update "institution" set "status" = $1 where "id" = $2')).toBe(true);
    expect(mayChangeSessions('update "institution" set "name" = $1 where "id" = $2')).toBe(false);
    expect(mayChangeSessions('select * from "user_session"')).toBe(false);
  });

  it('keeps an entry for its time only, at most its number of entries, and no row read before a drop', async () => {
    const cache = createSessionCache<{ id: number; institutionId: number | null }>(a.database, {
      ttlMs: 1000,
      maxEntries: 2,
    });
    const row = (id: number) => ({ id, institutionId: null });
    expect(cache.active()).toBe(false);
    cache.store('off', row(1), cache.ticket(), Date.now());
    expect(cache.size()).toBe(0);
    await cache.start();
    try {
      expect(cache.active()).toBe(true);
      const now = Date.now();
      for (const key of ['a', 'b', 'c']) cache.store(key, row(1), cache.ticket(), now);
      expect([cache.get('a', now), cache.get('b', now), cache.get('c', now)]).toEqual([undefined, row(1), row(1)]);
      expect(cache.get('b', now + 1000)).toBeUndefined();
      // A lookup that ran while a user changed stores nothing.
      const ticket = cache.ticket();
      const user = await buildUser(db);
      await db.updateTable('appUser').set({ locale: 'zh-CN' }).where('id', '=', user.id).execute();
      cache.store('d', row(user.id), ticket, Date.now());
      expect(cache.get('d', Date.now())).toBeUndefined();
    } finally {
      await cache.stop();
    }
    expect(cache.active()).toBe(false);
  });

  itOnPostgres('goes to the database on every request while its listener is down', async () => {
    // An instance whose listening connection cannot be opened, beside a healthy one (B).
    const down = openPostgres(databaseUrlOf(a.database), 2, { listenUrl: 'postgres://root@127.0.0.1:1/nowhere' });
    const appC = await buildApp({ config: testConfig(CACHE_ON), database: down });
    await appC.ready();
    try {
      const user = await buildUser(db);
      const cookie = await sessionCookie(db, user.id);
      await warmOnB(cookie);
      for (let i = 0; i < 3; i++) {
        const sent = await statementsDuring(down, async () =>
          expect((await unreadOn(appC, cookie)).statusCode).toBe(200),
        );
        expect(sent.filter(isSessionLookup)).toHaveLength(1);
      }
    } finally {
      await appC.close();
    }
  });

  itOnPostgres('drops everything when its listening connection is cut, and caches again once back', async () => {
    const user = await buildUser(db);
    const cookie = await sessionCookie(db, user.id);
    await warmOnB(cookie);
    const cut = await sql`select pg_terminate_backend(pid) from pg_stat_activity
                where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`.execute(db);
    expect(cut.rows.length).toBeGreaterThan(0);
    // Ended while B may not be listening: B must not answer from what it kept.
    await db.deleteFrom('userSession').execute();
    expect(await refusedOnBWithinASecond(cookie)).toBe(401);
    // Back within the listener's first retry (250 ms): sessions are cached again.
    const again = await sessionCookie(db, user.id);
    const started = Date.now();
    for (;;) {
      await unreadOn(appB, again);
      const sent = await statementsDuring(databaseB, () => unreadOn(appB, again));
      if (sent.filter(isSessionLookup).length === 0) break;
      expect(Date.now() - started).toBeLessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});

/**
 * The bell across instances: two apps on one database, as two servers behind a balancer. A
 * user's stream open on instance A hears, within a second, a message written through instance B
 * (announced with NOTIFY in B's commit); a rolled-back transaction announces nothing. On
 * PostgreSQL (DATABASE_URL) each app has its own pool and listening connection; on PGlite both
 * apps share the one in-process database and each listens on it, the same code path.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../test/cooperation-factories.ts';
import { buildUser, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp, openSameDatabase, testConfig } from '../../../test/helpers.ts';
import { itOnPostgres } from '../../../test/postgres-only.ts';
import { openUnreadStream, type UnreadStream } from '../../../test/unread-stream.ts';
import { buildApp } from '../../app.ts';
import { inTransaction } from '../../db/transaction.ts';
import { postMessages } from './index.ts';
import { listenUnreadChanged } from './notify.ts';

const a = await buildTestApp();
const db = a.database.db;
await a.app.listen({ port: 0, host: '127.0.0.1' });
const portA = (a.app.server.address() as AddressInfo).port;

const databaseB = openSameDatabase(a.database);
const appB = await buildApp({ config: testConfig(), database: databaseB });
await appB.ready();
afterAll(() => appB.close());

/** Every announcement instance A's database connection hears. */
const heardOnA: number[][] = [];
const stopHearing = await listenUnreadChanged(a.database.listen, (ids) => heardOnA.push([...ids]));
afterAll(stopHearing);

/** A stream of unread counts over a real connection to instance A. */
function openStreamOnA(cookie: string): Promise<UnreadStream> {
  return openUnreadStream({ host: '127.0.0.1', port: portA, headers: { cookie } }, 1000);
}

describe(`the bell across two instances on one database (${a.database.engine})`, () => {
  it('tells a stream on instance A within a second of an intention sent through instance B', async () => {
    const owner = await buildUser(db);
    const ownerCookie = await sessionCookie(db, owner.id);
    const request = await buildRequest(db, { ownerUserId: owner.id, institutionId: owner.institutionId! });
    const stream = await openStreamOnA(ownerCookie);
    expect(await stream.next()).toBe(0);

    const sender = await buildUser(db);
    const started = Date.now();
    const sent = await appB.inject({
      method: 'POST',
      url: '/api/bthw/SendBthw',
      headers: { cookie: await sessionCookie(db, sender.id) },
      payload: { requestLgcSn: request.lgcSn, message: 'Interested.' },
    });
    expect(sent.statusCode).toBe(200);
    expect(await stream.next(1000)).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);

    // Read through B: A's stream goes back to 0, again at once.
    const read = await appB.inject({
      method: 'POST',
      url: '/api/bthw/messages/readAll',
      headers: { cookie: ownerCookie },
    });
    expect(read.json().data.count).toBe(1);
    expect(await stream.next(1000)).toBe(0);
    stream.close();
  });

  it('announces nothing for a transaction on instance B that rolls back', async () => {
    const user = await buildUser(db);
    const stream = await openStreamOnA(await sessionCookie(db, user.id));
    expect(await stream.next()).toBe(0);
    heardOnA.length = 0;
    await expect(
      inTransaction(databaseB.db, async (trx) => {
        await postMessages(trx, [{ userId: user.id, type: 'match', requestId: null, institutionId: null }]);
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    // A committed message afterwards arrives; the rolled-back one was never announced before it.
    await inTransaction(databaseB.db, (trx) =>
      postMessages(trx, [{ userId: user.id, type: 'match', requestId: null, institutionId: null }]),
    );
    expect(await stream.next(1000)).toBe(1);
    expect(heardOnA).toEqual([[user.id]]);
    stream.close();
  });

  // Only PostgreSQL has a listening connection to lose (PGlite's is the process itself).
  itOnPostgres('listens again after its listening connection is cut, and re-reads what it missed', async () => {
    const user = await buildUser(db);
    const stream = await openStreamOnA(await sessionCookie(db, user.id));
    expect(await stream.next()).toBe(0);
    // As a database restart or a network cut would: end every LISTEN session on this database.
    const { sql } = await import('kysely');
    const cut = await sql`select pg_terminate_backend(pid) from pg_stat_activity
                where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`.execute(db);
    expect(cut.rows.length).toBeGreaterThan(0);
    // Written while A may not be listening: A catches up when it is back (its re-check runs
    // only every 30 s, so this is the reconnection's doing).
    await inTransaction(databaseB.db, (trx) =>
      postMessages(trx, [{ userId: user.id, type: 'match', requestId: null, institutionId: null }]),
    );
    expect(await stream.next(5000)).toBe(1);
    // And it hears announcements again.
    await inTransaction(databaseB.db, (trx) =>
      postMessages(trx, [{ userId: user.id, type: 'match', requestId: null, institutionId: null }]),
    );
    expect(await stream.next(1000)).toBe(2);
    stream.close();
  });
});

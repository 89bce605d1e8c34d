import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../test/cooperation-factories.ts';
import { buildInstitution, buildUser, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { openUnreadStream, type UnreadStream } from '../../../test/unread-stream.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { hashToken } from '../../platform/session.ts';
import { createUnreadStreamHub, MAX_STREAMS_PER_USER } from './messages.stream.ts';
import { announceUnreadChanged } from './notify.ts';

const { app, database } = await buildTestApp();
const db = database.db;
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

/** Opens the stream over a real connection and parses its events as they arrive. */
function openStream(cookie: string | undefined): Promise<UnreadStream> {
  const headers = { ...(cookie ? { cookie } : {}), 'accept-encoding': 'gzip, br', accept: 'text/event-stream' };
  return openUnreadStream({ host: '127.0.0.1', port, headers }, 1000);
}

async function someone() {
  const user = await buildUser(db);
  return { user, cookie: await sessionCookie(db, user.id) };
}

describe('GET /api/bthw/messages/stream', () => {
  it('sends the count on connect and a new message’s count at once, uncompressed, with API headers', async () => {
    const owner = await someone();
    const request = await buildRequest(db, { ownerUserId: owner.user.id, institutionId: owner.user.institutionId! });
    const stream = await openStream(owner.cookie);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['cache-control']).toContain('no-cache');
    expect(stream.headers['content-security-policy']).toContain("default-src 'none'");
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    expect(await stream.next()).toBe(0);

    // Another institution sends an intention: the owner's bell learns of it within a second.
    const sender = await someone();
    const sent = await app.inject({
      method: 'POST',
      url: '/api/bthw/SendBthw',
      headers: { cookie: sender.cookie },
      payload: { requestLgcSn: request.lgcSn, message: 'Interested.' },
    });
    expect(sent.statusCode).toBe(200);
    expect(await stream.next(1000)).toBe(1);

    // Reading it (here through the API) sends the new count too.
    await app.inject({ method: 'POST', url: '/api/bthw/messages/readAll', headers: { cookie: owner.cookie } });
    expect(await stream.next(1000)).toBe(0);
    stream.close();
  });

  it('refuses a visitor with the usual JSON error', async () => {
    const stream = await openStream(undefined);
    expect(stream.status).toBe(401);
    expect(stream.headers['content-type']).toMatch(/application\/json/);
    stream.close();
  });

  it('ends the streams when the app closes, so shutdown is not held up', async () => {
    const { cookie } = await someone();
    const stream = await openStream(cookie);
    expect(await stream.next()).toBe(0);
    const started = Date.now();
    await app.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

/** A stand-in for a response the hub writes to. */
function fakeResponse() {
  const raw = Object.assign(new EventEmitter(), {
    chunks: [] as string[],
    writableEnded: false,
    destroyed: false,
    write(chunk: string) {
      raw.chunks.push(chunk);
      return true;
    },
    end() {
      raw.writableEnded = true;
      raw.emit('close');
    },
  });
  return raw;
}
const countsIn = (chunks: string[]) =>
  chunks.filter((c) => c.startsWith('event: unread')).map((c) => JSON.parse(c.split('data: ')[1]!).num as number);

describe('unread stream hub', async () => {
  const { database: hubDatabase } = await buildTestApp();
  const hubDb: Db = hubDatabase.db;
  const hub = createUnreadStreamHub({
    db: hubDb,
    listen: hubDatabase.listen,
    log: app.log,
    sessionIdleMs: 3_600_000,
    recheckMs: 50,
    heartbeatMs: 40,
  });
  afterAll(() => hub.closeAll());

  async function openFor() {
    const inst = await buildInstitution(hubDb);
    const user = await buildUser(hubDb, { institutionId: inst.id });
    const cookie = await sessionCookie(hubDb, user.id);
    const raw = fakeResponse();
    await hub.open({ userId: user.id, tokenHash: hashToken(cookie.split('=')[1]!), raw: raw as never });
    return { user, raw };
  }

  it('picks up on its re-check a message written without an announcement, and sends heartbeats', async () => {
    const { user, raw } = await openFor();
    expect(countsIn(raw.chunks)).toEqual([0]);
    // Written without an announcement (a lost one, or a writer that forgot it).
    await hubDb
      .insertInto('message')
      .values({ lgcSn: randomUUID(), userId: user.id, type: 'match', requestId: null, institutionId: null })
      .execute();
    await new Promise((r) => setTimeout(r, 300));
    expect(countsIn(raw.chunks)).toEqual([0, 1]);
    expect(raw.chunks).toContain(': keep-alive\n\n');
    // Unchanged counts are not sent again; an announcement with no change sends nothing.
    await inTransaction(hubDb, async (trx) => announceUnreadChanged(trx, [user.id]));
    await new Promise((r) => setTimeout(r, 100));
    expect(countsIn(raw.chunks)).toEqual([0, 1]);
  });

  it('keeps at most a few streams per user, ending the oldest', async () => {
    const { user, raw: first } = await openFor();
    const cookie = await sessionCookie(hubDb, user.id);
    const more = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const raw = fakeResponse();
      await hub.open({ userId: user.id, tokenHash: hashToken(cookie.split('=')[1]!), raw: raw as never });
      more.push(raw);
    }
    expect(first.writableEnded).toBe(true);
    expect(more.every((raw) => !raw.writableEnded)).toBe(true);
  });

  it('ends a stream whose session is gone (log-out)', async () => {
    const { user, raw } = await openFor();
    expect(hub.size()).toBeGreaterThan(0);
    await hubDb.deleteFrom('userSession').where('userId', '=', user.id).execute();
    await new Promise((r) => setTimeout(r, 300));
    expect(raw.writableEnded).toBe(true);
  });
});

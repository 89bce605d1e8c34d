import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../../test/cooperation-factories.ts';
import { buildInstitution, buildUser, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import type { MessageTable } from '../../db/schema.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const post = async (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = async (url: string, cookie: string, locale = 'en-US') =>
  app.inject({ method: 'GET', url, headers: { cookie, 'accept-language': locale } });

const publisherInst = await buildInstitution(db, { name: 'Harbour Trade Bank' });
const publisher = await buildUser(db, { institutionId: publisherInst.id });
const request = await buildRequest(db, {
  ownerUserId: publisher.id,
  institutionId: publisherInst.id,
  name: 'EUR 20m syndicated loan',
});

async function reader() {
  const user = await buildUser(db);
  return { user, cookie: await sessionCookie(db, user.id) };
}

/** Writes messages for the user, oldest first (created a second apart). */
async function give(userId: number, types: MessageTable['type'][], read = false) {
  const base = Date.now() - types.length * 1000;
  const rows = await db
    .insertInto('message')
    .values(
      types.map((type, index) => ({
        lgcSn: randomUUID(),
        userId,
        type,
        requestId: request.id,
        institutionId: publisherInst.id,
        readAt: read ? new Date() : null,
        createdAt: new Date(base + index * 1000),
      })),
    )
    .returning('lgcSn')
    .execute();
  return rows.map((r) => r.lgcSn);
}

const count = async (cookie: string) => (await get('/api/bthw/queryMessageNum', cookie)).json().data.num as number;

describe('message centre', () => {
  it('lists my messages newest first, with their text in my language', async () => {
    const { user, cookie } = await reader();
    const [older, newer] = await give(user.id, ['match', 'intentionReceived']);
    const other = await reader();
    await give(other.user.id, ['match']);

    const page = (await get('/api/bthw/messages', cookie)).json().data;
    expect(page).toMatchObject({ total: 2, pageNo: 1, pageSize: 10 });
    expect(page.list.map((m: { lgcSn: string }) => m.lgcSn)).toEqual([newer, older]);
    expect(page.list[1]).toMatchObject({
      type: 'match',
      status: 'unread',
      content: 'A matching opportunity, “EUR 20m syndicated loan” from Harbour Trade Bank, was pushed to you.',
      requestLgcSn: request.lgcSn,
      requestName: 'EUR 20m syndicated loan',
      institutionName: 'Harbour Trade Bank',
    });
    expect(page.list[1].publishDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const zh = (await get('/api/bthw/messages', cookie, 'zh-CN')).json().data;
    expect(zh.list[1].content).toBe('为您推送了一条匹配商机：Harbour Trade Bank发布的“EUR 20m syndicated loan”。');
    expect(zh.list[0].content).toBe('Harbour Trade Bank对您发布的需求“EUR 20m syndicated loan”发送了合作意向。');
  });

  it('filters by type and by read status, and pages', async () => {
    const { user, cookie } = await reader();
    await give(user.id, ['match', 'match', 'intentionAgreed']);
    await give(user.id, ['intentionRejected'], true);
    const matches = (await get('/api/bthw/messages?type=match', cookie)).json().data;
    expect(matches.total).toBe(2);
    expect(matches.list.every((m: { type: string }) => m.type === 'match')).toBe(true);
    const read = (await get('/api/bthw/messages?status=read', cookie)).json().data;
    expect(read.list.map((m: { type: string; status: string }) => [m.type, m.status])).toEqual([
      ['intentionRejected', 'read'],
    ]);
    expect((await get('/api/bthw/messages?status=unread', cookie)).json().data.total).toBe(3);
    const second = (await get('/api/bthw/messages?pageNo=2&pageSize=3', cookie)).json().data;
    expect(second).toMatchObject({ total: 4, pageNo: 2, pageSize: 3 });
    expect(second.list).toHaveLength(1);
    expect((await get('/api/bthw/messages?type=nonsense', cookie)).statusCode).toBe(422);
  });

  it('marks the selected messages read, only my own, and says so when none selected is unread', async () => {
    const { user, cookie } = await reader();
    const [a, b, c] = await give(user.id, ['match', 'intentionAgreed', 'intentionRejected']);
    const other = await reader();
    const [theirs] = await give(other.user.id, ['match']);
    expect(await count(cookie)).toBe(3);

    const res = await post('/api/bthw/updateMessageStatusByLgcSn', cookie, { lgcSns: [a, b, theirs] });
    expect(res.json()).toMatchObject({ code: '0', data: { count: 2 } });
    expect(await count(cookie)).toBe(1);
    expect(await count(other.cookie)).toBe(1);

    const none = await post('/api/bthw/updateMessageStatusByLgcSn', cookie, { lgcSns: [a, b] });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      code: 'PRT_NO_UNREAD_SELECTED',
      message: 'Please select unread messages first.',
    });
    expect((await post('/api/bthw/updateMessageStatusByLgcSn', cookie, { lgcSns: [theirs] })).json().code).toBe(
      'PRT_NO_UNREAD_SELECTED',
    );
    expect((await post('/api/bthw/updateMessageStatusByLgcSn', cookie, { lgcSns: [] })).statusCode).toBe(422);
    expect((await post('/api/bthw/updateMessageStatusByLgcSn', cookie, { lgcSns: [c] })).json().data.count).toBe(1);
    expect(await count(cookie)).toBe(0);
  });

  it('marks all my messages read', async () => {
    const { user, cookie } = await reader();
    await give(user.id, ['match', 'requestPublished', 'intentionReached']);
    const other = await reader();
    await give(other.user.id, ['match']);
    expect((await post('/api/bthw/messages/readAll', cookie)).json().data.count).toBe(3);
    expect(await count(cookie)).toBe(0);
    expect(await count(other.cookie)).toBe(1);
    expect((await post('/api/bthw/messages/readAll', cookie)).json().data.count).toBe(0);
  });

  it('counts unread messages for any signed-in user, an account under review too', async () => {
    const pending = await buildUser(db, { activation: '5' });
    const pendingCookie = await sessionCookie(db, pending.id);
    expect(await count(pendingCookie)).toBe(0);
    expect((await get('/api/bthw/messages', pendingCookie)).json().code).toBe('PRT_ACCOUNT_NOT_ACTIVE');
  });

  it('does not link a request the bank took down on a message to another institution', async () => {
    const { user, cookie } = await reader();
    const takenDown = await buildRequest(db, {
      ownerUserId: publisher.id,
      institutionId: publisherInst.id,
      status: 'invalid',
      invalidReason: 'takenDown',
    });
    await db
      .insertInto('message')
      .values({
        lgcSn: randomUUID(),
        userId: user.id,
        type: 'match',
        requestId: takenDown.id,
        institutionId: publisherInst.id,
      })
      .execute();
    const [item] = (await get('/api/bthw/messages', cookie)).json().data.list;
    expect(item.requestLgcSn).toBeNull();
  });
});

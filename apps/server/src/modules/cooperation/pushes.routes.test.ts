import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../../test/cooperation-factories.ts';
import { buildInstitution, buildUser, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { inTransaction } from '../../db/transaction.ts';
import { onRequestPublished } from './matching.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const post = async (url: string, cookie: string, payload?: object, locale = 'en-US') =>
  app.inject({ method: 'POST', url, headers: { cookie, 'accept-language': locale }, ...(payload ? { payload } : {}) });
const get = async (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

const staff = await buildUser(db, { roles: [ROLE.bankStaff] });
const staffCookie = await sessionCookie(db, staff.id);

async function publisher(name = 'Harbour Trade Bank') {
  const inst = await buildInstitution(db, { name: `${name} ${Math.random().toString(36).slice(2, 6)}` });
  const owner = await buildUser(db, { institutionId: inst.id });
  return { inst, owner };
}

const push = (lgcSn: string, institutions: string[], locale = 'en-US') =>
  post(`/api/backend/cooperation/${lgcSn}/push`, staffCookie, { institutions }, locale);

describe('matched opportunities', () => {
  it('lists what the system pushed to my institution, newest first, effective only', async () => {
    const mine = await buildInstitution(db, { country: 'SG' });
    const me = await buildUser(db, { institutionId: mine.id, interestedTypes: ['CLUB_LOAN'] });
    const cookie = await sessionCookie(db, me.id);
    const p = await publisher();
    const older = await buildRequest(db, {
      ownerUserId: p.owner.id,
      institutionId: p.inst.id,
      subTypeCode: 'CLUB_LOAN',
      name: 'Older',
    });
    const newer = await buildRequest(db, {
      ownerUserId: p.owner.id,
      institutionId: p.inst.id,
      subTypeCode: 'CLUB_LOAN',
      name: 'Newer',
    });
    const withdrawn = await buildRequest(db, {
      ownerUserId: p.owner.id,
      institutionId: p.inst.id,
      subTypeCode: 'CLUB_LOAN',
    });
    for (const r of [older, newer, withdrawn]) await inTransaction(db, (trx) => onRequestPublished(trx, r.id));
    await db
      .updateTable('cooperationRequest')
      .set({ status: 'invalid', invalidReason: 'withdrawn' })
      .where('id', '=', withdrawn.id)
      .execute();

    const page = (await get('/api/bthw/myReceiveListPageBySjPush', cookie)).json().data;
    expect(page.total).toBe(2);
    expect(page.list.map((m: { request: { lgcSn: string } }) => m.request.lgcSn)).toEqual([newer.lgcSn, older.lgcSn]);
    expect(page.list[0]).toMatchObject({
      kind: 'system',
      instNm: p.inst.name,
      request: { itDpchlstRqmNm: 'Newer', status: 'effective', isMine: false, intentionStatus: 'notSent' },
    });
    expect(page.list[0].pushTime).toMatch(/^\d{4}-/);
    expect((await get('/api/bthw/myReceiveListPageByManPush', cookie)).json().data).toMatchObject({
      list: [],
      total: 0,
    });
  });
});

describe('manual push (back office)', () => {
  it('pushes to chosen institutions, messages all their active users, and lists it as pushed by the bank', async () => {
    const p = await publisher();
    const request = await buildRequest(db, {
      ownerUserId: p.owner.id,
      institutionId: p.inst.id,
      name: 'Pushed by hand',
    });
    const target = await buildInstitution(db);
    const a = await buildUser(db, { institutionId: target.id });
    const b = await buildUser(db, { institutionId: target.id, interestedTypes: ['FORFAITING'] });
    const stopped = await buildUser(db, { institutionId: target.id, status: 'stopped' });
    const second = await buildInstitution(db);
    const c = await buildUser(db, { institutionId: second.id });

    const res = await push(request.lgcSn, [target.lgcSn, second.lgcSn]);
    expect(res.json()).toMatchObject({ code: '0', data: { pushed: 2, notified: 3 } });
    for (const user of [a, b, c]) {
      const messages = await db.selectFrom('message').selectAll().where('userId', '=', user.id).execute();
      expect(messages).toEqual([
        expect.objectContaining({ type: 'match', requestId: request.id, institutionId: p.inst.id }),
      ]);
    }
    expect(await db.selectFrom('message').select('id').where('userId', '=', stopped.id).execute()).toEqual([]);
    const pushes = await db.selectFrom('cooperationPush').selectAll().where('requestId', '=', request.id).execute();
    expect(pushes).toHaveLength(2);
    expect(pushes.every((row) => row.kind === 'manual' && row.pushedBy === staff.id)).toBe(true);
    const audit = await db.selectFrom('auditLog').selectAll().where('targetId', '=', request.lgcSn).execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'cooperation.pushed', actorUserId: staff.id })]);

    const listed = (await get('/api/bthw/myReceiveListPageByManPush', await sessionCookie(db, a.id))).json().data;
    expect(listed.list).toEqual([
      expect.objectContaining({ kind: 'manual', request: expect.objectContaining({ lgcSn: request.lgcSn }) }),
    ]);
  });

  it('refuses institutions already pushed to, naming them, and writes nothing', async () => {
    const p = await publisher();
    const request = await buildRequest(db, { ownerUserId: p.owner.id, institutionId: p.inst.id });
    const first = await buildInstitution(db, { name: 'Already Bank' });
    const fresh = await buildInstitution(db);
    await buildUser(db, { institutionId: fresh.id });
    expect((await push(request.lgcSn, [first.lgcSn])).statusCode).toBe(200);
    const again = await push(request.lgcSn, [fresh.lgcSn, first.lgcSn]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PRT_ALREADY_PUSHED',
      message: 'This opportunity has already been pushed to Already Bank.',
    });
    const pushes = await db
      .selectFrom('cooperationPush')
      .select('institutionId')
      .where('requestId', '=', request.id)
      .execute();
    expect(pushes.map((row) => row.institutionId)).toEqual([first.id]);
  });

  it('refuses the request’s own institution, unknown or stopped institutions, and requests not effective', async () => {
    const p = await publisher('Own Bank');
    const request = await buildRequest(db, { ownerUserId: p.owner.id, institutionId: p.inst.id });
    const own = await push(request.lgcSn, [p.inst.lgcSn], 'zh-CN');
    expect(own.json().code).toBe('PRT_PUSH_OWN_INSTITUTION');
    expect(own.json().message).toContain(p.inst.name);
    expect((await push(request.lgcSn, ['no-such-institution'])).json().code).toBe('PRT_INSTITUTION_NOT_FOUND');
    const stoppedInst = await buildInstitution(db);
    await db.updateTable('institution').set({ status: 'stopped' }).where('id', '=', stoppedInst.id).execute();
    expect((await push(request.lgcSn, [stoppedInst.lgcSn])).json().code).toBe('PRT_INSTITUTION_NOT_FOUND');
    const other = await buildInstitution(db);
    expect((await push('no-such-request', [other.lgcSn])).json().code).toBe('PRT_REQUEST_NOT_FOUND');
    const expired = await buildRequest(db, {
      ownerUserId: p.owner.id,
      institutionId: p.inst.id,
      status: 'invalid',
      invalidReason: 'expired',
    });
    expect((await push(expired.lgcSn, [other.lgcSn])).json().code).toBe('PRT_REQUEST_NOT_EFFECTIVE');
    expect((await push(request.lgcSn, [])).statusCode).toBe(422);
  });

  it.each([
    ['en-US', undefined, 'required', 'Institutions is required.'],
    ['zh-CN', undefined, 'required', '机构不能为空。'],
    ['en-US', [], 'tooFewItems', 'Institutions needs at least 1 item(s).'],
    ['zh-CN', [], 'tooFewItems', '机构至少需要 1 项。'],
  ])(
    'names the institutions by the Push dialog’s label in %s (%j, issue 26)',
    async (locale, institutions, rule, message) => {
      const p = await publisher('Labelled Bank');
      const request = await buildRequest(db, { ownerUserId: p.owner.id, institutionId: p.inst.id });
      const res = await post(`/api/backend/cooperation/${request.lgcSn}/push`, staffCookie, { institutions }, locale);
      expect(res.statusCode).toBe(422);
      expect(res.json().data.fields).toEqual([{ field: 'institutions', rule, message }]);
    },
  );
});

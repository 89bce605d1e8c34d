import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildRequest, validReleaseBody } from '../../../test/cooperation-factories.ts';
import { buildUser, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';

const { app, database } = await buildTestApp();
const db = database.db;

async function member(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(db, overrides);
  return { user, cookie: await sessionCookie(db, user.id) };
}
const post = (url: string, cookie: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

const staff = await member({ roles: [ROLE.bankStaff] });
const owner = await member({ name: 'Olivia Owner' });
const reader = await member();

describe('back office: requests', () => {
  it('lists every published request (no drafts), searches and filters by status', async () => {
    const effective = await buildRequest(db, {
      ownerUserId: owner.user.id,
      institutionId: owner.user.institutionId!,
      name: 'Backoffice visible loan',
    });
    await buildRequest(db, {
      ownerUserId: owner.user.id,
      institutionId: owner.user.institutionId!,
      name: 'Backoffice old loan',
      status: 'invalid',
      invalidReason: 'expired',
    });
    await buildRequest(db, {
      ownerUserId: owner.user.id,
      institutionId: owner.user.institutionId!,
      name: 'Backoffice draft loan',
      status: 'draft',
    });
    const all = (await get('/api/backend/cooperation?q=backoffice', staff.cookie)).json().data;
    expect(all.list.map((i: { itDpchlstRqmNm: string }) => i.itDpchlstRqmNm).sort()).toEqual([
      'Backoffice old loan',
      'Backoffice visible loan',
    ]);
    expect(all.list.find((i: { lgcSn: string }) => i.lgcSn === effective.lgcSn)).toMatchObject({
      ownerName: 'Olivia Owner',
      ownerEmail: owner.user.email,
      takenDownNote: null,
    });
    const invalid = (await get('/api/backend/cooperation?q=backoffice&status=invalid', staff.cookie)).json().data;
    expect(invalid.total).toBe(1);
    const institutionName = (
      await db
        .selectFrom('institution')
        .select('name')
        .where('id', '=', owner.user.institutionId!)
        .executeTakeFirstOrThrow()
    ).name;
    const byInstitution = (
      await get(`/api/backend/cooperation?q=${encodeURIComponent(institutionName)}`, staff.cookie)
    ).json().data;
    expect(byInstitution.total).toBe(2);
  });

  it('takes a request down with a reason: hidden from the list and from other readers, kept for the owner', async () => {
    const request = await buildRequest(db, {
      ownerUserId: owner.user.id,
      institutionId: owner.user.institutionId!,
      name: 'Request to take down',
    });
    const inList = async () =>
      (await get('/api/bthw/listPage?q=take%20down', reader.cookie))
        .json()
        .data.list.map((i: { lgcSn: string }) => i.lgcSn);
    expect(await inList()).toEqual([request.lgcSn]);
    expect(
      (await post(`/api/backend/cooperation/${request.lgcSn}/takeDown`, staff.cookie, { reason: '' })).statusCode,
    ).toBe(422);
    const res = await post(`/api/backend/cooperation/${request.lgcSn}/takeDown`, staff.cookie, {
      reason: 'Misleading terms',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await inList()).toEqual([]);
    expect((await get(`/api/bthw/detail/${request.lgcSn}`, reader.cookie)).statusCode).toBe(404);
    expect((await get(`/api/bthw/detail/${request.lgcSn}`, owner.cookie)).json().data.item).toMatchObject({
      status: 'invalid',
      invalidReason: 'takenDown',
    });
    const row = await db
      .selectFrom('cooperationRequest')
      .selectAll()
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row.takenDownNote).toBe('Misleading terms');
    const audit = await db.selectFrom('auditLog').selectAll().where('targetId', '=', request.lgcSn).execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'cooperation.taken_down', actorUserId: staff.user.id })]);
    const again = await post(`/api/backend/cooperation/${request.lgcSn}/takeDown`, staff.cookie, { reason: 'Again' });
    expect(again.json().code).toBe('PRT_REQUEST_NOT_EFFECTIVE');
    expect((await post('/api/backend/cooperation/nope/takeDown', staff.cookie, { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('master agreement', () => {
  it('goes from required, to an intention waiting for the bank, to signed, after which forfaiting can be published', async () => {
    const user = await member();
    const colleague = await member({ institutionId: user.user.institutionId! });
    const forfaiting = validReleaseBody('FORFAITING');
    expect((await get('/api/bthw/masterAgreement', user.cookie)).json().data).toEqual({
      signed: false,
      pending: false,
    });
    expect((await post('/api/bthw/publish', user.cookie, forfaiting)).json().code).toBe(
      'PRT_MASTER_AGREEMENT_REQUIRED',
    );

    const submitted = await post('/api/bthw/masterAgreement', user.cookie, {
      subTypeCode: 'FORFAITING',
      note: 'Please send the MPA',
    });
    expect(submitted.json().data).toEqual({ signed: false, pending: true });
    expect((await get('/api/bthw/masterAgreement', colleague.cookie)).json().data).toEqual({
      signed: false,
      pending: true,
    });
    const twice = await post('/api/bthw/masterAgreement', colleague.cookie, { subTypeCode: 'RISK_PARTICIPATION' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PRT_MASTER_AGREEMENT_PENDING');
    expect((await post('/api/bthw/publish', user.cookie, forfaiting)).json().code).toBe(
      'PRT_MASTER_AGREEMENT_REQUIRED',
    );

    const queue = (await get('/api/backend/masterAgreements', staff.cookie)).json().data;
    const item = queue.list.find((i: { userEmail: string }) => i.userEmail === user.user.email);
    expect(item).toMatchObject({
      subTypeCode: 'FORFAITING',
      note: 'Please send the MPA',
      status: 'submitted',
      signedAt: null,
    });
    expect((await post(`/api/backend/masterAgreements/${item.lgcSn}/signed`, staff.cookie)).statusCode).toBe(200);
    expect((await post(`/api/backend/masterAgreements/${item.lgcSn}/signed`, staff.cookie)).json().code).toBe(
      'PRT_MASTER_AGREEMENT_SIGNED',
    );
    expect((await post('/api/backend/masterAgreements/nope/signed', staff.cookie)).statusCode).toBe(404);
    const signedList = (await get('/api/backend/masterAgreements?status=signed', staff.cookie)).json().data;
    expect(signedList.list.map((i: { lgcSn: string }) => i.lgcSn)).toContain(item.lgcSn);

    expect((await get('/api/bthw/masterAgreement', user.cookie)).json().data).toEqual({ signed: true, pending: false });
    expect((await post('/api/bthw/masterAgreement', user.cookie, { subTypeCode: 'FORFAITING' })).json().code).toBe(
      'PRT_MASTER_AGREEMENT_SIGNED',
    );
    // Any colleague of the institution may now publish both sub-types.
    expect((await post('/api/bthw/publish', colleague.cookie, validReleaseBody('RISK_PARTICIPATION'))).statusCode).toBe(
      200,
    );
    const actions = await db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', item.lgcSn)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['master_agreement.submitted', 'master_agreement.signed']);
  });
});

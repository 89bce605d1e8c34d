import { randomUUID } from 'node:crypto';
import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import {
  buildFollow,
  buildMasterAgreement,
  buildRequest,
  isoDay,
  validReleaseBody,
} from '../../../test/cooperation-factories.ts';
import { buildInstitution, buildUser, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';

const { app, database } = await buildTestApp();
const db = database.db;

async function member(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(db, overrides);
  return { user, cookie: await sessionCookie(db, user.id) };
}
const post = (url: string, cookie: string, payload: object = {}, lang = 'en-US') =>
  app.inject({ method: 'POST', url, headers: { cookie, 'accept-language': lang }, payload });
const get = (url: string, cookie: string, lang = 'en-US') =>
  app.inject({ method: 'GET', url, headers: { cookie, 'accept-language': lang } });

async function uploadedFile(ownerUserId: number, name = 'terms.pdf') {
  return db
    .insertInto('fileObject')
    .values({
      lgcSn: randomUUID(),
      purpose: 'attachment',
      originalName: name,
      mime: 'application/pdf',
      sizeBytes: 1234,
      sha256: 'a'.repeat(64),
      storageKey: randomUUID(),
      ownerUserId,
      ownerEmail: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const alice = await member();
const aliceColleague = await member({ institutionId: alice.user.institutionId! });
const bob = await member();
const staff = await member({ roles: [ROLE.bankStaff] });

describe('publish', () => {
  it('publishes a request that the lists and the detail page then show, with an audit record', async () => {
    const body = validReleaseBody('BILATERAL_LOAN', { itDpchlstRqmNm: 'Loan for shipping', amount: '1234567.5' });
    const res = await post('/api/bthw/publish', alice.cookie, body);
    expect(res.statusCode, res.body).toBe(200);
    const { lgcSn } = res.json().data;
    const row = await db
      .selectFrom('cooperationRequest')
      .selectAll()
      .where('lgcSn', '=', lgcSn)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'effective',
      typeCode: 'INTERBANK_LOAN',
      subTypeCode: 'BILATERAL_LOAN',
      direction: 'REQUEST_FUNDING',
      categoryCode: 'FUNDS_IN',
      name: 'Loan for shipping',
      currency: 'USD',
      commonTerm: 'D180',
      ownerUserId: alice.user.id,
    });
    expect(Number(row.amount)).toBe(1234567.5);
    expect(row.publishedAt).not.toBeNull();
    expect(row.fields).toMatchObject({ rateType: 'FIXED', rateMin: 2.5 });
    const audit = await db.selectFrom('auditLog').selectAll().where('targetId', '=', lgcSn).execute();
    expect(audit.map((a) => a.action)).toEqual(['cooperation.published']);

    const detail = (await get(`/api/bthw/detail/${lgcSn}`, bob.cookie)).json().data;
    expect(detail.item).toMatchObject({
      itDpchlstRqmNm: 'Loan for shipping',
      idcstAstIvsAmtName: 'USD 1,234,567.50',
      bscrcCoAgrmTmdt: '180 days',
      price: '3.25%',
      astPrjTpcdName: 'Bilateral loan',
      isMine: false,
      intentionStatus: 'notSent',
    });
    expect(detail).toMatchObject({ formKind: 'loan', canEdit: false, canSendIntention: true, owner: null });
    const zh = (await get(`/api/bthw/detail/${lgcSn}`, bob.cookie, 'zh-CN')).json().data;
    expect(zh.item).toMatchObject({ astPrjTpcdName: '双边贷款', bscrcCoAgrmTmdt: '180天', cmavyTpcdName: '美元' });
  });

  it('runs matching in the publish transaction: interested institutions get a push and a message', async () => {
    const interested = await member({ interestedTypes: ['REVOLVING_LOAN'] });
    const res = await post('/api/bthw/publish', alice.cookie, validReleaseBody('REVOLVING_LOAN'));
    const request = await db
      .selectFrom('cooperationRequest')
      .select('id')
      .where('lgcSn', '=', res.json().data.lgcSn)
      .executeTakeFirstOrThrow();
    const pushes = await db.selectFrom('cooperationPush').selectAll().where('requestId', '=', request.id).execute();
    expect(pushes).toEqual([expect.objectContaining({ institutionId: interested.user.institutionId, kind: 'system' })]);
    const messages = await db.selectFrom('message').selectAll().where('userId', '=', interested.user.id).execute();
    expect(messages).toEqual([expect.objectContaining({ type: 'match', requestId: request.id })]);
  });

  it('rejects a choice that does not lead to the sub-type or direction', async () => {
    const wrongSub = validReleaseBody('BILATERAL_LOAN', { choiceCode: 'FUNDS_IN_CLUB_LOAN' });
    expect((await post('/api/bthw/publish', alice.cookie, wrongSub)).json().code).toBe('PRT_CHOICE_MISMATCH');
    const wrongDirection = validReleaseBody('BILATERAL_LOAN', {
      direction: 'PROVIDE_FUNDING',
      choiceCode: 'FUNDS_IN_BILATERAL_LOAN',
    });
    const res = await post('/api/bthw/publish', alice.cookie, wrongDirection);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('PRT_CHOICE_MISMATCH');
  });

  it('needs a signed master agreement for forfaiting, except for the bank itself', async () => {
    const body = validReleaseBody('FORFAITING');
    expect((await post('/api/bthw/publish', bob.cookie, body)).json().code).toBe('PRT_MASTER_AGREEMENT_REQUIRED');
    const bankInstitution = await buildInstitution(db);
    await db.updateTable('institution').set({ kind: 'bank' }).where('id', '=', bankInstitution.id).execute();
    const branch = await member({ institutionId: bankInstitution.id });
    expect((await post('/api/bthw/publish', branch.cookie, body)).statusCode).toBe(200);
    const signed = await member();
    await buildMasterAgreement(db, { institutionId: signed.user.institutionId!, userId: signed.user.id });
    expect((await post('/api/bthw/publish', signed.cookie, body)).statusCode).toBe(200);
  });

  it("attaches the caller's own uploads, and refuses someone else's", async () => {
    const mine = await uploadedFile(alice.user.id, 'mine.pdf');
    const theirs = await uploadedFile(bob.user.id, 'theirs.pdf');
    const refused = await post(
      '/api/bthw/publish',
      alice.cookie,
      validReleaseBody('BILATERAL_LOAN', { attachments: [theirs.lgcSn] }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data.fields[0]).toMatchObject({ field: 'attachments', rule: 'invalid' });
    const res = await post(
      '/api/bthw/publish',
      alice.cookie,
      validReleaseBody('BILATERAL_LOAN', { attachments: [mine.lgcSn] }),
    );
    const { lgcSn } = res.json().data;
    const file = await db
      .selectFrom('fileObject')
      .select('attachedTo')
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(file.attachedTo).toBe(`cooperation:${lgcSn}`);
    const detail = (await get(`/api/bthw/detail/${lgcSn}`, bob.cookie)).json().data;
    expect(detail.attachments).toEqual([{ lgcSn: mine.lgcSn, name: 'mine.pdf', size: 1234, mime: 'application/pdf' }]);
    // Already attached to that request: cannot be attached to another one.
    const again = await post(
      '/api/bthw/publish',
      alice.cookie,
      validReleaseBody('BILATERAL_LOAN', { attachments: [mine.lgcSn] }),
    );
    expect(again.json().code).toBe('PRT_VALIDATION');
  });

  it('rolls everything back when a step fails (no request without its attachments)', async () => {
    const mine = await uploadedFile(alice.user.id, 'kept-free.pdf');
    const theirs = await uploadedFile(bob.user.id, 'not-alices.pdf');
    const requests = () =>
      db
        .selectFrom('cooperationRequest')
        .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('id').as('lastId')])
        .executeTakeFirstOrThrow();
    const audits = () =>
      db
        .selectFrom('auditLog')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    const before = await requests();
    const auditsBefore = await audits();
    const name = `Rolled back ${randomUUID().slice(0, 8)}`;
    const body = validReleaseBody('BILATERAL_LOAN', { itDpchlstRqmNm: name, attachments: [mine.lgcSn, theirs.lgcSn] });
    // The form is valid: the refusal comes from claiming the attachments, after the row is written.
    const res = await post('/api/bthw/publish', alice.cookie, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'PRT_VALIDATION',
      data: { fields: [{ field: 'attachments', rule: 'invalid' }] },
    });
    expect(res.json().data.fields).toHaveLength(1);

    expect(await requests()).toEqual(before);
    expect(await audits()).toEqual(auditsBefore);
    const files = await db
      .selectFrom('fileObject')
      .select(['lgcSn', 'attachedTo'])
      .where('lgcSn', 'in', [mine.lgcSn, theirs.lgcSn])
      .execute();
    expect(files.every((f) => f.attachedTo === null)).toBe(true);
    expect(
      (await get('/api/bthw/myListPage?pageSize=100', alice.cookie))
        .json()
        .data.list.map((i: { itDpchlstRqmNm: string }) => i.itDpchlstRqmNm),
    ).not.toContain(name);

    // The refused publish had written its row (its id is gone with the rollback): the next one skips it.
    const next = await post('/api/bthw/publish', alice.cookie, { ...body, attachments: [mine.lgcSn] });
    expect(next.statusCode, next.body).toBe(200);
    const row = await db
      .selectFrom('cooperationRequest')
      .select('id')
      .where('lgcSn', '=', next.json().data.lgcSn)
      .executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(before.lastId + 1);
  });
});

describe('drafts', () => {
  it('saves a draft at any step, shows it to its owner only, and publishes it', async () => {
    const first = await post('/api/bthw/saveDraft', alice.cookie, { categoryCode: 'FUNDS_OUT' });
    expect(first.statusCode, first.body).toBe(200);
    const { lgcSn } = first.json().data;
    const saved = await post('/api/bthw/saveDraft', alice.cookie, {
      categoryCode: 'FUNDS_OUT',
      draftLgcSn: lgcSn,
      choiceCode: 'FUNDS_OUT_CLUB_LOAN',
      itDpchlstRqmNm: '',
      amount: '250000',
    });
    expect(saved.json().data.lgcSn).toBe(lgcSn);
    const list = (await get('/api/bthw/queryDraftByPage', alice.cookie)).json().data;
    expect(list.list).toEqual([
      expect.objectContaining({ lgcSn, itDpchlstRqmNm: '', subTypeCode: 'CLUB_LOAN', astPrjTpcdName: 'Club loan' }),
    ]);
    const detail = (await get(`/api/bthw/detailDraft/${lgcSn}`, alice.cookie)).json().data;
    expect(detail.fields).toMatchObject({
      choiceCode: 'FUNDS_OUT_CLUB_LOAN',
      direction: 'PROVIDE_FUNDING',
      amount: '250000',
    });

    // Invisible to anyone else, colleagues included.
    for (const other of [bob, aliceColleague]) {
      expect((await get(`/api/bthw/detailDraft/${lgcSn}`, other.cookie)).json().code).toBe('PRT_DRAFT_NOT_FOUND');
      expect((await get(`/api/bthw/detail/${lgcSn}`, other.cookie)).json().code).toBe('PRT_REQUEST_NOT_FOUND');
      expect((await post(`/api/bthw/delDraftById/${lgcSn}`, other.cookie)).json().code).toBe('PRT_DRAFT_NOT_FOUND');
      const publishTheirs = await post('/api/bthw/publish', other.cookie, {
        ...validReleaseBody('CLUB_LOAN', { direction: 'PROVIDE_FUNDING' }),
        draftLgcSn: lgcSn,
      });
      expect(publishTheirs.json().code).toBe('PRT_DRAFT_NOT_FOUND');
    }
    expect((await get('/api/bthw/queryDraftByPage', bob.cookie)).json().data.total).toBe(0);
    const listed = (await get('/api/bthw/listPage?pageSize=100', bob.cookie)).json().data.list;
    expect(listed.map((i: { lgcSn: string }) => i.lgcSn)).not.toContain(lgcSn);

    const published = await post('/api/bthw/publish', alice.cookie, {
      ...validReleaseBody('CLUB_LOAN', { direction: 'PROVIDE_FUNDING' }),
      draftLgcSn: lgcSn,
    });
    expect(published.json().data.lgcSn).toBe(lgcSn);
    expect((await get('/api/bthw/queryDraftByPage', alice.cookie)).json().data.total).toBe(0);
    expect((await get(`/api/bthw/detail/${lgcSn}`, bob.cookie)).json().data.item.status).toBe('effective');
    // No longer a draft: cannot be deleted or published again as one.
    expect((await post(`/api/bthw/delDraftById/${lgcSn}`, alice.cookie)).json().code).toBe('PRT_DRAFT_NOT_FOUND');
  });

  it('checks types and lengths of what a draft holds', async () => {
    const res = await post('/api/bthw/saveDraft', alice.cookie, {
      categoryCode: 'FUNDS_IN',
      choiceCode: 'FUNDS_IN_BILATERAL_LOAN',
      itDpchlstRqmNm: 'x'.repeat(101),
      financingCostBps: 5000,
    });
    expect(res.statusCode).toBe(422);
    const fields = res.json().data.fields.map((f: { field: string; rule: string }) => `${f.field}:${f.rule}`);
    expect(fields).toEqual(expect.arrayContaining(['itDpchlstRqmNm:tooLong', 'financingCostBps:max']));
    const mismatch = await post('/api/bthw/saveDraft', alice.cookie, {
      categoryCode: 'FUNDS_IN',
      choiceCode: 'FUNDS_OUT_CLUB_LOAN',
    });
    expect(mismatch.json().code).toBe('PRT_CHOICE_MISMATCH');
  });

  it('deletes a draft for its owner and lets its attachments go', async () => {
    const file = await uploadedFile(alice.user.id);
    const { lgcSn } = (
      await post('/api/bthw/saveDraft', alice.cookie, { categoryCode: 'PROJECT', attachments: [file.lgcSn] })
    ).json().data;
    expect((await get(`/api/bthw/detailDraft/${lgcSn}`, alice.cookie)).json().data.attachments).toHaveLength(1);
    expect((await post(`/api/bthw/delDraftById/${lgcSn}`, alice.cookie)).statusCode).toBe(200);
    expect((await get(`/api/bthw/detailDraft/${lgcSn}`, alice.cookie)).json().code).toBe('PRT_DRAFT_NOT_FOUND');
    const row = await db
      .selectFrom('fileObject')
      .select('attachedTo')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(row.attachedTo).toBeNull();
  });
});

describe('edit and withdraw', () => {
  it('lets only the owner edit or withdraw an effective request', async () => {
    const { lgcSn } = (await post('/api/bthw/publish', alice.cookie, validReleaseBody('BILATERAL_LOAN'))).json().data;
    const edited = validReleaseBody('BILATERAL_LOAN', { itDpchlstRqmNm: 'Edited name', price: 4 });
    for (const other of [bob, aliceColleague]) {
      const res = await post(`/api/bthw/update/${lgcSn}`, other.cookie, edited);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PRT_NOT_REQUEST_OWNER');
      expect((await post(`/api/bthw/invalidate/${lgcSn}`, other.cookie)).json().code).toBe('PRT_NOT_REQUEST_OWNER');
    }
    expect((await post(`/api/bthw/update/${lgcSn}`, alice.cookie, { ...edited, price: 101 })).statusCode).toBe(422);
    expect((await post(`/api/bthw/update/${lgcSn}`, alice.cookie, edited)).statusCode).toBe(200);
    const detail = (await get(`/api/bthw/detail/${lgcSn}`, alice.cookie)).json().data;
    expect(detail.item).toMatchObject({ itDpchlstRqmNm: 'Edited name', price: '4.00%', isMine: true });
    expect(detail.canEdit).toBe(true);
    expect(detail.canSendIntention).toBe(false);
    expect((await get(`/api/bthw/detail/${lgcSn}`, aliceColleague.cookie)).json().data).toMatchObject({
      canEdit: false,
      canSendIntention: false,
      owner: null,
    });

    expect((await post(`/api/bthw/invalidate/${lgcSn}`, alice.cookie)).statusCode).toBe(200);
    const row = await db
      .selectFrom('cooperationRequest')
      .selectAll()
      .where('lgcSn', '=', lgcSn)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'invalid', invalidReason: 'withdrawn' });
    expect((await post(`/api/bthw/update/${lgcSn}`, alice.cookie, edited)).json().code).toBe(
      'PRT_REQUEST_NOT_EFFECTIVE',
    );
    expect((await post(`/api/bthw/invalidate/${lgcSn}`, alice.cookie)).statusCode).toBe(409);
    expect((await get(`/api/bthw/detail/${lgcSn}`, alice.cookie)).json().data.canEdit).toBe(false);
    expect((await post('/api/bthw/invalidate/no-such-request', alice.cookie)).statusCode).toBe(404);
  });
});

describe('lists', async () => {
  // A world of its own: two publishers in different countries.
  const hk = await buildInstitution(db, { name: 'Harbour Lists Bank', country: 'HK' });
  const sg = await buildInstitution(db, { name: 'Lion Lists Bank', country: 'SG' });
  const hkUser = await member({ institutionId: hk.id });
  const sgUser = await member({ institutionId: sg.id });
  const reader = await member();
  const tag = `L${randomUUID().slice(0, 6)}`;
  const day = (n: number) => new Date(Date.now() - n * 86_400_000);
  const r1 = await buildRequest(db, {
    ownerUserId: hkUser.user.id,
    institutionId: hk.id,
    subTypeCode: 'BILATERAL_LOAN',
    direction: 'REQUEST_FUNDING',
    name: `${tag} alpha loan`,
    publishedAt: day(3),
    bankBranch: 'HK_BRANCH',
  });
  const r2 = await buildRequest(db, {
    ownerUserId: sgUser.user.id,
    institutionId: sg.id,
    subTypeCode: 'FORFAITING',
    name: `${tag} beta forfaiting`,
    publishedAt: day(2),
    scopeCountries: ['SG'],
  });
  const r3 = await buildRequest(db, {
    ownerUserId: hkUser.user.id,
    institutionId: hk.id,
    subTypeCode: 'SYNDICATED_LOAN',
    direction: 'PROVIDE_FUNDING',
    name: `${tag} gamma syndicated`,
    publishedAt: day(1),
  });
  await buildRequest(db, {
    ownerUserId: hkUser.user.id,
    institutionId: hk.id,
    name: `${tag} withdrawn`,
    status: 'invalid',
  });
  await buildRequest(db, {
    ownerUserId: hkUser.user.id,
    institutionId: hk.id,
    name: `${tag} taken down`,
    status: 'invalid',
    invalidReason: 'takenDown',
  });
  await buildRequest(db, { ownerUserId: hkUser.user.id, institutionId: hk.id, name: `${tag} draft`, status: 'draft' });

  const names = async (query: string) => {
    const res = await get(`/api/bthw/listPage?q=${tag}&pageSize=50${query}`, reader.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.list.map((i: { itDpchlstRqmNm: string }) => i.itDpchlstRqmNm.replace(`${tag} `, ''));
  };

  it('lists effective requests only, newest first', async () => {
    expect(await names('')).toEqual(['gamma syndicated', 'beta forfaiting', 'alpha loan']);
  });

  it.each([
    ['&direction=PROVIDE_FUNDING', ['gamma syndicated']],
    ['&direction=REQUEST_FUNDING', ['beta forfaiting', 'alpha loan']],
    ['&typeCode=INTERBANK_LOAN', ['gamma syndicated', 'alpha loan']],
    ['&typeCode=FORFAITING', ['beta forfaiting']],
    ['&institution=harbour', ['gamma syndicated', 'alpha loan']],
    ['&country=SG', ['beta forfaiting']],
    ['&bankBranch=HK_BRANCH', ['alpha loan']],
    ['&scopeCountry=SG', ['gamma syndicated', 'beta forfaiting', 'alpha loan']],
    ['&scopeCountry=HK', ['gamma syndicated', 'alpha loan']],
    [`&releaseFrom=${isoDay(-2)}`, ['gamma syndicated', 'beta forfaiting']],
    [`&releaseTo=${isoDay(-3)}`, ['alpha loan']],
    ['&typeCode=INTERBANK_LOAN&direction=REQUEST_FUNDING&institution=harbour', ['alpha loan']],
  ])('filters by %s', async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('pages, with the total', async () => {
    const page = async (n: number) =>
      (await get(`/api/bthw/listPage?q=${tag}&pageSize=2&pageNo=${n}`, reader.cookie)).json().data;
    const p1 = await page(1);
    const p2 = await page(2);
    expect(p1).toMatchObject({ total: 3, totalCapped: false, pageNo: 1, pageSize: 2 });
    expect(p1.list).toHaveLength(2);
    expect(p2.list.map((i: { lgcSn: string }) => i.lgcSn)).toEqual([r1.lgcSn]);
    // A page past the end has no rows but still the total (read on its own then).
    expect(await page(3)).toMatchObject({ list: [], total: 3, totalCapped: false, pageNo: 3 });
  });

  it("marks the reader's follows and intentions, and the publisher's own", async () => {
    await buildFollow(db, reader.user.id, r2.id);
    await db
      .insertInto('cooperationIntention')
      .values({
        lgcSn: randomUUID(),
        requestId: r3.id,
        senderUserId: reader.user.id,
        senderInstitutionId: reader.user.institutionId!,
        recipientInstitutionId: hk.id,
        message: 'Interested',
      })
      .execute();
    const list = (await get(`/api/bthw/listPage?q=${tag}`, reader.cookie)).json().data.list;
    expect(list.map((i: { followed: boolean }) => i.followed)).toEqual([false, true, false]);
    expect(list.map((i: { intentionStatus: string }) => i.intentionStatus)).toEqual(['pending', 'notSent', 'notSent']);
    const own = (await get(`/api/bthw/listPage?q=${tag}`, hkUser.cookie)).json().data.list;
    expect(own.map((i: { isMine: boolean }) => i.isMine)).toEqual([true, false, true]);
  });

  it('lists my released requests with their counts', async () => {
    const data = (await get('/api/bthw/myListPage', hkUser.cookie)).json().data;
    expect(data.total).toBe(4);
    const gamma = data.list.find((i: { lgcSn: string }) => i.lgcSn === r3.lgcSn);
    expect(gamma).toMatchObject({ intentionCount: 1, agreedCount: 0, pushedCount: 0 });
    expect((await get('/api/bthw/myListPage?status=effective', hkUser.cookie)).json().data.total).toBe(2);
    expect((await get('/api/bthw/myListPage?status=invalid', hkUser.cookie)).json().data.total).toBe(2);
  });
});

describe('follow', () => {
  it('toggles; only effective requests can be newly followed; unfollow always works', async () => {
    const request = await buildRequest(db, { ownerUserId: alice.user.id, institutionId: alice.user.institutionId! });
    const toggle = () => post(`/api/bthw/collect/${request.lgcSn}`, bob.cookie);
    expect((await toggle()).json().data).toEqual({ followed: true });
    const followed = (await get('/api/bthw/collectListPage', bob.cookie)).json().data;
    expect(followed.list.map((i: { lgcSn: string; followed: boolean }) => [i.lgcSn, i.followed])).toEqual([
      [request.lgcSn, true],
    ]);
    expect((await toggle()).json().data).toEqual({ followed: false });
    expect((await get('/api/bthw/collectListPage', bob.cookie)).json().data.total).toBe(0);

    await toggle();
    await db
      .updateTable('cooperationRequest')
      .set({ status: 'invalid', invalidReason: 'expired' })
      .where('id', '=', request.id)
      .execute();
    expect((await toggle()).json().data).toEqual({ followed: false });
    const refollow = await toggle();
    expect(refollow.statusCode).toBe(409);
    expect(refollow.json().code).toBe('PRT_REQUEST_NOT_EFFECTIVE');
    expect((await post('/api/bthw/collect/no-such-request', bob.cookie)).json().code).toBe('PRT_REQUEST_NOT_FOUND');
  });
});

describe('detail visibility', () => {
  it('shows a taken-down request to its owner and bank staff only', async () => {
    const request = await buildRequest(db, {
      ownerUserId: alice.user.id,
      institutionId: alice.user.institutionId!,
      status: 'invalid',
      invalidReason: 'takenDown',
    });
    const url = `/api/bthw/detail/${request.lgcSn}`;
    expect((await get(url, alice.cookie)).json().data.item.invalidReason).toBe('takenDown');
    expect((await get(url, staff.cookie)).statusCode).toBe(200);
    expect((await get(url, bob.cookie)).json().code).toBe('PRT_REQUEST_NOT_FOUND');
    expect((await get(url, aliceColleague.cookie)).statusCode).toBe(404);
  });

  it('shows an expired request to everyone, but no longer open to intentions', async () => {
    const request = await buildRequest(db, {
      ownerUserId: alice.user.id,
      institutionId: alice.user.institutionId!,
      status: 'invalid',
      invalidReason: 'expired',
    });
    const detail = (await get(`/api/bthw/detail/${request.lgcSn}`, bob.cookie)).json().data;
    expect(detail).toMatchObject({ canSendIntention: false, canEdit: false });
  });

  it('gives the owner the counts and the intentions received, and others their own intention', async () => {
    const request = await buildRequest(db, { ownerUserId: alice.user.id, institutionId: alice.user.institutionId! });
    await db
      .insertInto('cooperationIntention')
      .values({
        lgcSn: randomUUID(),
        requestId: request.id,
        senderUserId: bob.user.id,
        senderInstitutionId: bob.user.institutionId!,
        recipientInstitutionId: alice.user.institutionId!,
        message: 'We can fund half.',
      })
      .execute();
    const owner = (await get(`/api/bthw/detail/${request.lgcSn}`, alice.cookie)).json().data;
    expect(owner.owner).toMatchObject({ intentionCount: 1, agreedCount: 0, pushedCount: 0 });
    expect(owner.owner.intentions).toEqual([
      expect.objectContaining({ message: 'We can fund half.', status: 'pending', canAnswer: true, handled: false }),
    ]);
    const sender = (await get(`/api/bthw/detail/${request.lgcSn}`, bob.cookie)).json().data;
    expect(sender.owner).toBeNull();
    expect(sender.myIntention).toMatchObject({ message: 'We can fund half.', canAnswer: false });
    expect(sender.item.intentionStatus).toBe('pending');
    expect(sender.canSendIntention).toBe(false);
    expect(sender.publisher).toMatchObject({ contactName: 'Test Contact', contactEmail: 'contact@bank.example' });
  });
});

describe('countries', () => {
  it('serves the countries and regions with their continents, without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/signet/new/countries' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data.list;
    expect(list.length).toBeGreaterThanOrEqual(240);
    expect(list.find((c: { code: string }) => c.code === 'HK')).toMatchObject({
      zh: expect.any(String),
      continent: 'ASIA',
    });
  });
});

import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../../test/cooperation-factories.ts';
import { buildInstitution, buildUser, lastMailTo, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { itOnPostgres } from '../../../test/postgres-only.ts';

const { app, database, config } = await buildTestApp();
const db = database.db;

const post = async (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = async (url: string, cookie: string, locale = 'en-US') =>
  app.inject({ method: 'GET', url, headers: { cookie, 'accept-language': locale } });

const staff = await buildUser(db, { roles: [ROLE.bankStaff] });

/** A publisher (Chinese-speaking owner) with an effective request, and a counterpart institution. */
async function scene(options: { status?: 'effective' | 'invalid' | 'draft'; validUntil?: string } = {}) {
  const ownerInst = await buildInstitution(db, { name: `Owner Bank ${Math.random().toString(36).slice(2, 7)}` });
  const owner = await buildUser(db, { institutionId: ownerInst.id, locale: 'zh-CN', name: 'Li Wei' });
  const colleague = await buildUser(db, { institutionId: ownerInst.id });
  const request = await buildRequest(db, {
    ownerUserId: owner.id,
    institutionId: ownerInst.id,
    name: 'USD 5m bilateral loan',
    ...(options.status ? { status: options.status } : {}),
    ...(options.validUntil ? { validUntil: options.validUntil } : {}),
  });
  const senderInst = await buildInstitution(db, { name: `Sender Bank ${Math.random().toString(36).slice(2, 7)}` });
  const sender = await buildUser(db, { institutionId: senderInst.id, name: 'Ann Lee', locale: 'en-US' });
  const senderColleague = await buildUser(db, { institutionId: senderInst.id });
  return {
    ownerInst,
    owner,
    ownerCookie: await sessionCookie(db, owner.id),
    colleagueCookie: await sessionCookie(db, colleague.id),
    request,
    senderInst,
    sender,
    senderCookie: await sessionCookie(db, sender.id),
    senderColleagueCookie: await sessionCookie(db, senderColleague.id),
  };
}

const send = (cookie: string, requestLgcSn: string, message = 'We would like to discuss the pricing.') =>
  post('/api/bthw/SendBthw', cookie, { requestLgcSn, message });
const answer = (cookie: string, intentionLgcSn: string, decision: 'agree' | 'refuse') =>
  post('/api/bthw/agreeOrRefuse', cookie, { intentionLgcSn, decision });

const messagesOf = (userId: number) =>
  db.selectFrom('message').selectAll().where('userId', '=', userId).orderBy('id').execute();

describe('sending an intention', () => {
  it('records it, tells the owner by message and by e-mail in the owner’s language, and audits it', async () => {
    const s = await scene();
    const res = await send(s.senderCookie, s.request.lgcSn);
    expect(res.statusCode).toBe(200);
    const lgcSn = res.json().data.lgcSn as string;

    const row = await db
      .selectFrom('cooperationIntention')
      .selectAll()
      .where('lgcSn', '=', lgcSn)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      requestId: s.request.id,
      senderUserId: s.sender.id,
      senderInstitutionId: s.senderInst.id,
      recipientInstitutionId: s.ownerInst.id,
      status: 'pending',
    });
    expect(await messagesOf(s.owner.id)).toEqual([
      expect.objectContaining({ type: 'intentionReceived', requestId: s.request.id, institutionId: s.senderInst.id }),
    ]);
    const { mail } = await lastMailTo(db, s.owner.email);
    expect(mail).toMatchObject({ template: 'intentionReceived', locale: 'zh-CN' });
    expect(mail!.subject).toContain('USD 5m bilateral loan');
    expect(mail!.textBody).toContain('尊敬的Li Wei');
    expect(mail!.textBody).toContain('We would like to discuss the pricing.');
    expect(mail!.textBody).toContain(`${config.publicBaseUrl}/cooperationDetail?lgcSn=${s.request.lgcSn}`);
    const audit = await db.selectFrom('auditLog').selectAll().where('targetId', '=', lgcSn).execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'cooperation.intention_sent', actorUserId: s.sender.id }),
    ]);
  });

  it('refuses one to a request of one’s own institution', async () => {
    const s = await scene();
    expect((await send(s.colleagueCookie, s.request.lgcSn)).json().code).toBe('PRT_OWN_INSTITUTION_REQUEST');
  });

  it('refuses a second one from the same institution, even from a colleague', async () => {
    const s = await scene();
    expect((await send(s.senderCookie, s.request.lgcSn)).statusCode).toBe(200);
    const again = await send(s.senderColleagueCookie, s.request.lgcSn);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PRT_INTENTION_EXISTS');
  });

  itOnPostgres('lets only one of two simultaneous sends from one institution through', async () => {
    const s = await scene();
    const results = await Promise.all([
      send(s.senderCookie, s.request.lgcSn),
      send(s.senderColleagueCookie, s.request.lgcSn),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await db
      .selectFrom('cooperationIntention')
      .select('id')
      .where('requestId', '=', s.request.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses one to a request that is not effective, and hides drafts and unknown requests', async () => {
    const withdrawn = await scene({ status: 'invalid' });
    expect((await send(withdrawn.senderCookie, withdrawn.request.lgcSn)).json().code).toBe('PRT_REQUEST_NOT_EFFECTIVE');
    const pastValidity = await scene({ validUntil: '2020-01-31' });
    expect((await send(pastValidity.senderCookie, pastValidity.request.lgcSn)).json().code).toBe(
      'PRT_REQUEST_NOT_EFFECTIVE',
    );
    const draft = await scene({ status: 'draft' });
    expect((await send(draft.senderCookie, draft.request.lgcSn)).json().code).toBe('PRT_REQUEST_NOT_FOUND');
    expect((await send(draft.senderCookie, 'no-such-request')).json().code).toBe('PRT_REQUEST_NOT_FOUND');
  });

  it('checks the message (required, at most 500 characters)', async () => {
    const s = await scene();
    expect((await send(s.senderCookie, s.request.lgcSn, '   ')).statusCode).toBe(422);
    expect((await send(s.senderCookie, s.request.lgcSn, 'x'.repeat(501))).statusCode).toBe(422);
  });

  it.each([
    ['en-US', 'Message to the publisher is required.'],
    ['zh-CN', '给发布方的留言不能为空。'],
  ])('names the message by the dialog’s label in %s', async (locale, message) => {
    const s = await scene();
    const res = await app.inject({
      method: 'POST',
      url: '/api/bthw/SendBthw',
      headers: { cookie: s.senderCookie, 'accept-language': locale },
      payload: { requestLgcSn: s.request.lgcSn, message: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields).toEqual([{ field: 'message', rule: 'required', message }]);
  });
});

describe('answering an intention', () => {
  it('agrees once: the sender gets a message and an e-mail in English, bank staff a reached message', async () => {
    const s = await scene();
    const lgcSn = (await send(s.senderCookie, s.request.lgcSn)).json().data.lgcSn as string;
    const res = await answer(s.colleagueCookie, lgcSn, 'agree');
    expect(res.json()).toMatchObject({ code: '0', data: { status: 'agreed' } });

    expect(await messagesOf(s.sender.id)).toEqual([
      expect.objectContaining({ type: 'intentionAgreed', requestId: s.request.id, institutionId: s.ownerInst.id }),
    ]);
    const reached = (await messagesOf(staff.id)).filter((m) => m.type === 'intentionReached');
    expect(reached).toEqual([expect.objectContaining({ requestId: s.request.id, institutionId: s.senderInst.id })]);
    const { mail } = await lastMailTo(db, s.sender.email);
    expect(mail).toMatchObject({ template: 'intentionAnswered', locale: 'en-US' });
    expect(mail!.subject).toMatch(/has been agreed/);
    expect(mail!.textBody).toContain(s.ownerInst.name);
    const row = await db
      .selectFrom('cooperationIntention')
      .selectAll()
      .where('lgcSn', '=', lgcSn)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'agreed', respondedBy: expect.any(Number) });
    expect(row.respondedAt).not.toBeNull();

    const twice = await answer(s.ownerCookie, lgcSn, 'refuse');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PRT_INTENTION_ANSWERED');
  });

  it('refuses: the sender is told, bank staff are not', async () => {
    const s = await scene();
    const lgcSn = (await send(s.senderCookie, s.request.lgcSn)).json().data.lgcSn as string;
    const staffBefore = (await messagesOf(staff.id)).length;
    expect((await answer(s.ownerCookie, lgcSn, 'refuse')).json().data.status).toBe('rejected');
    expect((await messagesOf(s.sender.id)).map((m) => m.type)).toEqual(['intentionRejected']);
    expect((await messagesOf(staff.id)).length).toBe(staffBefore);
    expect((await lastMailTo(db, s.sender.email)).mail!.subject).toMatch(/declined/);
  });

  it('may be answered only by users of the receiving institution', async () => {
    const s = await scene();
    const lgcSn = (await send(s.senderCookie, s.request.lgcSn)).json().data.lgcSn as string;
    const bySender = await answer(s.senderColleagueCookie, lgcSn, 'agree');
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json().code).toBe('PRT_NOT_INTENTION_RECIPIENT');
    const stranger = await buildUser(db);
    expect((await answer(await sessionCookie(db, stranger.id), lgcSn, 'agree')).json().code).toBe(
      'PRT_NOT_INTENTION_RECIPIENT',
    );
    expect((await answer(s.ownerCookie, 'no-such-intention', 'agree')).json().code).toBe('PRT_INTENTION_NOT_FOUND');
  });

  itOnPostgres('lets only one of two simultaneous answers through', async () => {
    const s = await scene();
    const lgcSn = (await send(s.senderCookie, s.request.lgcSn)).json().data.lgcSn as string;
    const results = await Promise.all([
      answer(s.ownerCookie, lgcSn, 'agree'),
      answer(s.colleagueCookie, lgcSn, 'refuse'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await messagesOf(s.sender.id)).length).toBe(1);
  });
});

describe('my cooperation', () => {
  it('lists the intentions sent and received by the reader’s institution, with who may answer', async () => {
    const s = await scene();
    const first = (await send(s.senderCookie, s.request.lgcSn)).json().data.lgcSn as string;
    const other = await buildRequest(db, { ownerUserId: s.owner.id, institutionId: s.ownerInst.id, name: 'Second' });
    const second = (await send(s.senderColleagueCookie, other.lgcSn, 'Hello')).json().data.lgcSn as string;
    await answer(s.ownerCookie, first, 'refuse');

    const received = (await get('/api/bthw/queryMyMessagesListPage?box=received', s.colleagueCookie)).json().data;
    expect(received.total).toBe(2);
    expect(received.list.map((i: { lgcSn: string }) => i.lgcSn)).toEqual([second, first]);
    expect(received.list[0]).toMatchObject({
      requestLgcSn: other.lgcSn,
      requestName: 'Second',
      status: 'pending',
      handled: false,
      message: 'Hello',
      senderInstitution: s.senderInst.name,
      recipientInstitution: s.ownerInst.name,
      canAnswer: true,
    });
    expect(received.list[1]).toMatchObject({ status: 'rejected', handled: true, canAnswer: false });
    expect(received.list[1].respondedAt).toEqual(expect.any(String));

    const pending = (await get('/api/bthw/queryMyMessagesListPage?box=received&status=pending', s.ownerCookie)).json()
      .data;
    expect(pending.list.map((i: { lgcSn: string }) => i.lgcSn)).toEqual([second]);

    const sent = (await get('/api/bthw/queryMyMessagesListPage?box=sent&pageSize=1', s.senderCookie)).json().data;
    expect(sent).toMatchObject({ total: 2, pageNo: 1, pageSize: 1 });
    expect(sent.list[0]).toMatchObject({ lgcSn: second, canAnswer: false, senderName: expect.any(String) });
    const nothingSent = (await get('/api/bthw/queryMyMessagesListPage?box=sent', s.ownerCookie)).json().data;
    expect(nothingSent).toMatchObject({ list: [], total: 0 });
  });
});

describe('the contact of the other side', () => {
  type Item = { lgcSn: string; counterpartContact: unknown };
  const listed = async (cookie: string, box: 'sent' | 'received', lgcSn: string) => {
    const body = (await get(`/api/bthw/queryMyMessagesListPage?box=${box}&pageSize=100`, cookie)).json();
    return (body.data.list as Item[]).find((i) => i.lgcSn === lgcSn);
  };
  const detail = async (cookie: string, requestLgcSn: string) =>
    (await get(`/api/bthw/detail/${requestLgcSn}`, cookie)).json().data as {
      myIntention: Item | null;
      owner: { intentions: Item[] } | null;
    };

  /** Every intention state, read by both parties, a party of another intention and an outsider. */
  it.each(['pending', 'agreed', 'rejected'] as const)(
    'is given to both parties only once agreed (%s)',
    async (state) => {
      const s = await scene();
      const lgcSn = (await send(s.senderCookie, s.request.lgcSn)).json().data.lgcSn as string;
      if (state !== 'pending') await answer(s.ownerCookie, lgcSn, state === 'agreed' ? 'agree' : 'refuse');
      // Another institution's intention on the same request, agreed as well.
      const otherInst = await buildInstitution(db, { name: 'Other Bank' });
      const other = await buildUser(db, { institutionId: otherInst.id, name: 'Otto' });
      const otherCookie = await sessionCookie(db, other.id);
      const otherLgcSn = (await send(otherCookie, s.request.lgcSn)).json().data.lgcSn as string;
      await answer(s.ownerCookie, otherLgcSn, 'agree');
      const outsiderCookie = await sessionCookie(db, (await buildUser(db)).id);

      const senderContact = {
        institution: s.senderInst.name,
        name: 'Ann Lee',
        email: s.sender.email,
        phone: '+852 1234 5678',
      };
      const publisherContact = {
        institution: s.ownerInst.name,
        name: 'Test Contact',
        email: 'contact@bank.example',
        phone: '+852 1234 5678',
      };
      const agreed = state === 'agreed';

      // The publisher's side (the owner and a colleague): the sender's contact.
      const received = await listed(s.colleagueCookie, 'received', lgcSn);
      expect(received?.counterpartContact).toEqual(agreed ? senderContact : null);
      const ownerDetail = await detail(s.ownerCookie, s.request.lgcSn);
      expect(ownerDetail.owner?.intentions.find((i) => i.lgcSn === lgcSn)?.counterpartContact).toEqual(
        agreed ? senderContact : null,
      );
      // The sender's side (the sender and a colleague): the publisher's contact.
      expect((await listed(s.senderColleagueCookie, 'sent', lgcSn))?.counterpartContact).toEqual(
        agreed ? publisherContact : null,
      );
      const senderDetail = await detail(s.senderCookie, s.request.lgcSn);
      expect(senderDetail.myIntention).toMatchObject({ lgcSn, counterpartContact: agreed ? publisherContact : null });

      // A party of another intention sees only its own, never this sender's contact.
      const otherDetail = await detail(otherCookie, s.request.lgcSn);
      expect(otherDetail.myIntention?.lgcSn).toBe(otherLgcSn);
      expect(otherDetail.owner).toBeNull();
      expect(await listed(otherCookie, 'sent', lgcSn)).toBeUndefined();
      expect(JSON.stringify(otherDetail)).not.toContain(s.sender.email);
      // An outsider sees no intention and no contact of either.
      const outsiderDetail = await detail(outsiderCookie, s.request.lgcSn);
      expect(outsiderDetail.myIntention).toBeNull();
      expect(outsiderDetail.owner).toBeNull();
      expect(JSON.stringify(outsiderDetail)).not.toContain(s.sender.email);
      expect(await listed(outsiderCookie, 'received', lgcSn)).toBeUndefined();
    },
  );

  it('falls back to the owner’s own name and e-mail when the request left its contact empty', async () => {
    const s = await scene();
    const bare = await buildRequest(db, {
      ownerUserId: s.owner.id,
      institutionId: s.ownerInst.id,
      fields: { contactName: '', contactEmail: '', contactPhone: '' },
    });
    const lgcSn = (await send(s.senderCookie, bare.lgcSn)).json().data.lgcSn as string;
    await answer(s.ownerCookie, lgcSn, 'agree');
    expect((await listed(s.senderCookie, 'sent', lgcSn))?.counterpartContact).toEqual({
      institution: s.ownerInst.name,
      name: 'Li Wei',
      email: s.owner.email,
      phone: '+852 1234 5678',
    });
  });
});

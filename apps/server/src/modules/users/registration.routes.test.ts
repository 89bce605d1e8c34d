import { ROLE } from '@portal/shared';
import type { TProfile } from '@portal/shared/schemas/accounts';
import { describe, expect, it } from 'vitest';
import { buildUser, lastMailTo, logInThroughApi, nextIp, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { applicantProfile, askEmailCode, registerPayload, registrationCodeFor } from '../../../test/registration.ts';

const { app, database } = await buildTestApp({ CAPTCHA_TEST_MODE: 'true' });
const db = database.db;

const profile = applicantProfile;
const emailCodeFor = (email: string) => registrationCodeFor(app, db, email);
/** registerPayload's password. */
const REGISTER_PASSWORD = 'Harbor#2468';

async function staffCookie() {
  return sessionCookie(db, (await buildUser(db, { roles: [ROLE.bankStaff] })).id);
}

describe('registration', () => {
  it('registers with the e-mailed code; the account waits for review and can only see itself', async () => {
    const code = await emailCodeFor('rita@lusitania.example');
    const check = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register/checkEmailCode',
      payload: { emailAdr: 'rita@lusitania.example', emailCode: code },
    });
    expect(check.statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register',
      remoteAddress: nextIp(),
      headers: { lang: 'zh-CN' },
      payload: registerPayload('rita@lusitania.example', code),
    });
    expect(res.statusCode).toBe(200);
    const row = await db
      .selectFrom('appUser')
      .selectAll()
      .where('email', '=', 'rita@lusitania.example')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      activation: '5',
      locale: 'zh-CN',
      agreementAccepted: true,
      interestedTypes: ['FORFAITING', 'LC_ADVISING'],
    });
    const inst = await db
      .selectFrom('institution')
      .selectAll()
      .where('swiftCode', '=', 'LUSTPTPL')
      .executeTakeFirstOrThrow();
    expect(inst.name).toBe('Lusitania Trade Bank');
    const { mail } = await lastMailTo(db, 'rita@lusitania.example');
    expect(mail?.template).toBe('registrationReceived');
    expect(mail?.locale).toBe('zh-CN');
    // Pending: may read its own information, not the rest.
    const cookie = await sessionCookie(db, row.id);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/p1/detail', headers: { cookie } })).json().data.actvtInd,
    ).toBe('5');
    const update = await app.inject({
      method: 'POST',
      url: '/api/user/p1/updateUserInfo',
      headers: { cookie },
      payload: { profile },
    });
    expect(update.json().code).toBe('PRT_ACCOUNT_NOT_ACTIVE');
  });

  it('uses a code once: a second registration with it fails', async () => {
    const code = await emailCodeFor('once@lusitania.example');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/user/p1/register',
          remoteAddress: nextIp(),
          payload: registerPayload('once@lusitania.example', code),
        })
      ).statusCode,
    ).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register',
      remoteAddress: nextIp(),
      payload: registerPayload('once@lusitania.example', code),
    });
    // Used up with the first registration: the same answer as any spent code.
    expect({ status: again.statusCode, code: again.json().code }).toEqual({ status: 400, code: 'PRT_CODE_EXPIRED' });
    const accounts = await db
      .selectFrom('appUser')
      .select('id')
      .where('email', '=', 'once@lusitania.example')
      .execute();
    expect(accounts).toHaveLength(1);
  });

  it('refuses a wrong code and an unticked agreement', async () => {
    const code = await emailCodeFor('careful@lusitania.example');
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register',
      remoteAddress: nextIp(),
      payload: registerPayload('careful@lusitania.example', code === 'ZZZZ' ? 'YYYY' : 'ZZZZ'),
    });
    expect(wrong.json().code).toBe('PRT_CODE_INCORRECT');
    const unticked = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register',
      remoteAddress: nextIp(),
      payload: { ...registerPayload('careful@lusitania.example', code), agreed: false },
    });
    expect(unticked.json().data.fields).toContainEqual(
      expect.objectContaining({ field: 'agreed', rule: 'agreementRequired' }),
    );
  });

  it('gives a code 5 tries, then it is dead even when right', async () => {
    const code = await emailCodeFor('guess@lusitania.example');
    const wrong = code === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/p1/register',
        remoteAddress: nextIp(),
        payload: registerPayload('guess@lusitania.example', wrong),
      });
      answers.push(res.json().code);
    }
    expect(answers).toEqual(Array(5).fill('PRT_CODE_INCORRECT'));
    const right = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register',
      remoteAddress: nextIp(),
      payload: registerPayload('guess@lusitania.example', code),
    });
    expect(right.json().code).toBe('PRT_CODE_EXPIRED');
  });

  it('waits 60 s before sending another code', async () => {
    await emailCodeFor('patient@lusitania.example');
    const again = await askEmailCode(app, { emailAdr: 'patient@lusitania.example', emailType: '1' });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('PRT_RESEND_TOO_SOON');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it.each([
    ['instSwiftCode', 'LUSTPTP', 'swift'],
    ['instSwiftCode', 'LUSTPTPL', null],
    ['instSwiftCode', 'LUSTPTPLXXX', null],
    ['instSwiftCode', 'LUSTPTPLXXXX', 'swift'],
    ['instSwiftCode', 'lustptpl', 'swift'],
    ['instSwiftCode', '12345678', 'swift'],
    ['branchSwiftCode', 'LUSTPTPL001', null],
    ['branchSwiftCode', 'LUST', 'swift'],
    ['phone', '+351 21 555 0100', null],
    ['phone', 'call me', 'phone'],
    ['phone', '12345', 'phone'],
    ['usrNm', '', 'required'],
    ['usrNm', 'x'.repeat(50), null],
    ['usrNm', 'x'.repeat(51), 'tooLong'],
    ['instNm', 'x'.repeat(100), null],
    ['instNm', 'x'.repeat(101), 'tooLong'],
    ['jobTitle', '', 'required'],
    ['country', 'XX', 'unknownCode'],
    ['interestedTypes', [], 'tooFewItems'],
    ['interestedTypes', ['NOT_A_TYPE'], 'unknownCode'],
    ['releaseInfoTypes', [], 'tooFewItems'],
    ['branchType', undefined, 'required'],
    ['branchType', 'castle', 'oneOf'],
  ] as const)('validates %s = %j → %s', async (field, value, rule) => {
    const email = `v${Math.random().toString(36).slice(2, 10)}@lusitania.example`;
    const code = await emailCodeFor(email);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register',
      remoteAddress: nextIp(),
      payload: registerPayload(email, code, { [field]: value } as Partial<TProfile>),
    });
    if (rule === null) {
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    } else {
      expect(res.statusCode).toBe(422);
      expect(res.json().data.fields).toContainEqual(
        expect.objectContaining({ field: expect.stringMatching(new RegExp(`^profile\\.${field}(\\.\\d+)?$`)), rule }),
      );
    }
  });

  it('needs the institution acted for when acting on behalf of one', async () => {
    const code = await emailCodeFor('agent@lusitania.example');
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register',
      remoteAddress: nextIp(),
      payload: registerPayload('agent@lusitania.example', code, { actingOnBehalf: true, actingForInstitution: '' }),
    });
    expect(res.json().data.fields).toContainEqual(
      expect.objectContaining({ field: 'profile.actingForInstitution', rule: 'required' }),
    );
  });
});

describe('review in the back office', () => {
  async function pending(email: string) {
    const code = await emailCodeFor(email);
    await app.inject({
      method: 'POST',
      url: '/api/user/p1/register',
      remoteAddress: nextIp(),
      payload: registerPayload(email, code),
    });
    return db.selectFrom('appUser').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  }

  it('lists pending registrations and shows every field', async () => {
    const user = await pending('queue@lusitania.example');
    const cookie = await staffCookie();
    const list = await app.inject({ method: 'GET', url: '/api/backend/registrations?q=queue@', headers: { cookie } });
    expect(list.json().data).toMatchObject({
      total: 1,
      list: [{ lgcSn: user.lgcSn, actvtInd: '5', instSwiftCode: 'LUSTPTPL' }],
    });
    const detail = await app.inject({
      method: 'GET',
      url: `/api/backend/registrations/${user.lgcSn}`,
      headers: { cookie },
    });
    expect(detail.json().data.profile).toMatchObject({
      jobTitle: 'Head of Trade Finance',
      businessScope: profile.businessScope,
    });
  });

  it('approves: the account becomes active with the role it asked for, is e-mailed, and the decision is audited', async () => {
    const user = await pending('approve@lusitania.example');
    const cookie = await staffCookie();
    const res = await app.inject({
      method: 'POST',
      url: `/api/backend/registrations/${user.lgcSn}/decision`,
      headers: { cookie },
      payload: { decision: 'approve' },
    });
    expect(res.json().data.actvtInd).toBe('1');
    const after = await db.selectFrom('appUser').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(after.roleCodes).toEqual([ROLE.general, ROLE.institutionAdmin]);
    expect((await lastMailTo(db, 'approve@lusitania.example')).mail?.template).toBe('registrationApproved');
    const audit = await app.inject({
      method: 'GET',
      url: '/api/backend/audit?action=review.approved',
      headers: { cookie },
    });
    expect(audit.json().data.list[0]).toMatchObject({ action: 'review.approved', targetId: user.lgcSn });
    const again = await app.inject({
      method: 'POST',
      url: `/api/backend/registrations/${user.lgcSn}/decision`,
      headers: { cookie },
      payload: { decision: 'reject', note: 'late' },
    });
    expect(again.statusCode).toBe(409);
  });

  it.each([
    ['reject', '7', 'registrationRejected'],
    ['supplement', '8', 'supplementRequested'],
  ] as const)(
    '%s: state %s with the reason, then the applicant refills and is back under review',
    async (decision, state, template) => {
      const user = await pending(`${decision}@lusitania.example`);
      const cookie = await staffCookie();
      const noReason = await app.inject({
        method: 'POST',
        url: `/api/backend/registrations/${user.lgcSn}/decision`,
        headers: { cookie },
        payload: { decision, note: '' },
      });
      expect(noReason.statusCode).toBe(422);
      await app.inject({
        method: 'POST',
        url: `/api/backend/registrations/${user.lgcSn}/decision`,
        headers: { cookie },
        payload: { decision, note: 'Please attach your licence.' },
      });
      const applicant = await sessionCookie(db, user.id);
      const info = await app.inject({ method: 'GET', url: '/api/user/p1/detail', headers: { cookie: applicant } });
      expect(info.json().data).toMatchObject({ actvtInd: state, reviewNote: 'Please attach your licence.' });
      expect((await lastMailTo(db, user.email)).mail?.template).toBe(template);
      const kept = await app.inject({ method: 'GET', url: '/api/user/p1/accountInfo', headers: { cookie: applicant } });
      expect(kept.json().data.profile.businessScope).toBe(profile.businessScope);
      const refill = await app.inject({
        method: 'POST',
        url: '/api/user/p1/improve/info',
        headers: { cookie: applicant },
        payload: { profile: { ...profile, businessScope: 'Now with licence.' } },
      });
      expect(refill.json().data.actvtInd).toBe('5');
    },
  );

  it('lists approved accounts under their own filter', async () => {
    const user = await pending('filter@lusitania.example');
    const cookie = await staffCookie();
    await app.inject({
      method: 'POST',
      url: `/api/backend/registrations/${user.lgcSn}/decision`,
      headers: { cookie },
      payload: { decision: 'approve' },
    });
    const approved = await app.inject({
      method: 'GET',
      url: '/api/backend/registrations?activation=approved&q=filter@',
      headers: { cookie },
    });
    expect(approved.json().data.list.map((r: { lgcSn: string }) => r.lgcSn)).toEqual([user.lgcSn]);
    const waiting = await app.inject({
      method: 'GET',
      url: '/api/backend/registrations?q=filter@',
      headers: { cookie },
    });
    expect(waiting.json().data.total).toBe(0);
  });

  it('an account with an incomplete profile completes it once (cplInd 1 → 0), keeping its state', async () => {
    const invited = await buildUser(db, { activation: '6', profileComplete: false });
    // As an invitation writes it: the institution is the inviter's and the region and role are
    // the invitation's (and stay so).
    const { instNm, instSwiftCode, continent, country } = profile;
    await db
      .updateTable('appUser')
      .set({ profile: JSON.stringify({ instNm, instSwiftCode, continent, country, userRole: 'general' }) })
      .where('id', '=', invited.id)
      .execute();
    const cookie = await sessionCookie(db, invited.id);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/p1/detail', headers: { cookie } })).json().data,
    ).toMatchObject({
      cplInd: '1',
      actvtInd: '6',
    });
    const done = await app.inject({
      method: 'POST',
      url: '/api/user/p1/completeInfo',
      headers: { cookie },
      payload: { profile: { ...profile, userRole: 'general' } },
    });
    expect(done.json().data).toMatchObject({ cplInd: '0', actvtInd: '6' });
    const again = await app.inject({
      method: 'POST',
      url: '/api/user/p1/completeInfo',
      headers: { cookie },
      payload: { profile: { ...profile, userRole: 'general' } },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refill is only for rejected or to-supplement accounts', async () => {
    const active = await buildUser(db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/improve/info',
      headers: { cookie: await sessionCookie(db, active.id) },
      payload: { profile },
    });
    expect(res.statusCode).toBe(409);
  });

  it('is for bank staff only', async () => {
    const partner = await buildUser(db, { roles: [ROLE.general, ROLE.institutionAdmin] });
    const res = await app.inject({
      method: 'GET',
      url: '/api/backend/registrations',
      headers: { cookie: await sessionCookie(db, partner.id) },
    });
    expect(res.statusCode).toBe(403);
  });

  it('an approved user logs in and reaches active-only pages', async () => {
    const user = await pending('later@lusitania.example');
    const decision = await app.inject({
      method: 'POST',
      url: `/api/backend/registrations/${user.lgcSn}/decision`,
      headers: { cookie: await staffCookie() },
      payload: { decision: 'approve' },
    });
    expect(decision.statusCode, decision.body).toBe(200);
    expect(decision.json()).toMatchObject({ code: '0', data: { lgcSn: user.lgcSn, actvtInd: '1' } });
    // Through the API as the browser does: picture code, password, then the e-mailed code.
    const login = await logInThroughApi(app, db, 'later@lusitania.example', REGISTER_PASSWORD);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({
      code: '0',
      data: { lgcSn: user.lgcSn, actvtInd: '1', rlTpcd: [ROLE.general, ROLE.institutionAdmin] },
    });
    const sid = login.cookies.find((c) => c.name === 'portal_sid');
    expect(sid?.value).toBeTruthy();
    const update = await app.inject({
      method: 'POST',
      url: '/api/user/p1/updateUserInfo',
      headers: { cookie: `portal_sid=${sid?.value}` },
      payload: { profile },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().code).toBe('0');
  });
});

describe('registration answers do not tell who is registered (issue 15, finding 7 applied to registration)', () => {
  // Each step, for a registered address and for a new one: the same status, code and data.
  const steps: [string, (email: string) => Promise<{ statusCode: number; json: () => { code: string } }>][] = [
    ['asking for a registration code', (email) => askEmailCode(app, { emailAdr: email, emailType: '1' })],
    [
      'checking a guessed code',
      (email) =>
        app.inject({
          method: 'POST',
          url: '/api/user/p1/register/checkEmailCode',
          remoteAddress: nextIp(),
          payload: { emailAdr: email, emailCode: 'ABCD' },
        }),
    ],
    [
      'registering with a guessed code',
      (email) =>
        app.inject({
          method: 'POST',
          url: '/api/user/p1/register',
          remoteAddress: nextIp(),
          payload: registerPayload(email, 'ABCD'),
        }),
    ],
  ];

  it.each(steps)('%s answers the same for a registered and an unknown address', async (_step, send) => {
    const registered = await buildUser(db, {});
    const unknown = `nobody-${registered.id}@unknown.example`;
    const a = await send(registered.email);
    const b = await send(unknown);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
    expect(a.json().code).not.toBe('PRT_EMAIL_EXISTS');
  });

  it('mails a registered address a note without a code, and a new address its code', async () => {
    const registered = await buildUser(db, {});
    await steps[0]![1](registered.email);
    await steps[0]![1]('fresh@unknown.example');
    const toRegistered = await lastMailTo(db, registered.email);
    expect(toRegistered.mail?.subject).toMatch(/already have an account/);
    expect(toRegistered.code).toBeUndefined();
    expect((await lastMailTo(db, 'fresh@unknown.example')).code).toMatch(/^[A-Z0-9]{4}$/);
  });
});

/**
 * GET /api/user/p1/applicationStatus: the browser that registered reads its application's state
 * without a log-in, by the HttpOnly cookie registering set — and nobody reads anything without it.
 */
import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildUser, nextIp, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { registerPayload, registrationCodeFor } from '../../../test/registration.ts';
import { APPLICATION_STATUS_LIMIT } from './application-status.ts';

const { app, database } = await buildTestApp({ CAPTCHA_TEST_MODE: 'true' });
const db = database.db;

/** Registers through the API; the cookie the answer set, as a browser would send it back. */
async function registerAs(email: string, usrNm: string) {
  const emailCode = await registrationCodeFor(app, db, email);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/p1/register',
    remoteAddress: nextIp(),
    payload: registerPayload(email, emailCode, { usrNm }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'portal_application');
  expect(cookie).toBeDefined();
  const user = await db.selectFrom('appUser').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  return { cookie: cookie!, header: `portal_application=${cookie!.value}`, user };
}

const status = (cookie?: string, ip = nextIp()) =>
  app.inject({
    method: 'GET',
    url: '/api/user/p1/applicationStatus',
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });

async function decide(lgcSn: string, body: object) {
  const staff = await buildUser(db, { roles: [ROLE.bankStaff] });
  const res = await app.inject({
    method: 'POST',
    url: `/api/backend/registrations/${lgcSn}/decision`,
    headers: { cookie: await sessionCookie(db, staff.id) },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the application status of the registering browser', () => {
  it('sets an HttpOnly, SameSite=Lax cookie for the status route only, and stores only its hash', async () => {
    const { cookie, user } = await registerAs('status-cookie@lusitania.example', 'Rita Costa');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/user/p1/applicationStatus' });
    expect(cookie.maxAge).toBe(30 * 24 * 60 * 60);
    const rows = await db.selectFrom('applicationStatusToken').selectAll().where('userId', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(cookie.value);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const days = (new Date(rows[0]!.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('answers under review to its own browser, and each browser only its own application', async () => {
    const rita = await registerAs('status-rita@lusitania.example', 'Rita Costa');
    const joao = await registerAs('status-joao@lusitania.example', 'João Silva');
    const res = await status(rita.header);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual({
      actvtInd: '5',
      usrNm: 'Rita Costa',
      instNm: 'Lusitania Trade Bank',
      reviewNote: null,
      submittedAt: expect.any(String),
    });
    expect((await status(joao.header)).json().data).toMatchObject({ usrNm: 'João Silva', actvtInd: '5' });
  });

  it('answers nothing without the cookie, with a guessed one, or with an account id', async () => {
    const rita = await registerAs('status-guess@lusitania.example', 'Rita Costa');
    expect((await status()).json()).toMatchObject({ code: '0', data: null });
    expect((await status('portal_application=not-a-token')).json().data).toBeNull();
    expect((await status(`portal_application=${rita.user.lgcSn}`)).json().data).toBeNull();
    expect((await status(`portal_application=${'x'.repeat(5000)}`)).json().data).toBeNull();
    // A session cookie (even the applicant's own) is not the status cookie.
    const session = await sessionCookie(db, rita.user.id);
    expect((await status(session)).json().data).toBeNull();
    const byQuery = await app.inject({
      method: 'GET',
      url: `/api/user/p1/applicationStatus?lgcSn=${rita.user.lgcSn}&email=${rita.user.email}`,
      remoteAddress: nextIp(),
    });
    expect(byQuery.json().data).toBeNull();
  });

  it('follows the decision: approved, rejected with the reason, supplement asked for', async () => {
    const approved = await registerAs('status-approved@lusitania.example', 'Ana Approved');
    await decide(approved.user.lgcSn, { decision: 'approve' });
    expect((await status(approved.header)).json().data).toMatchObject({ actvtInd: '1' });

    const rejected = await registerAs('status-rejected@lusitania.example', 'Rui Rejected');
    await decide(rejected.user.lgcSn, { decision: 'reject', note: 'The SWIFT code does not match the institution.' });
    expect((await status(rejected.header)).json().data).toMatchObject({
      actvtInd: '7',
      reviewNote: 'The SWIFT code does not match the institution.',
    });

    const more = await registerAs('status-more@lusitania.example', 'Marta More');
    await decide(more.user.lgcSn, { decision: 'supplement', note: 'Please attach the banking licence.' });
    expect((await status(more.header)).json().data).toMatchObject({
      actvtInd: '8',
      reviewNote: 'Please attach the banking licence.',
    });
  });

  it('forgets an expired token', async () => {
    const rita = await registerAs('status-expired@lusitania.example', 'Rita Costa');
    await db
      .updateTable('applicationStatusToken')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', rita.user.id)
      .execute();
    expect((await status(rita.header)).json().data).toBeNull();
  });

  it('is rate-limited per address', async () => {
    const ip = nextIp();
    for (let i = 0; i < APPLICATION_STATUS_LIMIT.limit; i += 1)
      expect((await status(undefined, ip)).statusCode).toBe(200);
    const limited = await status(undefined, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('PRT_RATE_LIMITED');
  });
});

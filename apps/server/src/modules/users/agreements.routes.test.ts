import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildUser, logInThroughApi, nextIp, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { registerPayload, registrationCodeFor } from '../../../test/registration.ts';

const { app, database } = await buildTestApp({ CAPTCHA_TEST_MODE: 'true' });
const db = database.db;

const staff = await buildUser(db, { roles: [ROLE.bankStaff] });
const staffCookie = await sessionCookie(db, staff.id);
const publish = (payload: object, cookie = staffCookie) =>
  app.inject({ method: 'POST', url: '/api/backend/agreements/publish', headers: { cookie }, payload });
const acceptances = (userId: number) =>
  db
    .selectFrom('agreementAcceptance')
    .select(['version', 'ip', 'acceptedAt'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();

describe('agreement versions (agrInd)', () => {
  it('registration accepts the version in force and records it', async () => {
    const email = 'agree@lusitania-bank.example';
    const code = await registrationCodeFor(app, db, email);
    const ip = nextIp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register',
      remoteAddress: ip,
      payload: registerPayload(email, code),
    });
    expect(res.statusCode).toBe(200);
    const user = await db.selectFrom('appUser').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(await acceptances(user.id)).toEqual([{ version: '1.0', ip, acceptedAt: expect.any(Date) }]);
  });

  it('publishing a version asks every account again; accepting records version, time and address', async () => {
    const user = await buildUser(db, { email: 'reader@harbour.example' });
    const cookie = await sessionCookie(db, user.id);
    const detail = async () =>
      (await app.inject({ method: 'GET', url: '/api/user/p1/detail', headers: { cookie } })).json().data;
    expect((await detail()).agrInd).toBe('1');

    const res = await publish({ version: '2.0', effectiveDate: '2026-12-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ version: '2.0', effectiveDate: '2026-12-01' });
    expect((await app.inject({ method: 'GET', url: '/api/user/p1/agreement/version' })).json().data.version).toBe(
      '2.0',
    );
    // On the page load (the session's user info) and at the next log-in.
    expect((await detail()).agrInd).toBe('0');
    expect((await logInThroughApi(app, db, 'reader@harbour.example')).json().data.agrInd).toBe('0');

    const agree = await app.inject({
      method: 'POST',
      url: '/api/user/p1/agree',
      headers: { cookie },
      remoteAddress: '203.0.113.77',
    });
    expect(agree.json().data.agrInd).toBe('1');
    expect((await detail()).agrInd).toBe('1');
    expect(await acceptances(user.id)).toEqual([{ version: '2.0', ip: '203.0.113.77', acceptedAt: expect.any(Date) }]);
    const audit = await db
      .selectFrom('auditLog')
      .select(['actorUserId', 'targetId'])
      .where('action', '=', 'agreement.published')
      .execute();
    expect(audit).toEqual([{ actorUserId: staff.id, targetId: '2.0' }]);
  });

  it('refuses a version published before, and anyone but bank staff', async () => {
    expect((await publish({ version: '1.0', effectiveDate: '2026-12-01' })).statusCode).toBe(409);
    expect((await publish({ version: '3.0', effectiveDate: 'soon' })).statusCode).toBe(422);
    const partner = await buildUser(db);
    expect(
      (await publish({ version: '3.0', effectiveDate: '2027-01-01' }, await sessionCookie(db, partner.id))).statusCode,
    ).toBe(403);
    const row = await db
      .selectFrom('appUser')
      .select('agreementAccepted')
      .where('id', '=', partner.id)
      .executeTakeFirstOrThrow();
    expect(row.agreementAccepted).toBe(true);
  });
});

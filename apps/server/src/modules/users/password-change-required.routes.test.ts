import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildUser, logInThroughApi, sessionCookie, TEST_PASSWORD } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';

const { app, database } = await buildTestApp({ CAPTCHA_TEST_MODE: 'true' });
const db = database.db;

const post = (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const detail = (cookie: string) => app.inject({ method: 'GET', url: '/api/user/p1/detail', headers: { cookie } });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

const staff = await buildUser(db, { roles: [ROLE.bankStaff] });
const staffCookie = await sessionCookie(db, staff.id);
const NEW_PASSWORD = 'Fresh#2468q';

describe('staff require a new password (nfrcModPswdInd)', () => {
  it('ends the sessions, the next log-in carries the flag, the first-time call clears it; audited', async () => {
    const user = await buildUser(db, { email: 'force@harbour.example' });
    const oldSession = await sessionCookie(db, user.id);
    const res = await post(`/api/backend/users/${user.lgcSn}/requirePasswordChange`, staffCookie);
    expect(res.statusCode).toBe(200);
    expect((await detail(oldSession)).json().code).toBe('YBLSYSTE0005');

    const login = await logInThroughApi(app, db, 'force@harbour.example', TEST_PASSWORD);
    expect(login.json()).toMatchObject({ code: '0' });
    expect(login.json().data.nfrcModPswdInd).toBe('1');
    const cookie = cookieOf(login);
    const changed = await post('/api/user/p1/first/modifyPwd', cookie, { pwd: NEW_PASSWORD, confirmPwd: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);

    // The same browser (its device cookie), so no second e-mail code within the resend wait.
    const again = await logInThroughApi(app, db, 'force@harbour.example', NEW_PASSWORD, { cookie });
    expect(again.json().data.nfrcModPswdInd).toBe('0');
    // Cleared: the first-time call (no old password) is refused again.
    const second = await post('/api/user/p1/first/modifyPwd', cookieOf(again), {
      pwd: 'Other#1357q',
      confirmPwd: 'Other#1357q',
    });
    expect(second.statusCode).toBe(403);

    const audit = await db
      .selectFrom('auditLog')
      .select(['action', 'actorUserId'])
      .where('targetId', '=', user.lgcSn)
      .where('action', '=', 'user.password_change_required')
      .execute();
    expect(audit).toEqual([{ action: 'user.password_change_required', actorUserId: staff.id }]);
  });

  it('is for bank staff only, not for the system administrator or oneself', async () => {
    const user = await buildUser(db);
    const partner = await buildUser(db);
    const refused = await post(
      `/api/backend/users/${user.lgcSn}/requirePasswordChange`,
      await sessionCookie(db, partner.id),
    );
    expect(refused.statusCode).toBe(403);
    const admin = await buildUser(db, { roles: [ROLE.bankStaff, ROLE.systemAdmin] });
    expect((await post(`/api/backend/users/${admin.lgcSn}/requirePasswordChange`, staffCookie)).json().code).toBe(
      'PRT_SYSTEM_ADMIN_IMMUTABLE',
    );
    expect((await post(`/api/backend/users/${staff.lgcSn}/requirePasswordChange`, staffCookie)).statusCode).toBe(409);
    const row = await db
      .selectFrom('appUser')
      .select('forcePasswordChange')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.forcePasswordChange).toBe(false);
  });
});

import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildInstitution, buildUser, lastMailTo, logInThroughApi, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { REVIEW_BRANCH, signingApi } from '../../../test/signing-scene.ts';
import { SESSION_COOKIE } from '../../platform/session.ts';

const { app, database } = await buildTestApp({ CAPTCHA_TEST_MODE: 'true' });
const db = database.db;
const scene = signingApi(app, db);

const post = async (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = async (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

const bank = await buildInstitution(db, { name: 'Onboarding Bank' });
await db.updateTable('institution').set({ kind: 'bank' }).where('id', '=', bank.id).execute();
const sysadmin = await buildUser(db, { institutionId: bank.id, roles: [ROLE.bankStaff, ROLE.systemAdmin] });
const sysadminCookie = await sessionCookie(db, sysadmin.id);
const staff = await buildUser(db, { institutionId: bank.id, roles: [ROLE.bankStaff] });
const staffCookie = await sessionCookie(db, staff.id);

/** Accepts the invitation mailed to `email` and logs in; returns the session cookie. */
async function acceptAndLogIn(email: string): Promise<string> {
  const { mail } = await lastMailTo(db, email);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
  const pwd = 'Joined#2468';
  const accept = await app.inject({
    method: 'POST',
    url: '/api/user/p1/invitation/accept',
    payload: { token, pwd, confirmPwd: pwd, agreed: true },
  });
  expect(accept.statusCode).toBe(200);
  const res = await logInThroughApi(app, db, email, pwd);
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
  return `${cookie.name}=${cookie.value}`;
}

describe('the bank onboards its own people', () => {
  it('the system administrator invites staff (role 50) who open the back office and see their branch’s seal queue', async () => {
    const res = await post('/api/backend/users/invite', sysadminCookie, {
      kind: 'staff',
      emailAdr: 'new.reviewer@onboarding.example',
      usrNm: 'Rita Review',
      country: 'HK',
      mainContactBranch: REVIEW_BRANCH,
    });
    expect(res.statusCode).toBe(200);
    const cookie = await acceptAndLogIn('new.reviewer@onboarding.example');
    expect((await get('/api/backend/users?q=rita', cookie)).statusCode).toBe(200);
    const partner = await buildInstitution(db, { name: 'Seal Applicant Bank' });
    const applicant = await scene.caller(partner.id);
    const seal = await scene.applyForSeal(applicant);
    const queue = await get(`/api/backend/seals?q=${encodeURIComponent('Seal Applicant Bank')}`, cookie);
    expect(queue.json().data.list.map((s: { lgcSn: string }) => s.lgcSn)).toContain(seal);
  });

  it('only the system administrator invites from the back office', async () => {
    const res = await post('/api/backend/users/invite', staffCookie, {
      kind: 'staff',
      emailAdr: 'nope@onboarding.example',
      usrNm: 'No Pe',
      country: 'HK',
      mainContactBranch: REVIEW_BRANCH,
    });
    expect(res.json().code).toBe('PRT_NO_RIGHT_TO_INVITE');
  });

  it('an invited partner administrator (role 20) manages the institution’s users', async () => {
    const partner = await buildInstitution(db, { name: 'Partner With Admin', country: 'HK' });
    const member = await buildUser(db, { institutionId: partner.id, email: 'member@partner-admin.example' });
    const res = await post('/api/backend/users/invite', sysadminCookie, {
      kind: 'institutionAdmin',
      emailAdr: 'chief@partner-admin.example',
      usrNm: 'Chief Admin',
      country: 'HK',
      institution: partner.lgcSn,
    });
    expect(res.statusCode).toBe(200);
    const cookie = await acceptAndLogIn('chief@partner-admin.example');
    const users = await get('/api/user/p1/institution/users', cookie);
    expect(users.json().data.list.map((u: { emailAdr: string }) => u.emailAdr)).toContain(member.email);
    const stop = await post(`/api/user/p1/institution/users/${member.lgcSn}/stop`, cookie, { reason: 'Left' });
    expect(stop.statusCode).toBe(200);
    const makeAdmin = await post(`/api/user/p1/institution/users/${member.lgcSn}/make-admin`, cookie);
    expect(makeAdmin.statusCode).toBe(200);
    const row = await db
      .selectFrom('appUser')
      .select('roleCodes')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.roleCodes).toEqual([ROLE.general, ROLE.institutionAdmin]);
  });

  it('a user cannot change his own roles', async () => {
    const res = await post(`/api/backend/users/${staff.lgcSn}/roles`, staffCookie, {
      rlTpcd: [ROLE.general, ROLE.bankStaff],
    });
    expect(res.statusCode).toBe(403);
    const row = await db.selectFrom('appUser').select('roleCodes').where('id', '=', staff.id).executeTakeFirstOrThrow();
    expect(row.roleCodes).toEqual([ROLE.bankStaff]);
  });

  it('a role change ends the user’s sessions and is audited', async () => {
    const partner = await buildInstitution(db);
    const user = await buildUser(db, { institutionId: partner.id });
    const userCookie = await sessionCookie(db, user.id);
    const res = await post(`/api/backend/users/${user.lgcSn}/roles`, staffCookie, {
      rlTpcd: [ROLE.general, ROLE.institutionAdmin],
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/user/p1/detail', userCookie)).json().code).toMatch(/^YBLSYSTE000[35]$/);
    const audit = await db
      .selectFrom('auditLog')
      .selectAll()
      .where('targetId', '=', user.lgcSn)
      .where('action', '=', 'user.roles_changed')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actorUserId: staff.id,
      detail: expect.objectContaining({ rolesBefore: [ROLE.general], roles: [ROLE.general, ROLE.institutionAdmin] }),
    });
    // Role 50 is the system administrator's to give, and only to in-bank people.
    const toStaff = await post(`/api/backend/users/${user.lgcSn}/roles`, staffCookie, { rlTpcd: [ROLE.bankStaff] });
    expect(toStaff.json().code).toBe('PRT_FORBIDDEN');
    const bySysadmin = await post(`/api/backend/users/${user.lgcSn}/roles`, sysadminCookie, {
      rlTpcd: [ROLE.bankStaff],
      mainContactBranch: REVIEW_BRANCH,
    });
    expect(bySysadmin.json().code).toBe('PRT_STAFF_NOT_FOUND');
  });

  it.each([
    ['en-US', 'Roles needs at least 1 item(s).'],
    ['zh-CN', '角色至少需要 1 项。'],
  ])('names the roles by the Roles dialog’s label in %s (issue 26)', async (locale, message) => {
    const user = await buildUser(db, { institutionId: (await buildInstitution(db)).id });
    const res = await app.inject({
      method: 'POST',
      url: `/api/backend/users/${user.lgcSn}/roles`,
      headers: { cookie: staffCookie, 'accept-language': locale },
      payload: { rlTpcd: [] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields).toEqual([{ field: 'rlTpcd', rule: 'tooFewItems', message }]);
  });
});

import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import {
  buildBank,
  buildInstitution,
  buildUser,
  lastMailTo,
  logInThroughApi,
  sessionCookie,
  TEST_PASSWORD,
} from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';

const { app, database } = await buildTestApp({ CAPTCHA_TEST_MODE: 'true' });
const db = database.db;

/** A log-in from a new browser, e-mail code included (logInThroughApi). */
const login = (email: string, pwd = TEST_PASSWORD) => logInThroughApi(app, db, email, pwd);
const post = async (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = async (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

const staff = await buildUser(db, { roles: [ROLE.bankStaff] });
const staffCookie = await sessionCookie(db, staff.id);

describe('back office: accounts', () => {
  it('finds accounts, stops one (its sessions end, it cannot log in) and re-enables it', async () => {
    const user = await buildUser(db, { email: 'ops@stop.example', name: 'Oscar Stop' });
    const userCookie = await sessionCookie(db, user.id);
    const found = await get('/api/backend/users?q=oscar', staffCookie);
    expect(found.json().data.list).toEqual([expect.objectContaining({ lgcSn: user.lgcSn, status: 'active' })]);
    const noReason = await post(`/api/backend/users/${user.lgcSn}/stop`, staffCookie, { reason: '' });
    expect(noReason.statusCode).toBe(422);
    expect(
      (await post(`/api/backend/users/${user.lgcSn}/stop`, staffCookie, { reason: 'Left the bank' })).statusCode,
    ).toBe(200);
    expect((await get('/api/user/p1/detail', userCookie)).json().code).toBe('YBLSYSTE0005');
    expect((await login('ops@stop.example')).json().code).toBe('PRT_ACCOUNT_STOPPED');
    expect((await post(`/api/backend/users/${user.lgcSn}/enable`, staffCookie)).statusCode).toBe(200);
    expect((await login('ops@stop.example')).statusCode).toBe(200);
  });

  it('makes a re-enabled dormant account reset its password first', async () => {
    const user = await buildUser(db, { email: 'sleepy@stop.example', status: 'stopped' });
    await db.updateTable('appUser').set({ stoppedReason: 'dormant' }).where('id', '=', user.id).execute();
    await post(`/api/backend/users/${user.lgcSn}/enable`, staffCookie);
    expect((await login('sleepy@stop.example')).json().code).toBe('YBLTS100U022');
  });

  it('cannot modify the system administrator', async () => {
    const sysadmin = await buildUser(db, { roles: [ROLE.bankStaff, ROLE.systemAdmin] });
    const res = await post(`/api/backend/users/${sysadmin.lgcSn}/stop`, staffCookie, { reason: 'test' });
    expect(res.json().code).toBe('PRT_SYSTEM_ADMIN_IMMUTABLE');
  });

  it('never stops the bank’s own institution', async () => {
    const bank = await buildBank(db, { lgcSn: 'own-bank', name: 'Own Bank', swiftCode: 'OWNBCNBJ' });
    expect((await post(`/api/backend/institutions/${bank.lgcSn}/stop`, staffCookie, { reason: 'no' })).statusCode).toBe(
      403,
    );
  });

  it('stops an institution: its users are logged out and kept out until it is re-enabled', async () => {
    const inst = await buildInstitution(db, { name: 'Closing Bank' });
    const user = await buildUser(db, { email: 'member@closing.example', institutionId: inst.id });
    const cookie = await sessionCookie(db, user.id);
    const list = await get('/api/backend/institutions?q=Closing', staffCookie);
    expect(list.json().data.list).toEqual([
      expect.objectContaining({ lgcSn: inst.lgcSn, userCount: 1, status: 'active' }),
    ]);
    await post(`/api/backend/institutions/${inst.lgcSn}/stop`, staffCookie, { reason: 'Licence withdrawn' });
    const member = await get(`/api/backend/users?institution=${inst.lgcSn}`, staffCookie);
    expect(member.json().data.list[0]).toMatchObject({ status: 'active', institutionStopped: true });
    expect((await get('/api/user/p1/detail', cookie)).json().code).toBe('YBLSYSTE0005');
    expect((await login('member@closing.example')).json().code).toBe('PRT_ACCOUNT_STOPPED');
    await post(`/api/backend/institutions/${inst.lgcSn}/enable`, staffCookie);
    expect((await login('member@closing.example')).statusCode).toBe(200);
  });
});

describe('institution administrator', async () => {
  const home = await buildInstitution(db, { name: 'Harbour Test Bank', country: 'HK' });
  const elsewhere = await buildInstitution(db, { name: 'Other Test Bank' });
  const admin = await buildUser(db, {
    roles: [ROLE.general, ROLE.institutionAdmin],
    institutionId: home.id,
    name: 'Ada Admin',
  });
  const adminCookie = await sessionCookie(db, admin.id);
  const colleague = await buildUser(db, { institutionId: home.id, email: 'colleague@harbour.example' });
  const stranger = await buildUser(db, { institutionId: elsewhere.id });

  it('sees only the users of the own institution', async () => {
    const res = await get('/api/user/p1/institution/users', adminCookie);
    const emails = res.json().data.list.map((u: { emailAdr: string }) => u.emailAdr);
    expect(emails).toContain('colleague@harbour.example');
    expect(emails).not.toContain(stranger.email);
  });

  it('invites a user in the same region, who accepts, logs in and must complete the profile', async () => {
    const res = await post('/api/user/p1/institution/users/invite', adminCookie, {
      emailAdr: 'new.hire@harbour.example',
      usrNm: 'Nina Hire',
      country: 'SG',
    });
    expect(res.statusCode).toBe(200);
    const { mail } = await lastMailTo(db, 'new.hire@harbour.example');
    expect(mail?.template).toBe('invitation');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    const listed = await get('/api/user/p1/institution/users?q=nina', adminCookie);
    expect(listed.json().data.list[0]).toMatchObject({ invitationPending: true, actvtInd: '6' });
    // Not activated yet: it cannot be changed.
    const early = await post(`/api/user/p1/institution/users/${listed.json().data.list[0].lgcSn}/update`, adminCookie, {
      usrNm: 'N. Hire',
    });
    expect(early.json().code).toBe('PRT_INACTIVE_EXTERNAL_USER_IMMUTABLE');
    const info = await app.inject({ method: 'GET', url: `/api/user/p1/invitation?token=${token}` });
    expect(info.json().data).toEqual({
      emailAdr: 'new.hire@harbour.example',
      usrNm: 'Nina Hire',
      instNm: 'Harbour Test Bank',
    });
    const accept = await app.inject({
      method: 'POST',
      url: '/api/user/p1/invitation/accept',
      payload: { token, pwd: 'Joined#2468', confirmPwd: 'Joined#2468', agreed: true },
    });
    expect(accept.statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/user/p1/invitation/accept',
      payload: { token, pwd: 'Joined#2468', confirmPwd: 'Joined#2468', agreed: true },
    });
    expect(again.json().code).toBe('PRT_USER_ALREADY_ACTIVATED');
    const loggedIn = await login('new.hire@harbour.example', 'Joined#2468');
    expect(loggedIn.json().data).toMatchObject({ actvtInd: '6', cplInd: '1', instNm: 'Harbour Test Bank' });
  });

  it.each([
    [
      'a region elsewhere',
      { emailAdr: 'far@harbour.example', usrNm: 'Far Away', country: 'BR' },
      'PRT_INVITE_SAME_REGION_ONLY',
    ],
    [
      'an address already registered',
      { emailAdr: 'colleague@harbour.example', usrNm: 'Dup', country: 'HK' },
      'PRT_USER_EXISTS',
    ],
  ])('refuses to invite %s', async (_what, payload, code) => {
    expect((await post('/api/user/p1/institution/users/invite', adminCookie, payload)).json().code).toBe(code);
  });

  it('refuses an invalid invitation token', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/user/p1/invitation?token=${'x'.repeat(32)}` });
    expect(res.json().code).toBe('PRT_INVITATION_INVALID');
  });

  it('changes, stops, re-enables and deletes a user of the own institution', async () => {
    const target = await buildUser(db, { institutionId: home.id, email: 'target@harbour.example' });
    expect(
      (
        await post(`/api/user/p1/institution/users/${target.lgcSn}/update`, adminCookie, {
          usrNm: 'Tara Get',
          phone: '+852 2222 3333',
          jobTitle: 'Dealer',
        })
      ).statusCode,
    ).toBe(200);
    const row = await db
      .selectFrom('appUser')
      .select(['name', 'phone'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Tara Get', phone: '+852 2222 3333' });
    expect(
      (await post(`/api/user/p1/institution/users/${target.lgcSn}/stop`, adminCookie, { reason: 'On leave' }))
        .statusCode,
    ).toBe(200);
    expect((await post(`/api/user/p1/institution/users/${target.lgcSn}/enable`, adminCookie)).statusCode).toBe(200);
    expect((await post(`/api/user/p1/institution/users/${target.lgcSn}/delete`, adminCookie)).statusCode).toBe(200);
    expect(await db.selectFrom('appUser').select('id').where('id', '=', target.id).executeTakeFirst()).toBeUndefined();
    const audit = await db.selectFrom('auditLog').select('action').where('targetId', '=', target.lgcSn).execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.updated', 'user.stopped', 'user.enabled', 'user.deleted']),
    );
  });

  it('cannot touch another institution’s users or the system administrator', async () => {
    expect(
      (await post(`/api/user/p1/institution/users/${stranger.lgcSn}/stop`, adminCookie, { reason: 'x' })).json().code,
    ).toBe('PRT_OWN_INSTITUTION_ONLY');
    const sysadmin = await buildUser(db, { roles: [ROLE.bankStaff, ROLE.systemAdmin], institutionId: home.id });
    expect((await post(`/api/user/p1/institution/users/${sysadmin.lgcSn}/delete`, adminCookie)).json().code).toBe(
      'PRT_SYSTEM_ADMIN_IMMUTABLE',
    );
    expect((await post('/api/user/p1/institution/users/no-such-user/delete', adminCookie)).json().code).toBe(
      'PRT_USER_NOT_FOUND',
    );
  });

  it('manages ordinary users only: another administrator is off limits', async () => {
    const otherAdmin = await buildUser(db, { roles: [ROLE.general, ROLE.institutionAdmin], institutionId: home.id });
    const res = await post(`/api/user/p1/institution/users/${otherAdmin.lgcSn}/stop`, adminCookie, { reason: 'x' });
    expect(res.statusCode).toBe(403);
    expect((await post(`/api/user/p1/institution/users/${otherAdmin.lgcSn}/delete`, adminCookie)).statusCode).toBe(403);
  });

  it('keeps the reason given for a stop, and lists the job title', async () => {
    const user = await buildUser(db, { institutionId: home.id, email: 'reason@harbour.example' });
    await db
      .updateTable('appUser')
      .set({ profile: JSON.stringify({ jobTitle: 'FX Dealer' }) })
      .where('id', '=', user.id)
      .execute();
    await post(`/api/user/p1/institution/users/${user.lgcSn}/stop`, adminCookie, { reason: 'Extended leave' });
    const listed = await get('/api/user/p1/institution/users?q=reason@', adminCookie);
    expect(listed.json().data.list[0]).toMatchObject({
      status: 'stopped',
      stoppedReason: 'Extended leave',
      jobTitle: 'FX Dealer',
    });
  });

  it('is not for general users', async () => {
    const res = await post('/api/user/p1/institution/users/invite', await sessionCookie(db, colleague.id), {
      emailAdr: 'x@harbour.example',
      usrNm: 'X',
      country: 'HK',
    });
    expect(res.statusCode).toBe(403);
  });

  it('bank staff invite only with the system administrator’s right', async () => {
    const bank = await buildBank(db, { lgcSn: 'test-bank-hq', name: 'The Bank HQ' });
    const sysadmin = await buildUser(db, { roles: [ROLE.bankStaff, ROLE.systemAdmin], institutionId: bank.id });
    const res = await post('/api/user/p1/institution/users/invite', await sessionCookie(db, sysadmin.id), {
      emailAdr: 'branch.staff@bank.example',
      usrNm: 'Branch Staff',
      country: 'GB',
    });
    expect(res.statusCode).toBe(200);
  });
});

/**
 * SPEC §8's server messages, each raised in its own situation and in both languages (issue 26
 * item 5): before, these situations answered with a generic code or another message.
 */
import { ROLE, translate } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildInstitution, buildUser, lastMailTo, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';

const { app, database } = await buildTestApp({ CAPTCHA_TEST_MODE: 'true' });
const db = database.db;

type Call = { method: 'GET' | 'POST'; url: string; cookie?: string; payload?: object };
const send = (call: Call, lang: string) =>
  app.inject({
    method: call.method,
    url: call.url,
    headers: { lang, ...(call.cookie ? { cookie: call.cookie } : {}) },
    ...(call.payload ? { payload: call.payload } : {}),
  });

const partner = await buildInstitution(db, { country: 'HK' });
const admin = await buildUser(db, { institutionId: partner.id, roles: [ROLE.general, ROLE.institutionAdmin] });
const adminCookie = await sessionCookie(db, admin.id);
const general = await buildUser(db, { institutionId: partner.id });
const generalCookie = await sessionCookie(db, general.id);
const bank = await buildInstitution(db);
await db.updateTable('institution').set({ kind: 'bank' }).where('id', '=', bank.id).execute();
const sysadmin = await buildUser(db, { institutionId: bank.id, roles: [ROLE.bankStaff, ROLE.systemAdmin] });
const sysadminCookie = await sessionCookie(db, sysadmin.id);

/** Each situation: how to set it up (returning the call that meets it) and the code it must answer. */
const situations: [string, string, () => Promise<Call>][] = [
  [
    'role 50 for someone outside the bank: in-bank staff not found',
    'PRT_STAFF_NOT_FOUND',
    async () => ({
      method: 'POST',
      url: `/api/backend/users/${general.lgcSn}/roles`,
      cookie: sysadminCookie,
      payload: { rlTpcd: [ROLE.bankStaff], mainContactBranch: 'OS_HONG_KONG' },
    }),
  ],
  [
    'log-out without any session: login info not found',
    'PRT_LOGIN_INFO_NOT_FOUND',
    async () => ({ method: 'POST', url: '/api/user/p1/logout' }),
  ],
  [
    'inviting someone who already has an account: user exists',
    'PRT_USER_EXISTS',
    async () => ({
      method: 'POST',
      url: '/api/user/p1/institution/users/invite',
      cookie: adminCookie,
      payload: { emailAdr: general.email, usrNm: 'Again', country: 'HK' },
    }),
  ],
  [
    'accepting an invitation a second time: user already activated',
    'PRT_USER_ALREADY_ACTIVATED',
    async () => {
      const email = `twice-${Math.random().toString(36).slice(2, 8)}@partner.example`;
      await send(
        {
          method: 'POST',
          url: '/api/user/p1/institution/users/invite',
          cookie: adminCookie,
          payload: { emailAdr: email, usrNm: 'Twice', country: 'HK' },
        },
        'en-US',
      );
      const { mail } = await lastMailTo(db, email);
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
      const payload = { token, pwd: 'Joined#2468', confirmPwd: 'Joined#2468', agreed: true };
      expect((await send({ method: 'POST', url: '/api/user/p1/invitation/accept', payload }, 'en-US')).statusCode).toBe(
        200,
      );
      return { method: 'POST', url: '/api/user/p1/invitation/accept', payload };
    },
  ],
  [
    'deleting a user a second time: no user deleted',
    'PRT_NO_USER_DELETED',
    async () => {
      const gone = await buildUser(db, { institutionId: partner.id });
      const call: Call = {
        method: 'POST',
        url: `/api/user/p1/institution/users/${gone.lgcSn}/delete`,
        cookie: adminCookie,
      };
      expect((await send(call, 'en-US')).statusCode).toBe(200);
      return call;
    },
  ],
  [
    'a blank user number: user number empty',
    'PRT_USER_NUMBER_EMPTY',
    async () => ({ method: 'POST', url: '/api/user/p1/institution/users/%20/delete', cookie: adminCookie }),
  ],
  [
    'a general user inviting: no right to invite',
    'PRT_NO_RIGHT_TO_INVITE',
    async () => ({
      method: 'POST',
      url: '/api/user/p1/institution/users/invite',
      cookie: generalCookie,
      payload: { emailAdr: 'friend@partner.example', usrNm: 'Friend', country: 'HK' },
    }),
  ],
  [
    'a session cookie that is no portal token: session invalid',
    'YBLSYSTE0003',
    async () => ({ method: 'GET', url: '/api/user/p1/detail', cookie: 'portal_sid=not-a-token' }),
  ],
];

describe('server messages of SPEC §8', () => {
  it.each(situations)('%s (%s), in both languages', async (_situation, code, arrange) => {
    const call = await arrange();
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const res = await send(call, lang);
      expect(res.json()).toMatchObject({ code, message: translate(lang, `errors.${code}`) });
    }
  });
});

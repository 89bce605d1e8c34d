/**
 * Every /api route called as each kind of caller, checked against the access this table says it
 * must have. Adding a route without a row here fails the first test: decide who may call it.
 */
import { describe, expect, it } from 'vitest';
import { buildInstitution, buildUser, sessionCookie } from './factories.ts';
import { buildTestApp } from './helpers.ts';

type Level = 'public' | 'session' | 'active' | 'institutionAdmin' | 'staff';

const MATRIX: Record<string, Level> = {
  'GET /api/site/config': 'public',
  'GET /api/dict/p1/selectDict': 'public',
  'GET /api/org/p1/list/dic': 'public',
  'GET /api/user/p1/getVerifyCode': 'public',
  'POST /api/user/p1/queryLoginEmailFlag': 'public',
  'POST /api/user/p1/getEmailCode': 'public',
  'POST /api/user/p1/login': 'public',
  'POST /api/user/p1/resetPwd': 'public',
  'POST /api/user/p1/register/checkEmailCode': 'public',
  'POST /api/user/p1/register': 'public',
  'GET /api/user/p1/detail': 'public',
  'POST /api/user/p1/logout': 'session',
  'POST /api/user/p1/first/modifyPwd': 'session',
  'POST /api/user/p1/modifyPwd': 'session',
  'POST /api/user/p1/agree': 'session',
  'GET /api/user/p1/accountInfo': 'session',
  'POST /api/user/p1/improve/info': 'session',
  'POST /api/user/p1/completeInfo': 'session',
  'POST /api/user/p1/updateUserInfo': 'active',
  'GET /api/backend/registrations': 'staff',
  'GET /api/backend/registrations/:lgcSn': 'staff',
  'POST /api/backend/registrations/:lgcSn/decision': 'staff',
  'GET /api/backend/audit': 'staff',
  'GET /api/backend/users': 'staff',
  'POST /api/backend/users/:lgcSn/stop': 'staff',
  'POST /api/backend/users/:lgcSn/enable': 'staff',
  'GET /api/backend/institutions': 'staff',
  'POST /api/backend/institutions/:lgcSn/stop': 'staff',
  'POST /api/backend/institutions/:lgcSn/enable': 'staff',
  'GET /api/user/p1/institution/users': 'institutionAdmin',
  'POST /api/user/p1/institution/users/invite': 'institutionAdmin',
  'POST /api/user/p1/institution/users/:lgcSn/update': 'institutionAdmin',
  'POST /api/user/p1/institution/users/:lgcSn/stop': 'institutionAdmin',
  'POST /api/user/p1/institution/users/:lgcSn/enable': 'institutionAdmin',
  'POST /api/user/p1/institution/users/:lgcSn/delete': 'institutionAdmin',
  'GET /api/user/p1/invitation': 'public',
  'POST /api/user/p1/invitation/accept': 'public',
  // Public for visitors registering (e-mail code checked in the service); otherwise a session.
  'POST /api/fileP1/upload': 'public',
  'GET /api/fileP1/download/:lgcSn': 'session',
  // Development only (not registered in production): stored e-mails for local demos.
  'GET /api/dev/mailbox': 'public',
};

const CALLERS = ['visitor', 'pending', 'approved', 'otherInstitution', 'institutionAdmin', 'staff'] as const;
type Caller = (typeof CALLERS)[number];

const ALLOWED: Record<Level, readonly Caller[]> = {
  public: CALLERS,
  session: ['pending', 'approved', 'otherInstitution', 'institutionAdmin', 'staff'],
  active: ['approved', 'otherInstitution', 'institutionAdmin', 'staff'],
  institutionAdmin: ['institutionAdmin'],
  staff: ['staff'],
};

const DENIAL_CODES = ['PRT_UNAUTHENTICATED', 'YBLSYSTE0005', 'PRT_ACCOUNT_NOT_ACTIVE', 'PRT_FORBIDDEN'];

const { app, database } = await buildTestApp();
const db = database.db;
const home = await buildInstitution(db);
const other = await buildInstitution(db);
const users: Record<Exclude<Caller, 'visitor'>, number> = {
  pending: (await buildUser(db, { activation: '5', roles: [], institutionId: home.id })).id,
  approved: (await buildUser(db, { institutionId: home.id })).id,
  otherInstitution: (await buildUser(db, { institutionId: other.id })).id,
  institutionAdmin: (await buildUser(db, { roles: ['10', '20'], institutionId: home.id })).id,
  staff: (await buildUser(db, { roles: ['50'] })).id,
};

const apiRoutes = app.routeTable
  .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
  .map((r) => `${r.method} ${r.url}`);

describe('authorization matrix', () => {
  it('has a row for every API route, and no row for a route that is gone', () => {
    expect(apiRoutes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !apiRoutes.includes(r))).toEqual([]);
  });

  it('declares on each route the access the matrix expects', () => {
    for (const route of app.routeTable.filter((r) => `${r.method} ${r.url}` in MATRIX)) {
      expect(route.access, `${route.method} ${route.url}`).toBe(MATRIX[`${route.method} ${route.url}`]);
    }
  });

  const cases = Object.entries(MATRIX).flatMap(([route, level]) =>
    CALLERS.map((caller) => [route, caller, ALLOWED[level].includes(caller)] as const),
  );

  it.each(cases)('%s as %s → allowed: %s', async (route, caller, allowed) => {
    const [method, url] = route.split(' ') as [string, string];
    const cookie = caller === 'visitor' ? undefined : await sessionCookie(db, users[caller]);
    const res = await app.inject({
      method: method as 'GET' | 'POST',
      url: url.replace(':lgcSn', 'no-such-user'),
      headers: cookie ? { cookie } : {},
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    const denied = [401, 403].includes(res.statusCode) && DENIAL_CODES.includes(res.json().code);
    expect(denied, `${res.statusCode} ${res.body.slice(0, 200)}`).toBe(!allowed);
  });
});

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
  'GET /api/user/p1/applicationStatus': 'public',
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
  'GET /api/backend/registrations/export': 'staff',
  'GET /api/backend/registrations/:lgcSn': 'staff',
  'POST /api/backend/registrations/:lgcSn/decision': 'staff',
  'GET /api/backend/audit': 'staff',
  'GET /api/backend/users': 'staff',
  'GET /api/backend/users/export': 'staff',
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
  // Cooperation requests, drafts, follows, master agreements and the back office's view of them
  // (modules/cooperation: requests.routes.ts, backoffice-requests.routes.ts).
  'GET /api/bthw/listPage': 'active',
  'GET /api/bthw/detail/:lgcSn': 'active',
  'POST /api/bthw/publish': 'active',
  'POST /api/bthw/update/:lgcSn': 'active',
  'POST /api/bthw/invalidate/:lgcSn': 'active',
  'GET /api/bthw/myListPage': 'active',
  'POST /api/bthw/saveDraft': 'active',
  'GET /api/bthw/queryDraftByPage': 'active',
  'GET /api/bthw/detailDraft/:lgcSn': 'active',
  'POST /api/bthw/delDraftById/:lgcSn': 'active',
  'POST /api/bthw/collect/:lgcSn': 'active',
  'GET /api/bthw/collectListPage': 'active',
  'GET /api/bthw/masterAgreement': 'active',
  'POST /api/bthw/masterAgreement': 'active',
  'GET /api/signet/new/countries': 'public',
  'GET /api/backend/cooperation': 'staff',
  'GET /api/backend/cooperation/export': 'staff',
  'POST /api/backend/cooperation/:lgcSn/takeDown': 'staff',
  'GET /api/backend/masterAgreements': 'staff',
  'POST /api/backend/masterAgreements/:lgcSn/signed': 'staff',
  // Cooperation intentions, matched opportunities and manual push (modules/cooperation).
  'POST /api/bthw/SendBthw': 'active',
  'POST /api/bthw/agreeOrRefuse': 'active',
  'GET /api/bthw/queryMyMessagesListPage': 'active',
  'GET /api/bthw/myReceiveListPageBySjPush': 'active',
  'GET /api/bthw/myReceiveListPageByManPush': 'active',
  'POST /api/backend/cooperation/:lgcSn/push': 'staff',
  // Electronic seals (modules/seals): the applicant's side and the back office's approval queue.
  'GET /api/signet/seals': 'active',
  'POST /api/signet/seals': 'active',
  'GET /api/signet/seals/usable': 'active',
  'GET /api/signet/seals/:lgcSn/image': 'active',
  'GET /api/signet/seals/:lgcSn/authorization': 'active',
  'POST /api/signet/seals/:lgcSn/cancel-code': 'active',
  'POST /api/signet/seals/:lgcSn/cancel': 'active',
  'GET /api/backend/seals': 'staff',
  'GET /api/backend/seals/:lgcSn': 'staff',
  'GET /api/backend/seals/:lgcSn/authorization': 'staff',
  'POST /api/backend/seals/:lgcSn/claim': 'staff',
  'POST /api/backend/seals/:lgcSn/approve': 'staff',
  'POST /api/backend/seals/:lgcSn/reject': 'staff',
  // Contracts (modules/contracts): the two parties and bank staff, checked again in the service;
  // anyone may check a signed PDF.
  'GET /api/cooperationManage/queryCooperationInfos': 'active',
  'GET /api/contracts/:intentionLgcSn': 'active',
  'GET /api/contracts/:intentionLgcSn/file': 'active',
  'POST /api/contracts/:intentionLgcSn/upload': 'active',
  'POST /api/cooperationManage/contractUploadDel': 'active',
  'POST /api/contracts/:intentionLgcSn/confirm': 'active',
  'POST /api/contracts/:intentionLgcSn/sign-code': 'active',
  'POST /api/contracts/:intentionLgcSn/sign': 'active',
  'GET /api/contracts/:intentionLgcSn/evidence': 'active',
  'POST /api/verify': 'public',
  // Message centre (modules/messages); the count and its stream serve the header on every page.
  'GET /api/bthw/messages': 'active',
  'POST /api/bthw/updateMessageStatusByLgcSn': 'active',
  'POST /api/bthw/messages/readAll': 'active',
  'GET /api/bthw/queryMessageNum': 'session',
  'GET /api/bthw/messages/stream': 'session',
  // Public content (modules/content/content.routes.ts): what the home shows visitors is public;
  // the pages behind a log-in (SPEC §2) read with 'active'. Product details (module type 1) need a
  // session, checked in the service (the route also serves the public tiles).
  'GET /api/bannerP1/bannerListForP1': 'public',
  'GET /api/moduleInfoP1/moduleListForP1': 'public',
  'GET /api/moduleInfoP1/moduleDetail/:id': 'public',
  'GET /api/consultInfoP1/queryConsultInfosP1': 'public',
  'GET /api/consultInfoP1/consultInfoDetailP1/:id': 'active',
  'GET /api/fchy/p1/getShowList': 'public',
  'GET /api/fchy/getFchyDetail/:id': 'active',
  'GET /api/hgcl/p1/frontList': 'public',
  'GET /api/hgcl/frontList': 'active',
  'GET /api/hgcl/detail/:id': 'active',
  'GET /api/hgcl/queryInst': 'active',
  'GET /api/topic/:key': 'active',
  'GET /api/content/image/:lgcSn': 'public',
  'GET /api/content/document/:lgcSn': 'active',
  'POST /api/qtn/checkEmail': 'public',
  'GET /api/pageForward/getTransKey': 'active',
  'GET /api/site/uncommonChar/token': 'public',
  // Feedback (public, rate-limited), leave messages, event tracking (modules/feedback, modules/tracking).
  'POST /api/feedback/submit': 'public',
  'GET /api/cooperLevgMg/getLevaingMessage': 'active',
  'POST /api/cooperLevgMg/saveLevaingMessage': 'active',
  'POST /api/eventTrack/add': 'public',
  // Back-office content management, feedback answers and the visit report (bank staff).
  'GET /api/backend/content/banners': 'staff',
  'GET /api/backend/content/banners/:lgcSn': 'staff',
  'GET /api/backend/content/banners/:lgcSn/preview': 'staff',
  'POST /api/backend/content/banners': 'staff',
  'POST /api/backend/content/banners/:lgcSn': 'staff',
  'POST /api/backend/content/banners/:lgcSn/publish': 'staff',
  'POST /api/backend/content/banners/:lgcSn/unpublish': 'staff',
  'POST /api/backend/content/banners/:lgcSn/delete': 'staff',
  'GET /api/backend/content/modules': 'staff',
  'GET /api/backend/content/modules/:lgcSn': 'staff',
  'GET /api/backend/content/modules/:lgcSn/preview': 'staff',
  'POST /api/backend/content/modules': 'staff',
  'POST /api/backend/content/modules/:lgcSn': 'staff',
  'POST /api/backend/content/modules/:lgcSn/publish': 'staff',
  'POST /api/backend/content/modules/:lgcSn/unpublish': 'staff',
  'POST /api/backend/content/modules/:lgcSn/delete': 'staff',
  'GET /api/backend/content/articles': 'staff',
  'GET /api/backend/content/articles/:lgcSn': 'staff',
  'GET /api/backend/content/articles/:lgcSn/preview': 'staff',
  'POST /api/backend/content/articles': 'staff',
  'POST /api/backend/content/articles/:lgcSn': 'staff',
  'POST /api/backend/content/articles/:lgcSn/publish': 'staff',
  'POST /api/backend/content/articles/:lgcSn/unpublish': 'staff',
  'POST /api/backend/content/articles/:lgcSn/delete': 'staff',
  'GET /api/backend/content/reports': 'staff',
  'GET /api/backend/content/reports/:lgcSn': 'staff',
  'GET /api/backend/content/reports/:lgcSn/preview': 'staff',
  'POST /api/backend/content/reports': 'staff',
  'POST /api/backend/content/reports/:lgcSn': 'staff',
  'POST /api/backend/content/reports/:lgcSn/publish': 'staff',
  'POST /api/backend/content/reports/:lgcSn/unpublish': 'staff',
  'POST /api/backend/content/reports/:lgcSn/delete': 'staff',
  'GET /api/backend/content/compliance': 'staff',
  'GET /api/backend/content/compliance/:lgcSn': 'staff',
  'GET /api/backend/content/compliance/:lgcSn/preview': 'staff',
  'POST /api/backend/content/compliance': 'staff',
  'POST /api/backend/content/compliance/:lgcSn': 'staff',
  'POST /api/backend/content/compliance/:lgcSn/publish': 'staff',
  'POST /api/backend/content/compliance/:lgcSn/unpublish': 'staff',
  'POST /api/backend/content/compliance/:lgcSn/delete': 'staff',
  'GET /api/backend/content/institutions': 'staff',
  'GET /api/backend/content/institutions/:lgcSn': 'staff',
  'GET /api/backend/content/institutions/:lgcSn/preview': 'staff',
  'POST /api/backend/content/institutions': 'staff',
  'POST /api/backend/content/institutions/:lgcSn': 'staff',
  'POST /api/backend/content/institutions/:lgcSn/publish': 'staff',
  'POST /api/backend/content/institutions/:lgcSn/unpublish': 'staff',
  'POST /api/backend/content/institutions/:lgcSn/delete': 'staff',
  'GET /api/backend/content/questionnaires': 'staff',
  'GET /api/backend/content/questionnaires/:lgcSn': 'staff',
  'GET /api/backend/content/questionnaires/:lgcSn/preview': 'staff',
  'POST /api/backend/content/questionnaires': 'staff',
  'POST /api/backend/content/questionnaires/:lgcSn': 'staff',
  'POST /api/backend/content/questionnaires/:lgcSn/publish': 'staff',
  'POST /api/backend/content/questionnaires/:lgcSn/unpublish': 'staff',
  'POST /api/backend/content/questionnaires/:lgcSn/delete': 'staff',
  'GET /api/backend/content/topics': 'staff',
  'GET /api/backend/content/topics/:key': 'staff',
  'GET /api/backend/content/topics/:key/preview': 'staff',
  'POST /api/backend/content/topics/:key': 'staff',
  'POST /api/backend/content/topics/:key/publish': 'staff',
  'POST /api/backend/content/topics/:key/unpublish': 'staff',
  'GET /api/backend/feedback': 'staff',
  'GET /api/backend/feedback/export': 'staff',
  'GET /api/backend/feedback/:lgcSn': 'staff',
  'POST /api/backend/feedback/:lgcSn/answer': 'staff',
  'GET /api/backend/leaveMessages': 'staff',
  'POST /api/backend/leaveMessages/:lgcSn/reply': 'staff',
  'GET /api/backend/visits': 'staff',
  'GET /api/backend/visits/export': 'staff',
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

/** Routes answering with a server-sent-events stream that does not end by itself. */
const STREAMS = new Set(['GET /api/bthw/messages/stream']);

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
    const request = {
      method: method as 'GET' | 'POST',
      url: url.replace(':lgcSn', 'no-such-user'),
      headers: cookie ? { cookie } : {},
      ...(method === 'POST' ? { payload: {} } : {}),
    };
    if (STREAMS.has(route)) {
      // An allowed event stream stays open: its status is the answer; then it is closed.
      const res = await app.inject({ ...request, payloadAsStream: true });
      if (res.statusCode === 200) {
        res.raw.res.destroy();
        expect(allowed, 'stream opened').toBe(true);
        return;
      }
      const body = JSON.parse((await res.stream().toArray()).join(''));
      expect([401, 403].includes(res.statusCode) && DENIAL_CODES.includes(body.code)).toBe(!allowed);
      return;
    }
    const res = await app.inject(request);
    const denied = [401, 403].includes(res.statusCode) && DENIAL_CODES.includes(res.json().code);
    expect(denied, `${res.statusCode} ${res.body.slice(0, 200)}`).toBe(!allowed);
  });
});

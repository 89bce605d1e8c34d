import { ZEnvelope } from '@portal/shared';
import {
  ZAccountInfo,
  ZAgreementVersion,
  ZApplicationStatus,
  ZCheckEmailCodeRequest,
  ZProfileResubmitRequest,
  ZProfileUpdateRequest,
  ZPublishAgreementRequest,
  ZRegisterRequest,
  ZUserInfo,
} from '@portal/shared/schemas/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { okExample } from '../../platform/openapi.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { actorOf, endedSessionCode, type SessionUser } from '../../platform/session.ts';
import { institutionNameOf } from '../institutions/index.ts';
import { acceptAgreement, currentAgreementVersion, publishAgreementVersion } from './agreements.ts';
import {
  APPLICATION_COOKIE,
  APPLICATION_STATUS_PATH,
  applicationStatus,
  setApplicationCookie,
} from './application-status.ts';
import { describeAttachments } from './intro-attachments.ts';
import {
  bankManagedValues,
  checkRegistrationCode,
  type ProfileChange,
  register,
  saveProfile,
} from './registration.service.ts';
import { toUserInfo } from './user-info.ts';
import { findUserById, type UserRow } from './users.repository.ts';

type UserDeps = { db: Db; config: Config };

const tags = ['users'];

async function infoOf(db: Db, user: SessionUser) {
  return toUserInfo(user, await institutionNameOf(db, user.institutionId));
}

async function reload(db: Db, id: number): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw new AppError('PRT_CURRENT_USER_UNAVAILABLE');
  return row;
}

/** The current user, registration and profile (SPEC §7 /user/p1/...). */
export const userRoutes: FastifyPluginAsyncZod<UserDeps> = async (app, deps) => {
  registerCurrentUserRoutes(app, deps);
  registerAgreementVersionRoutes(app, deps);
  registerRegistrationRoutes(app, deps);
  registerApplicationStatusRoute(app, deps);
  registerAccountInfoRoute(app, deps);
  registerProfileRoutes(app, deps);
};

/** Who is signed in, and their acceptance of the agreement. */
function registerCurrentUserRoutes(app: RouteApp, { db }: UserDeps) {
  app.get(
    '/api/user/p1/detail',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'userDetail',
        errorStatuses: [401],
        tags,
        summary:
          'The signed-in user, or null for a visitor (YBLSYSTE0005 when the session has ended, YBLSYSTE0003 for a cookie that is no session token)',
        response: { 200: ZEnvelope(ZUserInfo.nullable()) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const ended = endedSessionCode(request);
      if (ended) throw new AppError(ended);
      return ok(request, request.auth ? await infoOf(db, request.auth.user) : null);
    },
  );

  app.post(
    '/api/user/p1/agree',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'agree',
        tags,
        summary: 'Accept the user agreement',
        response: { 200: ZEnvelope(ZUserInfo) },
      },
    },
    async (request) => {
      const user = actorOf(request).user;
      await acceptAgreement(db, user.id, request.ip);
      return ok(request, await infoOf(db, { ...user, agreementAccepted: true }));
    },
  );
}

/** The agreement version in force, and publishing a new one (bank staff). */
function registerAgreementVersionRoutes(app: RouteApp, { db }: UserDeps) {
  app.get(
    '/api/user/p1/agreement/version',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'agreementVersion',
        tags,
        summary: 'The version in force of the user agreement and personal-information policy',
        response: { 200: ZEnvelope(ZAgreementVersion) },
      },
    },
    async (request) => ok(request, await currentAgreementVersion(db)),
  );

  app.post(
    '/api/backend/agreements/publish',
    {
      config: { access: 'staff' },
      schema: {
        operationId: 'publishAgreementVersion',
        tags: ['back office'],
        summary: 'Publish a new version of the agreements: every account is asked to accept it (agrInd 0)',
        body: ZPublishAgreementRequest,
        response: { 200: ZEnvelope(ZAgreementVersion) },
      },
    },
    async (request) => ok(request, await publishAgreementVersion(db, actorOf(request).user, request.body, request.ip)),
  );
}

/** Registration: checking the e-mail code, registering. */
function registerRegistrationRoutes(app: RouteApp, { db, config }: UserDeps) {
  app.post(
    '/api/user/p1/register/checkEmailCode',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'checkRegisterEmailCode',
        tags,
        summary: 'Checks the registration e-mail code without using it up',
        body: ZCheckEmailCodeRequest,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      await checkRegistrationCode(db, config, request.body, request.locale);
      return ok(request, null);
    },
  );

  app.post(
    '/api/user/p1/register',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'register',
        rateLimited: true,
        tags,
        summary: 'Registers an account; it stays under review (5) until the bank decides',
        body: ZRegisterRequest,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request, reply) => {
      const { statusToken } = await register(db, config, request.body, { ip: request.ip, locale: request.locale });
      setApplicationCookie(reply, config, statusToken);
      return ok(request, null);
    },
  );
}

/** The state of the application registered in this browser. */
function registerApplicationStatusRoute(app: RouteApp, { db }: UserDeps) {
  app.get(
    APPLICATION_STATUS_PATH,
    {
      config: { access: 'public' },
      schema: {
        operationId: 'applicationStatus',
        rateLimited: true,
        tags,
        summary:
          'The state of the application registered in this browser (by the HttpOnly cookie set at registration), or null',
        description:
          'No account id is taken from the caller: without the cookie, or with an unknown or expired one, the answer is null.',
        response: {
          200: ZEnvelope(ZApplicationStatus.nullable()).meta({
            examples: [
              okExample({
                actvtInd: '7',
                usrNm: 'Ann Lee',
                instNm: 'Nordic Harbour Bank',
                reviewNote: 'Please attach the banking licence.',
                submittedAt: '2026-11-24T14:24:00.000Z',
              }),
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(request, await applicationStatus(db, request.cookies[APPLICATION_COOKIE], request.ip));
    },
  );
}

/** The signed-in user's profile. */
function registerAccountInfoRoute(app: RouteApp, { db }: UserDeps) {
  app.get(
    '/api/user/p1/accountInfo',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'getAccountInfo',
        tags,
        summary: "The signed-in user's profile",
        response: { 200: ZEnvelope(ZAccountInfo) },
      },
    },
    async (request) => {
      const row = await reload(db, actorOf(request).user.id);
      // With the bank-managed values an older invited profile lacks (continent, role), so the
      // form shows them read-only and sends them back unchanged.
      const profile = { ...row.profile, ...bankManagedValues(row.profile, row.roleCodes) };
      return ok(request, {
        user: await infoOf(db, row),
        profile: profile as Record<string, never>,
        attachments: await describeAttachments(db, row.lgcSn, row.profile.introAttachments),
      });
    },
  );
}

// improve/info (not approved, back to review) takes the whole profile, institution included;
// completeInfo and updateUserInfo never move the account (ZProfileUpdateRequest, saveProfile).
function registerProfileRoute(
  app: RouteApp,
  db: Db,
  url: string,
  operationId: string,
  change: ProfileChange,
  access: 'session' | 'active',
  summary: string,
) {
  app.post(
    url,
    {
      config: { access },
      schema: {
        operationId,
        tags,
        summary,
        body: change === 'resubmit' ? ZProfileResubmitRequest : ZProfileUpdateRequest,
        response: { 200: ZEnvelope(ZUserInfo) },
      },
    },
    async (request) => {
      await saveProfile(db, actorOf(request).user, request.body.profile, change, request.ip, request.locale);
      return ok(request, await infoOf(db, await reload(db, actorOf(request).user.id)));
    },
  );
}

/** The three ways to save a profile. */
function registerProfileRoutes(app: RouteApp, { db }: UserDeps) {
  registerProfileRoute(
    app,
    db,
    '/api/user/p1/improve/info',
    'improveInfo',
    'resubmit',
    'session',
    'Refill after rejection (7) or a request for more (8); back to review',
  );
  registerProfileRoute(
    app,
    db,
    '/api/user/p1/completeInfo',
    'completeInfo',
    'complete',
    'session',
    'Complete a profile that lacks information; bank-managed fields keep their values (422 bankManaged)',
  );
  registerProfileRoute(
    app,
    db,
    '/api/user/p1/updateUserInfo',
    'updateUserInfo',
    'update',
    'active',
    "Update an active account's profile; institution, region, role and branch fields change only through the bank (422 bankManaged)",
  );
}

import { ZEnvelope } from '@portal/shared';
import {
  ZCaptcha,
  ZChangePasswordRequest,
  ZEmailCodeRequest,
  ZEmailCodeSent,
  ZFirstPasswordRequest,
  ZLoginPrecheck,
  ZLoginPrecheckRequest,
  ZLoginRequest,
  ZLoginResult,
  ZResetPasswordRequest,
} from '@portal/shared/schemas/accounts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { issueCaptcha } from '../../platform/captcha.ts';
import { AppError } from '../../platform/errors.ts';
import { okExample } from '../../platform/openapi.ts';
import { enforceRateLimit, RATE_LIMITS } from '../../platform/rate-limit.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { actorOf, clearSessionCookie, deviceIdOf, endedSessionCode, setSessionCookie } from '../../platform/session.ts';
import { institutionNameOf } from '../institutions/index.ts';
import { toUserInfo } from '../users/index.ts';
import {
  type ClientContext,
  changePassword,
  login,
  loginPrecheck,
  logout,
  resetPassword,
  sendEmailCode,
} from './auth.service.ts';

export const CAPTCHA_ANSWER_HEADER = 'x-test-captcha-answer';

/** The log-in flow's documentation examples (OpenAPI; `npm run openapi:check` checks them against their schemas). */
const EXAMPLE = {
  email: 'amy.chan@harbour-bank.example',
  password: 'Harbour#2027',
  captcha: { verifyCodeTraceId: 'aa21d73c5cbb33b2321b8b0e9b618e2d', verifyCode: 'K7PX' },
  user: {
    lgcSn: 'e88b8737-1e84-4d3e-ae6e-a0c9dd4e1513',
    usrNm: 'Amy Chan',
    emailAdr: 'amy.chan@harbour-bank.example',
    rlTpcd: ['10'],
    nfrcModPswdInd: '0',
    agrInd: '1',
    cplInd: '0',
    actvtInd: '1',
    instNm: 'Harbour Bank',
    locale: 'en-US',
    reviewNote: null,
  },
} as const;

export function clientOf(request: FastifyRequest, reply: FastifyReply, config: Config): ClientContext {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    deviceId: deviceIdOf(request, reply, config),
    locale: request.locale,
  };
}

type AuthDeps = { db: Db; config: Config };

const tags = ['auth'];

/** Log-in, log-out, picture and e-mail codes, passwords (SPEC §7 /user/p1/...). */
export const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  registerPictureCodeAndPrecheckRoutes(app, deps);
  registerLoginRoutes(app, deps);
  registerLogoutRoute(app, deps);
  registerPasswordRoutes(app, deps);
};

/** The picture code and the log-in pre-check. */
function registerPictureCodeAndPrecheckRoutes(app: RouteApp, { db, config }: AuthDeps) {
  app.get(
    '/api/user/p1/getVerifyCode',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getVerifyCode',
        rateLimited: true,
        tags,
        summary: 'A new picture code (single use, 5 minutes)',
        response: {
          200: ZEnvelope(ZCaptcha).meta({
            examples: [
              okExample({
                verifyCodeTraceId: EXAMPLE.captcha.verifyCodeTraceId,
                base64Image: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
              }),
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(db, { key: `captcha:ip:${request.ip}`, ...RATE_LIMITS.captchaPerIp });
      const { answer, ...captcha } = await issueCaptcha(db);
      if (config.auth.captchaTestMode) reply.header(CAPTCHA_ANSWER_HEADER, answer);
      reply.header('cache-control', 'no-store');
      return ok(request, captcha);
    },
  );

  app.post(
    '/api/user/p1/queryLoginEmailFlag',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'queryLoginEmailFlag',
        rateLimited: true,
        tags,
        summary:
          'Log-in pre-check: 1 when an e-mail code is needed (always, unless this browser has logged in to the account before)',
        body: ZLoginPrecheckRequest,
        response: { 200: ZEnvelope(ZLoginPrecheck) },
      },
    },
    async (request, reply) =>
      ok(request, {
        flag: await loginPrecheck(db, request.body.emailAdr, {
          ip: request.ip,
          deviceId: deviceIdOf(request, reply, config),
        }),
      }),
  );
}

/** The log-in e-mail code and the log-in itself. */
function registerLoginRoutes(app: RouteApp, { db, config }: AuthDeps) {
  app.post(
    '/api/user/p1/getEmailCode',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getEmailCode',
        rateLimited: true,
        tags,
        summary:
          'E-mails a 4-character code (1 registration, 2 reset, 3 log-in: needs the password and a picture code)',
        body: ZEmailCodeRequest.meta({
          examples: [{ emailAdr: EXAMPLE.email, emailType: '3', pwd: EXAMPLE.password, ...EXAMPLE.captcha }],
        }),
        response: { 200: ZEnvelope(ZEmailCodeSent).meta({ examples: [okExample({ resendAfterSeconds: 60 })] }) },
      },
    },
    async (request, reply) =>
      ok(request, await sendEmailCode(db, config, request.body, clientOf(request, reply, config))),
  );

  app.post(
    '/api/user/p1/login',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'login',
        rateLimited: true,
        tags,
        summary: 'Log in; sets the session cookie',
        body: ZLoginRequest.meta({
          examples: [{ emailAdr: EXAMPLE.email, pwd: EXAMPLE.password, ...EXAMPLE.captcha, emailCode: 'M4QZ' }],
        }),
        response: {
          200: ZEnvelope(ZLoginResult).meta({ examples: [okExample({ ...EXAMPLE.user, firstLogin: false })] }),
        },
      },
    },
    async (request, reply) => {
      const { user, token, firstLogin } = await login(db, config, request.body, clientOf(request, reply, config));
      setSessionCookie(reply, token, config);
      return ok(request, { ...toUserInfo(user, await institutionNameOf(db, user.institutionId)), firstLogin });
    },
  );
}

/** Log-out. */
function registerLogoutRoute(app: RouteApp, { db, config }: AuthDeps) {
  app.post(
    '/api/user/p1/logout',
    {
      // Reached without a session too, to name the case: no log-in information (PRT_LOGIN_INFO_NOT_FOUND).
      config: { access: 'public' },
      schema: { operationId: 'logout', tags, summary: 'Log out', response: { 200: ZEnvelope(z.null()) } },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw new AppError(endedSessionCode(request) ?? 'PRT_LOGIN_INFO_NOT_FOUND');
      await logout(db, auth.tokenHash, auth.user, request.ip);
      clearSessionCookie(reply, config);
      return ok(request, null);
    },
  );
}

/** Password changes (forced, by choice) and reset. */
function registerPasswordRoutes(app: RouteApp, { db, config }: AuthDeps) {
  app.post(
    '/api/user/p1/first/modifyPwd',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'firstModifyPwd',
        tags,
        summary: 'Forced first password change (no old password); ends the session',
        body: ZFirstPasswordRequest,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request, reply) => {
      await changePassword(db, config, actorOf(request).user.id, { pwd: request.body.pwd, forced: true }, request);
      clearSessionCookie(reply, config);
      return ok(request, null);
    },
  );

  app.post(
    '/api/user/p1/modifyPwd',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'modifyPwd',
        tags,
        summary: 'Change password with the current one; ends every session',
        body: ZChangePasswordRequest,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request, reply) => {
      const { oPwd, pwd } = request.body;
      await changePassword(db, config, actorOf(request).user.id, { oPwd, pwd, forced: false }, request);
      clearSessionCookie(reply, config);
      return ok(request, null);
    },
  );

  app.post(
    '/api/user/p1/resetPwd',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'resetPwd',
        rateLimited: true,
        tags,
        summary: 'Reset a password with the e-mailed code',
        body: ZResetPasswordRequest,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      await resetPassword(db, config, request.body, request);
      return ok(request, null);
    },
  );
}

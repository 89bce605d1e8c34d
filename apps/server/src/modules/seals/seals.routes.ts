/**
 * Seal routes: the applicant's side (/userCenter/mySignature) under /api/signet/seals, and the
 * back office's approval queue under /api/backend/seals. Rules in seals.service.ts.
 */

import { ZEnvelope } from '@portal/shared';
import {
  ZCodeSent,
  ZSealApplyRequest,
  ZSealCancelRequest,
  ZSealItem,
  ZSealListQuery,
  ZSealPage,
  ZSealRejectRequest,
  ZSealReviewItem,
  ZSealReviewPage,
  ZSealReviewQuery,
  ZUsableSeals,
} from '@portal/shared/schemas/seals';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type {} from '../../platform/openapi.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { actorOf } from '../../platform/session.ts';
import { downloadName, type StoredFile, sendFileBytes } from '../files/index.ts';
import {
  applyForSeal,
  cancelSeal,
  claimApplication,
  decideApplication,
  listMySeals,
  openApplication,
  reviewFile,
  reviewQueue,
  type SealDeps,
  sealFile,
  sendCancelCode,
  usableSeals,
} from './seals.service.ts';

const ZSealParams = z.object({ lgcSn: z.string().min(1).max(64) });
const binary = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
});

function sendFile(reply: FastifyReply, opened: { file: StoredFile; data: Buffer }) {
  return sendFileBytes(reply, { name: downloadName(opened.file), mime: opened.file.mime, data: opened.data }, 'inline');
}

const active = { access: 'active' as const };
const sealTags = ['seals'];
const staff = { access: 'staff' as const };
const reviewTags = ['back office: seals'];

export const sealRoutes: FastifyPluginAsyncZod<SealDeps> = async (app, deps) => {
  registerMySealRoutes(app, deps);
  registerSealFileRoutes(app, deps);
  registerCancelRoutes(app, deps);
};

/** The applicant's seals: the list, applying, the usable ones. */
function registerMySealRoutes(app: RouteApp, deps: SealDeps) {
  app.get(
    '/api/signet/seals',
    {
      config: active,
      schema: {
        operationId: 'listSeals',
        tags: sealTags,
        summary: "My signature seals: my institution's seals, newest first, with the files each stamped",
        querystring: ZSealListQuery,
        response: { 200: ZEnvelope(ZSealPage) },
      },
    },
    async (request) => ok(request, await listMySeals(deps, actorOf(request).user, request.query)),
  );
  app.post(
    '/api/signet/seals',
    {
      config: active,
      schema: {
        operationId: 'applyForSeal',
        tags: sealTags,
        summary: 'Apply for a seal (its image and authorization agreement uploaded first, /fileP1/upload)',
        description:
          'The image: purpose sealImage (PNG, at most 200 KB, square, transparent background); the authorization: purpose sealAuthorization (PDF, at most 10 MB). The e-signature agreement must be accepted.',
        body: ZSealApplyRequest,
        response: { 200: ZEnvelope(ZSealItem) },
      },
    },
    async (request) =>
      ok(request, await applyForSeal(deps, actorOf(request).user, request.body, request.locale, request.ip)),
  );
  app.get(
    '/api/signet/seals/usable',
    {
      config: active,
      schema: {
        operationId: 'listUsableSeals',
        tags: sealTags,
        summary: 'The seals I may place on a contract now: issued to me, effective, within their period',
        description: 'A seal stamps only for its holder; `heldByColleagues` counts the usable ones colleagues hold.',
        response: { 200: ZEnvelope(ZUsableSeals) },
      },
    },
    async (request) => ok(request, await usableSeals(deps.db, actorOf(request).user)),
  );
}

/** A seal's files: its image and its authorization agreement. */
function registerSealFileRoutes(app: RouteApp, deps: SealDeps) {
  app.get(
    '/api/signet/seals/:lgcSn/image',
    {
      config: active,
      schema: {
        operationId: 'getSealImage',
        tags: sealTags,
        summary: "A seal's image (PNG), for its institution's users and bank staff",
        params: ZSealParams,
        response: { 200: binary('The PNG', 'image/png') },
      },
    },
    async (request, reply) =>
      sendFile(reply, await sealFile(deps, actorOf(request).user, request.params.lgcSn, 'image')),
  );
  app.get(
    '/api/signet/seals/:lgcSn/authorization',
    {
      config: active,
      schema: {
        operationId: 'getSealAuthorization',
        tags: sealTags,
        summary: "A seal's authorization agreement (PDF), for its institution's users and bank staff",
        params: ZSealParams,
        response: { 200: binary('The PDF', 'application/pdf') },
      },
    },
    async (request, reply) =>
      sendFile(reply, await sealFile(deps, actorOf(request).user, request.params.lgcSn, 'authorization')),
  );
}

/** Cancelling an effective seal: the mailed code, then the cancellation. */
function registerCancelRoutes(app: RouteApp, deps: SealDeps) {
  app.post(
    '/api/signet/seals/:lgcSn/cancel-code',
    {
      config: active,
      schema: {
        operationId: 'sendSealCancelCode',
        rateLimited: true,
        tags: sealTags,
        summary: 'Mail the applicant the code that confirms cancelling their effective seal (again after 60 s)',
        params: ZSealParams,
        response: { 200: ZEnvelope(ZCodeSent) },
      },
    },
    async (request) =>
      ok(request, await sendCancelCode(deps, actorOf(request).user, request.params.lgcSn, request.locale)),
  );
  app.post(
    '/api/signet/seals/:lgcSn/cancel',
    {
      config: active,
      schema: {
        operationId: 'cancelSeal',
        tags: sealTags,
        summary: 'Cancel my effective seal with the mailed code: it stamps nothing more, its certificate is revoked',
        params: ZSealParams,
        body: ZSealCancelRequest,
        response: { 200: ZEnvelope(ZSealItem) },
      },
    },
    async (request) =>
      ok(request, await cancelSeal(deps, actorOf(request).user, request.params.lgcSn, request.body.code, request.ip)),
  );
}

export const sealReviewRoutes: FastifyPluginAsyncZod<SealDeps> = async (app, deps) => {
  registerReviewQueueRoutes(app, deps);
  registerClaimRoutes(app, deps);
  registerDecisionRoutes(app, deps);
};

/** The approval queue: the list, one application, its authorization agreement. */
function registerReviewQueueRoutes(app: RouteApp, deps: SealDeps) {
  app.get(
    '/api/backend/seals',
    {
      config: staff,
      schema: {
        operationId: 'listSealApplications',
        tags: reviewTags,
        summary: "Seal applications addressed to the reader's branch (system administrators: every branch)",
        querystring: ZSealReviewQuery,
        response: { 200: ZEnvelope(ZSealReviewPage) },
      },
    },
    async (request) => ok(request, await reviewQueue(deps, actorOf(request).user, request.query)),
  );
  app.get(
    '/api/backend/seals/:lgcSn',
    {
      config: staff,
      schema: {
        operationId: 'getSealApplication',
        tags: reviewTags,
        summary: 'An application with every field; reading it changes nothing (claimSealApplication starts the review)',
        params: ZSealParams,
        response: { 200: ZEnvelope(ZSealReviewItem) },
      },
    },
    async (request) => ok(request, await openApplication(deps, actorOf(request).user, request.params.lgcSn)),
  );
  app.get(
    '/api/backend/seals/:lgcSn/authorization',
    {
      config: staff,
      schema: {
        operationId: 'getSealApplicationAuthorization',
        tags: reviewTags,
        summary: "An application's authorization agreement (PDF)",
        params: ZSealParams,
        response: { 200: binary('The PDF', 'application/pdf') },
      },
    },
    async (request, reply) =>
      sendFile(reply, await reviewFile(deps, actorOf(request).user, request.params.lgcSn, 'authorization')),
  );
}

/** Starting the review of an application. */
function registerClaimRoutes(app: RouteApp, deps: SealDeps) {
  app.post(
    '/api/backend/seals/:lgcSn/claim',
    {
      config: staff,
      schema: {
        operationId: 'claimSealApplication',
        tags: reviewTags,
        summary:
          'Start reviewing an application: a submitted one becomes pending approval, with the reader as reviewer',
        description:
          'One already pending approval is answered as it is (its reviewer stays); a decided one is 409 PRT_SEAL_DECIDED.',
        params: ZSealParams,
        response: { 200: ZEnvelope(ZSealReviewItem) },
      },
    },
    async (request) => ok(request, await claimApplication(deps, actorOf(request).user, request.params.lgcSn)),
  );
}

/** Deciding an application: approve or reject. */
function registerDecisionRoutes(app: RouteApp, deps: SealDeps) {
  app.post(
    '/api/backend/seals/:lgcSn/approve',
    {
      config: staff,
      schema: {
        operationId: 'approveSealApplication',
        tags: reviewTags,
        summary: 'Approve an application: the seal gets its certificate and is effective for its period',
        params: ZSealParams,
        response: { 200: ZEnvelope(ZSealReviewItem) },
      },
    },
    async (request) =>
      ok(
        request,
        await decideApplication(deps, actorOf(request).user, request.params.lgcSn, { approve: true }, request.ip),
      ),
  );
  app.post(
    '/api/backend/seals/:lgcSn/reject',
    {
      config: staff,
      schema: {
        operationId: 'rejectSealApplication',
        tags: reviewTags,
        summary: 'Reject an application, with the reason the applicant is told',
        params: ZSealParams,
        body: ZSealRejectRequest,
        response: { 200: ZEnvelope(ZSealReviewItem) },
      },
    },
    async (request) =>
      ok(
        request,
        await decideApplication(
          deps,
          actorOf(request).user,
          request.params.lgcSn,
          { approve: false, reason: request.body.reason },
          request.ip,
        ),
      ),
  );
}

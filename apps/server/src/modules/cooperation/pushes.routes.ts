/**
 * Matched-opportunity routes (SPEC §7 /bthw/myReceiveListPageBySjPush, …ByManPush) and the back
 * office's manual push. The back office's push dialog finds institutions with the existing
 * `GET /api/backend/institutions?q=` (users/management.routes.ts).
 */

import { ZEnvelope, ZPage } from '@portal/shared';
import { ZManualPushRequest, ZMatchedItem, ZMatchedQuery } from '@portal/shared/schemas/cooperation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../../platform/respond.ts';
import { actorOf } from '../../platform/session.ts';
import { matchedOpportunities, pushManually } from './pushes.service.ts';

/** The answer to a manual push. */
const ZPushResult = ZEnvelope(
  z.object({
    pushed: z.number().int().describe('Institutions pushed to'),
    notified: z.number().int().describe('Users who got a message'),
  }),
);

export const pushRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const active = { access: 'active' as const };
  const staff = { access: 'staff' as const };
  const tags = ['matched opportunities'];

  app.get(
    '/api/bthw/myReceiveListPageBySjPush',
    {
      config: active,
      schema: {
        operationId: 'myReceiveListPageBySjPush',
        tags,
        summary: 'Effective opportunities the system pushed to my institution, newest first',
        querystring: ZMatchedQuery,
        response: { 200: ZEnvelope(ZPage(ZMatchedItem)) },
      },
    },
    async (request) =>
      ok(request, await matchedOpportunities(db, actorOf(request).user, request.locale, 'system', request.query)),
  );
  app.get(
    '/api/bthw/myReceiveListPageByManPush',
    {
      config: active,
      schema: {
        operationId: 'myReceiveListPageByManPush',
        tags,
        summary: 'Effective opportunities the bank pushed to my institution, newest first',
        querystring: ZMatchedQuery,
        response: { 200: ZEnvelope(ZPage(ZMatchedItem)) },
      },
    },
    async (request) =>
      ok(request, await matchedOpportunities(db, actorOf(request).user, request.locale, 'manual', request.query)),
  );
  app.post(
    '/api/backend/cooperation/:lgcSn/push',
    {
      config: staff,
      schema: {
        operationId: 'pushRequest',
        tags: ['back office'],
        summary: 'Push an effective request to chosen institutions (once per institution)',
        params: z.object({ lgcSn: z.string().min(1).max(64) }),
        body: ZManualPushRequest,
        response: {
          200: ZPushResult,
        },
      },
    },
    async (request) =>
      ok(
        request,
        await pushManually(db, actorOf(request).user, request.params.lgcSn, request.body.institutions, {
          ip: request.ip,
          locale: request.locale,
        }),
      ),
  );
};

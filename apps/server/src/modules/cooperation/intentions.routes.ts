/**
 * Intention routes (SPEC §7 /bthw/SendBthw, /bthw/agreeOrRefuse, /bthw/queryMyMessagesListPage):
 * send an intention on a request, answer one received, and list the intentions the reader's
 * institution sent or received ("My cooperation").
 */
import { ZEnvelope, ZPage } from '@portal/shared';
import {
  ZAnswerIntentionRequest,
  ZIntentionItem,
  ZMyCooperationQuery,
  ZSendIntentionRequest,
} from '@portal/shared/schemas/cooperation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../platform/respond.ts';
import { answerIntention, myCooperation, sendIntention } from './intentions.service.ts';

export const intentionRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const active = { access: 'active' as const };
  const tags = ['cooperation intentions'];

  app.post(
    '/api/bthw/SendBthw',
    {
      config: active,
      schema: {
        tags,
        summary: 'Send a cooperation intention on a request of another institution',
        body: ZSendIntentionRequest,
        response: { 200: ZEnvelope(z.object({ lgcSn: z.string().describe('The intention') })) },
      },
    },
    async (request) => ok(request, await sendIntention(db, config, request.auth!.user, request.body, request.ip)),
  );
  app.post(
    '/api/bthw/agreeOrRefuse',
    {
      config: active,
      schema: {
        tags,
        summary: 'Agree to or refuse an intention my institution received (once)',
        body: ZAnswerIntentionRequest,
        response: { 200: ZEnvelope(z.object({ status: z.enum(['agreed', 'rejected']) })) },
      },
    },
    async (request) => ok(request, await answerIntention(db, config, request.auth!.user, request.body, request.ip)),
  );
  app.get(
    '/api/bthw/queryMyMessagesListPage',
    {
      config: active,
      schema: {
        tags,
        summary: 'My cooperation: intentions my institution sent or received, newest first',
        querystring: ZMyCooperationQuery,
        response: { 200: ZEnvelope(ZPage(ZIntentionItem)) },
      },
    },
    async (request) => ok(request, await myCooperation(db, request.auth!.user, request.query)),
  );
};

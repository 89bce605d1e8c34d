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
import { okExample } from '../../platform/openapi.ts';
import { ok } from '../../platform/respond.ts';
import { actorOf } from '../../platform/session.ts';
import { answerIntention, myCooperation, sendIntention } from './intentions.service.ts';

/** Documentation examples (OpenAPI; `npm run openapi:check` checks them against their schemas). */
const EXAMPLE_INTENTION_LGC_SN = 'c0554317-401f-44d1-83dd-9b9e2e87f88c';
const EXAMPLE_SEND_INTENTION = {
  requestLgcSn: '7765cb2e-7c03-47da-a460-b70690657425',
  message: 'We would like to lend USD 2m of it.',
};

export const intentionRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const active = { access: 'active' as const };
  const tags = ['cooperation intentions'];

  app.post(
    '/api/bthw/SendBthw',
    {
      config: active,
      schema: {
        operationId: 'SendBthw',
        tags,
        summary: 'Send a cooperation intention on a request of another institution',
        body: ZSendIntentionRequest.meta({ examples: [EXAMPLE_SEND_INTENTION] }),
        response: {
          200: ZEnvelope(z.object({ lgcSn: z.string().describe('The intention') })).meta({
            examples: [okExample({ lgcSn: EXAMPLE_INTENTION_LGC_SN })],
          }),
        },
      },
    },
    async (request) => ok(request, await sendIntention(db, config, actorOf(request).user, request.body, request.ip)),
  );
  app.post(
    '/api/bthw/agreeOrRefuse',
    {
      config: active,
      schema: {
        operationId: 'agreeOrRefuse',
        tags,
        summary: 'Agree to or refuse an intention my institution received (once)',
        body: ZAnswerIntentionRequest.meta({
          examples: [{ intentionLgcSn: EXAMPLE_INTENTION_LGC_SN, decision: 'agree' }],
        }),
        response: {
          200: ZEnvelope(z.object({ status: z.enum(['agreed', 'rejected']) })).meta({
            examples: [okExample({ status: 'agreed' })],
          }),
        },
      },
    },
    async (request) => ok(request, await answerIntention(db, config, actorOf(request).user, request.body, request.ip)),
  );
  app.get(
    '/api/bthw/queryMyMessagesListPage',
    {
      config: active,
      schema: {
        operationId: 'queryMyMessagesListPage',
        tags,
        summary: 'My cooperation: intentions my institution sent or received, newest first',
        querystring: ZMyCooperationQuery,
        response: { 200: ZEnvelope(ZPage(ZIntentionItem)) },
      },
    },
    async (request) => ok(request, await myCooperation(db, actorOf(request).user, request.query)),
  );
};

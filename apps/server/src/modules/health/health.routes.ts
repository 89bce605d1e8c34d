import { ZEnvelope } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../platform/errors.ts';
import { ok } from '../../platform/respond.ts';

const ZHealth = z.object({ status: z.literal('ok') });
const ZReady = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });

/**
 * `/healthz`: the process is alive. `/readyz`: the database answers and the instance is not
 * shutting down; load balancers take traffic away on 503.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ ping(): Promise<boolean>; engine: 'pglite' | 'postgres' }> = async (
  app,
  { ping, engine },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'getLiveness',
        tags: ['health'],
        summary: 'Liveness',
        response: { 200: ZEnvelope(ZHealth) },
      },
    },
    async (request) => ok(request, { status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['health'],
        summary: 'Readiness: the database answers',
        response: { 200: ZEnvelope(ZReady), 503: ZEnvelope(z.null()) },
      },
    },
    async (request, reply) => {
      if (app.isDraining() || !(await ping())) return sendError(request, reply, 'PRT_SERVICE_UNAVAILABLE');
      return ok(request, { status: 'ready' as const, database: engine });
    },
  );
};

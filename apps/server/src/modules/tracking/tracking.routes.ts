/** Event tracking (SPEC §7 /eventTrack/add) and the back office's visit report. */
import { ZEnvelope } from '@portal/shared';
import { ZTrackBatch, ZTrackResult, ZVisitReport, ZVisitReportQuery } from '@portal/shared/schemas/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { CSV_RESPONSE, sendCsv } from '../../platform/csv.ts';
import type {} from '../../platform/openapi.ts';
import { ok } from '../../platform/respond.ts';
import { exportVisits, trackEvents, visitReport } from './tracking.service.ts';

export const trackingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/eventTrack/add',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'add',
        rateLimited: true,
        tags: ['tracking'],
        summary: 'Page views and clicks, in batches of up to 50; counted per page, action, target and day',
        description: 'Rate-limited per client address. Nothing about the reader is stored.',
        body: ZTrackBatch,
        response: { 200: ZEnvelope(ZTrackResult) },
      },
    },
    async (request) => ok(request, { accepted: await trackEvents(db, request.body, request.ip) }),
  );

  app.get(
    '/api/backend/visits',
    {
      config: { access: 'staff' },
      schema: {
        operationId: 'getVisitReport',
        tags: ['back office: content'],
        summary: 'Visits (views) and clicks per page and day for a date range of at most 366 days',
        querystring: ZVisitReportQuery,
        response: { 200: ZEnvelope(ZVisitReport) },
      },
    },
    async (request) => ok(request, await visitReport(db, request.query, request.locale)),
  );

  app.get(
    '/api/backend/visits/export',
    {
      config: { access: 'staff' },
      schema: {
        operationId: 'exportVisitReport',
        tags: ['back office: content'],
        summary: 'The visit report’s rows (page and day) for the same range and page, as a CSV file',
        querystring: ZVisitReportQuery,
        response: { 200: CSV_RESPONSE },
      },
    },
    async (request, reply) => {
      const { columns, rows } = await exportVisits(db, request.query, request.locale);
      return sendCsv(reply, 'visits', columns, rows);
    },
  );
};

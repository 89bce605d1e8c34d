import { ZEnvelope, ZPage } from '@portal/shared';
import {
  ZAuditEntry,
  ZAuditQuery,
  ZRegistrationDetail,
  ZRegistrationListQuery,
  ZRegistrationSummary,
  ZReviewDecision,
} from '@portal/shared/schemas/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { listAudit } from '../../platform/audit.ts';
import { CSV_RESPONSE, sendCsv } from '../../platform/csv.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { actorOf } from '../../platform/session.ts';
import { decideRegistration, exportRegistrations, listRegistrations, registrationDetail } from './review.service.ts';

type BackofficeDeps = { db: Db; config: Config };

const tags = ['back office'];
const params = z.object({ lgcSn: z.string().min(1).max(64) });

/** Bank staff (role 50) only: the registration review queue and the audit log. */
export const backofficeRoutes: FastifyPluginAsyncZod<BackofficeDeps> = async (app, deps) => {
  registerRegistrationQueueRoutes(app, deps);
  registerDecisionAndAuditRoutes(app, deps);
};

/** The review queue: list, export, one registration. */
function registerRegistrationQueueRoutes(app: RouteApp, { db }: BackofficeDeps) {
  app.get(
    '/api/backend/registrations',
    {
      config: { access: 'staff' },
      schema: {
        operationId: 'listRegistrations',
        tags,
        summary: 'Registrations to review (default: under review, oldest first)',
        querystring: ZRegistrationListQuery,
        response: { 200: ZEnvelope(ZPage(ZRegistrationSummary)) },
      },
    },
    async (request) => ok(request, await listRegistrations(db, request.query)),
  );

  app.get(
    '/api/backend/registrations/export',
    {
      config: { access: 'staff' },
      schema: {
        operationId: 'exportRegistrations',
        tags,
        summary: 'Every registration matching the filters of the review queue, as a CSV file',
        querystring: ZRegistrationListQuery.omit({ pageNo: true, pageSize: true }),
        response: { 200: CSV_RESPONSE },
      },
    },
    async (request, reply) => {
      const { columns, rows } = await exportRegistrations(db, request.query, request.locale);
      return sendCsv(reply, 'registrations', columns, rows);
    },
  );

  app.get(
    '/api/backend/registrations/:lgcSn',
    {
      config: { access: 'staff' },
      schema: {
        operationId: 'getRegistration',
        tags,
        summary: 'One registration with every field',
        params,
        response: { 200: ZEnvelope(ZRegistrationDetail) },
      },
    },
    async (request) => ok(request, await registrationDetail(db, request.params.lgcSn)),
  );
}

/** The review decision, and the audit log. */
function registerDecisionAndAuditRoutes(app: RouteApp, { db, config }: BackofficeDeps) {
  app.post(
    '/api/backend/registrations/:lgcSn/decision',
    {
      config: { access: 'staff' },
      schema: {
        operationId: 'decideRegistration',
        tags,
        summary: 'Approve, reject or ask for more information; the applicant is e-mailed',
        params,
        body: ZReviewDecision,
        response: { 200: ZEnvelope(ZRegistrationDetail) },
      },
    },
    async (request) => {
      await decideRegistration(db, config, actorOf(request).user, request.params.lgcSn, request.body, request.ip);
      return ok(request, await registrationDetail(db, request.params.lgcSn));
    },
  );

  app.get(
    '/api/backend/audit',
    {
      config: { access: 'staff' },
      schema: {
        operationId: 'listAuditLog',
        tags,
        summary: 'The audit log, newest first, with filters',
        querystring: ZAuditQuery,
        response: { 200: ZEnvelope(ZPage(ZAuditEntry)) },
      },
    },
    async (request) => ok(request, await listAudit(db, request.query)),
  );
}

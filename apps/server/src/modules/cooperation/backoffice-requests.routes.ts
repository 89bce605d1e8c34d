import { ZEnvelope, ZPage } from '@portal/shared';
import {
  ZBackofficeRequestItem,
  ZBackofficeRequestQuery,
  ZMasterAgreementItem,
  ZMasterAgreementQuery,
  ZTakeDownRequest,
} from '@portal/shared/schemas/cooperation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { CSV_RESPONSE, sendCsv } from '../../platform/csv.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { actorOf } from '../../platform/session.ts';
import { exportAllRequests, listAllRequests, takeDownRequest } from './backoffice-requests.service.ts';
import { listMasterAgreements, markMasterAgreementSigned } from './master-agreement.service.ts';

const params = z.object({ lgcSn: z.string().min(1).max(64) });
const staff = { access: 'staff' as const };
const tags = ['back office'];

/** Bank staff (role 50) only: every published request, take-downs, master-agreement intentions. */
export const backofficeRequestRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerPublishedRequestRoutes(app, db);
  registerMasterAgreementRoutes(app, db);
};

/** Every published request: the list, its CSV export, taking one down. */
function registerPublishedRequestRoutes(app: RouteApp, db: Db) {
  app.get(
    '/api/backend/cooperation',
    {
      config: staff,
      schema: {
        operationId: 'listPublishedRequests',
        tags,
        summary: 'Every published request, newest first; search by name or institution, filter by status',
        querystring: ZBackofficeRequestQuery,
        response: { 200: ZEnvelope(ZPage(ZBackofficeRequestItem)) },
      },
    },
    async (request) => ok(request, await listAllRequests(db, actorOf(request).user, request.query, request.locale)),
  );

  app.get(
    '/api/backend/cooperation/export',
    {
      config: staff,
      schema: {
        operationId: 'exportPublishedRequests',
        tags,
        summary: 'Every published request matching the filters of the list, as a CSV file',
        querystring: ZBackofficeRequestQuery.omit({ pageNo: true, pageSize: true }),
        response: { 200: CSV_RESPONSE },
      },
    },
    async (request, reply) => {
      const { columns, rows } = await exportAllRequests(db, actorOf(request).user, request.query, request.locale);
      return sendCsv(reply, 'cooperation-requests', columns, rows);
    },
  );

  app.post(
    '/api/backend/cooperation/:lgcSn/takeDown',
    {
      config: staff,
      schema: {
        operationId: 'takeDownRequest',
        tags,
        summary: 'Take an effective request down with a reason (hidden from everyone but its owner)',
        params,
        body: ZTakeDownRequest,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      await takeDownRequest(db, actorOf(request).user, request.params.lgcSn, request.body.reason, request.ip);
      return ok(request, null);
    },
  );
}

/** Master-agreement intentions: the list, marking one signed. */
function registerMasterAgreementRoutes(app: RouteApp, db: Db) {
  app.get(
    '/api/backend/masterAgreements',
    {
      config: staff,
      schema: {
        operationId: 'listMasterAgreements',
        tags,
        summary: 'Master-agreement intentions (default: waiting, oldest first)',
        querystring: ZMasterAgreementQuery,
        response: { 200: ZEnvelope(ZPage(ZMasterAgreementItem)) },
      },
    },
    async (request) => ok(request, await listMasterAgreements(db, request.query)),
  );

  app.post(
    '/api/backend/masterAgreements/:lgcSn/signed',
    {
      config: staff,
      schema: {
        operationId: 'markMasterAgreementSigned',
        tags,
        summary: "Mark an institution's master agreement signed",
        params,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      await markMasterAgreementSigned(db, actorOf(request).user, request.params.lgcSn, request.ip);
      return ok(request, null);
    },
  );
}

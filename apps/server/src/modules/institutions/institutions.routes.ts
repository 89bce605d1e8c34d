import { ZEnvelope, ZPage } from '@portal/shared';
import { ZInstitutionListQuery, ZManagedInstitution, ZStopRequest } from '@portal/shared/schemas/user-management';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../../platform/respond.ts';
import { actorOf } from '../../platform/session.ts';
import { listInstitutions, setInstitutionStatus } from './institutions.service.ts';

const params = z.object({ lgcSn: z.string().min(1).max(64) });
const done = ZEnvelope(z.null());
const staff = { access: 'staff' as const };
const tags = ['back office'];

/** Institutions in the back office: bank staff search, stop and re-enable them. */
export const institutionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/backend/institutions',
    {
      config: staff,
      schema: {
        operationId: 'listInstitutions',
        tags,
        summary: 'Search institutions',
        querystring: ZInstitutionListQuery,
        response: { 200: ZEnvelope(ZPage(ZManagedInstitution)) },
      },
    },
    async (request) => ok(request, await listInstitutions(db, request.query)),
  );
  app.post(
    '/api/backend/institutions/:lgcSn/stop',
    {
      config: staff,
      schema: {
        operationId: 'stopInstitution',
        tags,
        summary: 'Stop an institution: its users cannot log in',
        params,
        body: ZStopRequest,
        response: { 200: done },
      },
    },
    async (request) => {
      await setInstitutionStatus(
        db,
        actorOf(request).user,
        request.params.lgcSn,
        true,
        request.body.reason,
        request.ip,
      );
      return ok(request, null);
    },
  );
  app.post(
    '/api/backend/institutions/:lgcSn/enable',
    {
      config: staff,
      schema: {
        operationId: 'enableInstitution',
        tags,
        summary: 'Re-enable an institution',
        params,
        response: { 200: done },
      },
    },
    async (request) => {
      await setInstitutionStatus(db, actorOf(request).user, request.params.lgcSn, false, null, request.ip);
      return ok(request, null);
    },
  );
};

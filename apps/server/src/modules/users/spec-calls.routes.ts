import { ZEnvelope } from '@portal/shared';
import { ZRegisterVerifyOrg, ZRegisterVerifyOrgRequest, ZUserDetailForBthw } from '@portal/shared/schemas/spec-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { okExample } from '../../platform/openapi.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { actorOf } from '../../platform/session.ts';
import { registerVerifyOrg, userDetailForBthw } from './spec-calls.ts';

type SpecCallDeps = { db: Db; config: Config };

const tags = ['users'];

/**
 * Two `/user/p1/` calls of SPEC §7 read in docs/decisions/0021: the submitter's details for the
 * cooperation forms (`detailForBthw`) and the institution a registration joins
 * (`getRegisterVerifyOrg`).
 */
export const userSpecCallRoutes: FastifyPluginAsyncZod<SpecCallDeps> = async (app, deps) => {
  registerDetailForBthwRoute(app, deps);
  registerVerifyOrgRoute(app, deps);
};

function registerDetailForBthwRoute(app: RouteApp, { db }: SpecCallDeps) {
  app.get(
    '/api/user/p1/detailForBthw',
    {
      config: { access: 'active' },
      schema: {
        operationId: 'detailForBthw',
        tags,
        summary:
          'The signed-in user as the cooperation screens need them: submitter name, work e-mail, phone and the institution requests are published for',
        response: {
          200: ZEnvelope(ZUserDetailForBthw).meta({
            examples: [
              okExample({
                lgcSn: 'b8b0f0d2-5b43-4c55-9a58-3f0cf3b1a2de',
                usrNm: 'Amy Chan',
                emailAdr: 'amy.chan@harbour-bank.example',
                phone: '+852 2345 6789',
                jobTitle: 'Head of Trade Finance',
                instNm: 'Harbour Bank',
                instSwiftCode: 'HARBHKHH',
                instCountry: 'HK',
                bankInstitution: false,
              }),
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(request, await userDetailForBthw(db, actorOf(request).user));
    },
  );
}

function registerVerifyOrgRoute(app: RouteApp, { db, config }: SpecCallDeps) {
  app.post(
    '/api/user/p1/getRegisterVerifyOrg',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getRegisterVerifyOrg',
        rateLimited: true,
        tags,
        summary:
          'While registering (after the e-mail code): the institution the portal already knows under this SWIFT code, which the account will join, or null for a new one',
        description:
          'The registration e-mail and its code are checked (not used up) first, so only someone registering with a work e-mail looks institutions up; 30 look-ups an hour per address.',
        body: ZRegisterVerifyOrgRequest,
        response: {
          200: ZEnvelope(ZRegisterVerifyOrg).meta({
            examples: [
              okExample({ instNm: 'Harbour Bank', instSwiftCode: 'HARBHKHH', country: 'HK', continent: 'ASIA' }),
              okExample(null),
            ],
          }),
        },
      },
    },
    async (request) =>
      ok(request, await registerVerifyOrg(db, config, request.body, { ip: request.ip, locale: request.locale })),
  );
}

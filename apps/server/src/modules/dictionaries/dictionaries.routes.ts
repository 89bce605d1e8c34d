import { ZEnvelope } from '@portal/shared';
import { DICTIONARIES, listBranches } from '@portal/shared/dictionaries';
import {
  branchKindOfFlag,
  ZBranchListQuery,
  ZBranchListResponse,
  ZSelectDictQuery,
  ZSelectDictResult,
} from '@portal/shared/schemas/dictionaries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/respond.ts';

/**
 * Reference data (SPEC §7 `/dict/p1/selectDict`, `/org/p1/list/dic`): static, bilingual, cached
 * by browsers for an hour. Every entry carries both names; the client picks one.
 */
export const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dict/p1/selectDict',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'selectDict',
        tags: ['dictionaries'],
        summary: 'One dictionary by type, or all of them when no type is given',
        querystring: ZSelectDictQuery,
        response: { 200: ZEnvelope(ZSelectDictResult) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      const { dictType } = request.query;
      if (dictType) return ok(request, { dictType, list: DICTIONARIES[dictType] });
      return ok(request, { dictionaries: DICTIONARIES });
    },
  );

  app.get(
    '/api/org/p1/list/dic',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'listDic',
        tags: ['dictionaries'],
        summary: "The bank's branches: bFlag 0 all, 1 overseas, 2 domestic",
        querystring: ZBranchListQuery,
        response: { 200: ZEnvelope(ZBranchListResponse) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok(request, { list: listBranches(branchKindOfFlag(request.query.bFlag)) });
    },
  );
};

import { ZEnvelope, ZPage, ZPageQuery } from '@portal/shared';
import { COUNTRIES } from '@portal/shared/dictionaries';
import {
  ZCountryItem,
  ZDraftDetail,
  ZDraftListItem,
  ZDraftRequest,
  ZFollowResult,
  ZMasterAgreementIntentionRequest,
  ZMasterAgreementStatus,
  ZMyPublishItem,
  ZMyPublishQuery,
  ZOpportunityDetail,
  ZOpportunityListItem,
  ZOpportunityListQuery,
  ZOpportunityPage,
  ZPublishRequest,
} from '@portal/shared/schemas/cooperation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../../platform/respond.ts';
import { deleteDraft, draftDetail, listMyDrafts, saveDraft } from './drafts.service.ts';
import { masterAgreementStatus, submitMasterAgreementIntention } from './master-agreement.service.ts';
import {
  invalidateOwnRequest,
  listMyFollows,
  listMyRequests,
  listOpportunityPage,
  publishRequest,
  requestDetail,
  toggleFollow,
  updateOwnRequest,
} from './requests.service.ts';

const params = z.object({ lgcSn: z.string().min(1).max(64) });
const ZRequestRef = ZEnvelope(z.object({ lgcSn: z.string() }));

/** The marketplace for signed-in, approved users (docs/decisions/0006 API table), and the country list. */
export const requestRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const active = { access: 'active' as const };
  const tags = ['cooperation'];

  app.get(
    '/api/bthw/listPage',
    {
      config: active,
      schema: {
        tags,
        summary: 'Business opportunities: effective requests, newest first, with filters',
        querystring: ZOpportunityListQuery,
        response: { 200: ZEnvelope(ZOpportunityPage) },
      },
    },
    async (request) => ok(request, await listOpportunityPage(db, request.auth!.user, request.query, request.locale)),
  );

  app.get(
    '/api/bthw/detail/:lgcSn',
    {
      config: active,
      schema: {
        tags,
        summary: 'One request; drafts for their owner, taken-down requests for their owner and bank staff',
        params,
        response: { 200: ZEnvelope(ZOpportunityDetail) },
      },
    },
    async (request) => ok(request, await requestDetail(db, request.auth!.user, request.params.lgcSn, request.locale)),
  );

  app.post(
    '/api/bthw/publish',
    {
      config: active,
      schema: {
        tags,
        summary: 'Publish a request (or a saved draft), validated with its form; matching runs at once',
        body: ZPublishRequest,
        response: { 200: ZRequestRef },
      },
    },
    async (request) =>
      ok(
        request,
        await publishRequest(db, request.auth!.user, request.body, { locale: request.locale, ip: request.ip }),
      ),
  );

  app.post(
    '/api/bthw/update/:lgcSn',
    {
      config: active,
      schema: {
        tags,
        summary: 'The owner edits an effective request (same validation, no new matching)',
        params,
        body: ZPublishRequest,
        response: { 200: ZRequestRef },
      },
    },
    async (request) =>
      ok(
        request,
        await updateOwnRequest(db, request.auth!.user, request.params.lgcSn, request.body, {
          locale: request.locale,
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/api/bthw/invalidate/:lgcSn',
    {
      config: active,
      schema: {
        tags,
        summary: 'The owner withdraws an effective request',
        params,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      await invalidateOwnRequest(db, request.auth!.user, request.params.lgcSn, request.ip);
      return ok(request, null);
    },
  );

  app.get(
    '/api/bthw/myListPage',
    {
      config: active,
      schema: {
        tags,
        summary: 'My released requests, with pushes, intentions and agreed intentions counted',
        querystring: ZMyPublishQuery,
        response: { 200: ZEnvelope(ZPage(ZMyPublishItem)) },
      },
    },
    async (request) => ok(request, await listMyRequests(db, request.auth!.user, request.query, request.locale)),
  );

  app.post(
    '/api/bthw/saveDraft',
    {
      config: active,
      schema: {
        tags,
        summary: 'Create or update a draft (fields checked for types and lengths only)',
        body: ZDraftRequest,
        response: { 200: ZRequestRef },
      },
    },
    async (request) => ok(request, await saveDraft(db, request.auth!.user, request.body, request.locale)),
  );

  app.get(
    '/api/bthw/queryDraftByPage',
    {
      config: active,
      schema: {
        tags,
        summary: 'My drafts, most recently saved first',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZDraftListItem)) },
      },
    },
    async (request) => ok(request, await listMyDrafts(db, request.auth!.user, request.query, request.locale)),
  );

  app.get(
    '/api/bthw/detailDraft/:lgcSn',
    {
      config: active,
      schema: {
        tags,
        summary: 'One of my drafts',
        params,
        response: { 200: ZEnvelope(ZDraftDetail) },
      },
    },
    async (request) => ok(request, await draftDetail(db, request.auth!.user, request.params.lgcSn)),
  );

  app.post(
    '/api/bthw/delDraftById/:lgcSn',
    {
      config: active,
      schema: {
        tags,
        summary: 'Delete one of my drafts',
        params,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      await deleteDraft(db, request.auth!.user, request.params.lgcSn);
      return ok(request, null);
    },
  );

  app.post(
    '/api/bthw/collect/:lgcSn',
    {
      config: active,
      schema: {
        tags,
        summary: 'Follow or unfollow a request (toggle); only effective requests can be newly followed',
        params,
        response: { 200: ZEnvelope(ZFollowResult) },
      },
    },
    async (request) => ok(request, await toggleFollow(db, request.auth!.user, request.params.lgcSn)),
  );

  app.get(
    '/api/bthw/collectListPage',
    {
      config: active,
      schema: {
        tags,
        summary: 'Requests I follow, most recently followed first',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZOpportunityListItem)) },
      },
    },
    async (request) => ok(request, await listMyFollows(db, request.auth!.user, request.query, request.locale)),
  );

  app.get(
    '/api/bthw/masterAgreement',
    {
      config: active,
      schema: {
        tags,
        summary: "My institution's master-agreement status",
        response: { 200: ZEnvelope(ZMasterAgreementStatus) },
      },
    },
    async (request) => ok(request, await masterAgreementStatus(db, request.auth!.user)),
  );

  app.post(
    '/api/bthw/masterAgreement',
    {
      config: active,
      schema: {
        tags,
        summary: 'Submit a master-agreement intention for my institution',
        body: ZMasterAgreementIntentionRequest,
        response: { 200: ZEnvelope(ZMasterAgreementStatus) },
      },
    },
    async (request) =>
      ok(request, await submitMasterAgreementIntention(db, request.auth!.user, request.body, request.ip)),
  );

  const countries = COUNTRIES.map(({ code, en, zh, continent }) => ({ code, en, zh, continent }));
  app.get(
    '/api/signet/new/countries',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Countries and regions for the cooperation-scope picker',
        response: { 200: ZEnvelope(z.object({ list: z.array(ZCountryItem) })) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok(request, { list: countries });
    },
  );
};

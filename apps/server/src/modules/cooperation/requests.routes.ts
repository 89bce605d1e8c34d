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
import { ZRequestContact } from '@portal/shared/schemas/spec-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { okExample } from '../../platform/openapi.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { actorOf } from '../../platform/session.ts';
import { deleteDraft, draftDetail, listMyDrafts, saveDraft } from './drafts.service.ts';
import { masterAgreementStatus, submitMasterAgreementIntention } from './master-agreement.service.ts';
import {
  invalidateOwnRequest,
  listMyFollows,
  listMyRequests,
  listOpportunityPage,
  publishRequest,
  requestContact,
  requestDetail,
  toggleFollow,
  updateOwnRequest,
} from './requests.service.ts';

const params = z.object({ lgcSn: z.string().min(1).max(64) });
const ZRequestRef = ZEnvelope(z.object({ lgcSn: z.string() }));

/** Documentation examples (OpenAPI; `npm run openapi:check` checks them against their schemas). */
const EXAMPLE_REQUEST_LGC_SN = '7765cb2e-7c03-47da-a460-b70690657425';
/** A bilateral loan's release form, as the publish page sends it. */
const EXAMPLE_PUBLISH = {
  choiceCode: 'FUNDS_IN_BILATERAL_LOAN',
  subTypeCode: 'BILATERAL_LOAN',
  itDpchlstRqmNm: 'USD 5m bilateral loan, 180 days',
  direction: 'REQUEST_FUNDING',
  validFrom: '2027-01-04',
  validUntil: '2027-03-31',
  scopeLimited: false,
  scopeCountries: [],
  contactName: 'Amy Chan',
  contactEmail: 'amy.chan@harbour-bank.example',
  contactPhone: '+852 2345 6789',
  currency: 'USD',
  amount: '5000000.00',
  termType: 'COMMON',
  commonTerm: 'D180',
  price: 3.25,
  rateType: 'FIXED',
  rateMin: 2.5,
  rateMax: 3.5,
};
const EXAMPLE_OPPORTUNITY_PAGE = {
  list: [
    {
      lgcSn: EXAMPLE_REQUEST_LGC_SN,
      itDpchlstRqmNm: 'USD 5m bilateral loan, 180 days',
      instNm: 'Harbour Bank',
      instSwiftCode: 'HARBHKHH',
      instCountry: 'HK',
      direction: 'REQUEST_FUNDING',
      typeCode: 'INTERBANK_LOAN',
      subTypeCode: 'BILATERAL_LOAN',
      astPrjTpcdName: 'Bilateral loan',
      cmavyTpcd: 'USD',
      cmavyTpcdName: 'US Dollar',
      idcstAstIvsAmt: '5000000.00',
      idcstAstIvsAmtName: 'USD 5,000,000.00',
      bscrcCoAgrmTmdt: '180 days',
      price: '3.25%',
      status: 'effective',
      invalidReason: null,
      validUntil: '2027-03-31',
      createTime: '2027-01-04T02:15:09.527Z',
      updateTime: '2027-01-04T02:15:09.527Z',
      customerType: 'COMMERCIAL_BANK',
      customerTypeName: 'Commercial bank',
      intendedTimeLimit: '2027-02-15',
      isMine: false,
      followed: false,
      intentionStatus: 'notSent',
    },
  ],
  total: 1,
  totalCapped: false,
  pageNo: 1,
  pageSize: 10,
};

const ZContactResponse = ZEnvelope(ZRequestContact).meta({
  examples: [
    okExample({
      requestLgcSn: EXAMPLE_REQUEST_LGC_SN,
      instNm: 'Harbour Bank',
      instSwiftCode: 'HARBHKHH',
      country: 'HK',
      contactName: 'Amy Chan',
      contactEmail: 'amy.chan@harbour-bank.example',
      contactPhone: '+852 2345 6789',
    }),
  ],
});

const active = { access: 'active' as const };
const tags = ['cooperation'];

/** The marketplace for signed-in, approved users (docs/decisions/0006 API table), and the country list. */
export const requestRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerOpportunityRoutes(app, db);
  registerPublishRoutes(app, db);
  registerOwnRequestRoutes(app, db);
  registerDraftRoutes(app, db);
  registerDraftByIdRoutes(app, db);
  registerFollowRoutes(app, db);
  registerMasterAgreementRoutes(app, db);
  registerCountryRoutes(app);
};

/** Reading the marketplace: the list, one request, its contact. */
function registerOpportunityRoutes(app: RouteApp, db: Db) {
  app.get(
    '/api/bthw/listPage',
    {
      config: active,
      schema: {
        operationId: 'listOpportunities',
        tags,
        summary: 'Business opportunities: effective requests, newest first, with filters',
        querystring: ZOpportunityListQuery,
        response: { 200: ZEnvelope(ZOpportunityPage).meta({ examples: [okExample(EXAMPLE_OPPORTUNITY_PAGE)] }) },
      },
    },
    async (request) => ok(request, await listOpportunityPage(db, actorOf(request).user, request.query, request.locale)),
  );

  app.get(
    '/api/bthw/detail/:lgcSn',
    {
      config: active,
      schema: {
        operationId: 'requestDetail',
        tags,
        summary: 'One request; drafts for their owner, taken-down requests for their owner and bank staff',
        params,
        response: { 200: ZEnvelope(ZOpportunityDetail) },
      },
    },
    async (request) =>
      ok(request, await requestDetail(db, actorOf(request).user, request.params.lgcSn, request.locale)),
  );

  app.get(
    '/api/front/bthw/queryContactById/:lgcSn',
    {
      config: active,
      schema: {
        operationId: 'queryContactById',
        tags,
        summary:
          'The contact of a request (submitter name, work e-mail, phone, publishing institution), to whoever may read the request',
        description:
          'SPEC §7 `/front/bthw/queryContactById`, read in docs/decisions/0021: the id is the request’s lgcSn. Drafts are nobody’s to query; taken-down requests only their owner’s and bank staff’s (PRT_REQUEST_NOT_FOUND otherwise).',
        params,
        response: {
          200: ZContactResponse,
        },
      },
    },
    async (request) => ok(request, await requestContact(db, actorOf(request).user, request.params.lgcSn)),
  );
}

/** Publishing a request and editing it. */
function registerPublishRoutes(app: RouteApp, db: Db) {
  app.post(
    '/api/bthw/publish',
    {
      config: active,
      schema: {
        operationId: 'publishRequest',
        tags,
        summary: 'Publish a request (or a saved draft), validated with its form; matching runs at once',
        body: ZPublishRequest.meta({ examples: [EXAMPLE_PUBLISH] }),
        response: { 200: ZRequestRef.meta({ examples: [okExample({ lgcSn: EXAMPLE_REQUEST_LGC_SN })] }) },
      },
    },
    async (request) =>
      ok(
        request,
        await publishRequest(db, actorOf(request).user, request.body, { locale: request.locale, ip: request.ip }),
      ),
  );

  app.post(
    '/api/bthw/update/:lgcSn',
    {
      config: active,
      schema: {
        operationId: 'updateRequest',
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
        await updateOwnRequest(db, actorOf(request).user, request.params.lgcSn, request.body, {
          locale: request.locale,
          ip: request.ip,
        }),
      ),
  );
}

/** The owner's own requests: withdrawing one, the list of them. */
function registerOwnRequestRoutes(app: RouteApp, db: Db) {
  app.post(
    '/api/bthw/invalidate/:lgcSn',
    {
      config: active,
      schema: {
        operationId: 'invalidateRequest',
        tags,
        summary: 'The owner withdraws an effective request',
        params,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      await invalidateOwnRequest(db, actorOf(request).user, request.params.lgcSn, request.ip);
      return ok(request, null);
    },
  );

  app.get(
    '/api/bthw/myListPage',
    {
      config: active,
      schema: {
        operationId: 'myListPage',
        tags,
        summary: 'My released requests, with pushes, intentions and agreed intentions counted',
        querystring: ZMyPublishQuery,
        response: { 200: ZEnvelope(ZPage(ZMyPublishItem)) },
      },
    },
    async (request) => ok(request, await listMyRequests(db, actorOf(request).user, request.query, request.locale)),
  );
}

/** Saving a draft, the list of my drafts. */
function registerDraftRoutes(app: RouteApp, db: Db) {
  app.post(
    '/api/bthw/saveDraft',
    {
      config: active,
      schema: {
        operationId: 'saveDraft',
        tags,
        summary: 'Create or update a draft (fields checked for types and lengths only)',
        body: ZDraftRequest,
        response: { 200: ZRequestRef },
      },
    },
    async (request) => ok(request, await saveDraft(db, actorOf(request).user, request.body, request.locale)),
  );

  app.get(
    '/api/bthw/queryDraftByPage',
    {
      config: active,
      schema: {
        operationId: 'queryDraftByPage',
        tags,
        summary: 'My drafts, most recently saved first',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZDraftListItem)) },
      },
    },
    async (request) => ok(request, await listMyDrafts(db, actorOf(request).user, request.query, request.locale)),
  );
}

/** One of my drafts by its id: read, delete. */
function registerDraftByIdRoutes(app: RouteApp, db: Db) {
  app.get(
    '/api/bthw/detailDraft/:lgcSn',
    {
      config: active,
      schema: {
        operationId: 'detailDraft',
        tags,
        summary: 'One of my drafts',
        params,
        response: { 200: ZEnvelope(ZDraftDetail) },
      },
    },
    async (request) => ok(request, await draftDetail(db, actorOf(request).user, request.params.lgcSn)),
  );

  app.post(
    '/api/bthw/delDraftById/:lgcSn',
    {
      config: active,
      schema: {
        operationId: 'delDraftById',
        tags,
        summary: 'Delete one of my drafts',
        params,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      await deleteDraft(db, actorOf(request).user, request.params.lgcSn);
      return ok(request, null);
    },
  );
}

/** Following requests. */
function registerFollowRoutes(app: RouteApp, db: Db) {
  app.post(
    '/api/bthw/collect/:lgcSn',
    {
      config: active,
      schema: {
        operationId: 'toggleFollow',
        tags,
        summary: 'Follow or unfollow a request (toggle); only effective requests can be newly followed',
        params,
        response: { 200: ZEnvelope(ZFollowResult) },
      },
    },
    async (request) => ok(request, await toggleFollow(db, actorOf(request).user, request.params.lgcSn)),
  );

  app.get(
    '/api/bthw/collectListPage',
    {
      config: active,
      schema: {
        operationId: 'collectListPage',
        tags,
        summary: 'Requests I follow, most recently followed first',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZOpportunityListItem)) },
      },
    },
    async (request) => ok(request, await listMyFollows(db, actorOf(request).user, request.query, request.locale)),
  );
}

/** My institution's master agreement. */
function registerMasterAgreementRoutes(app: RouteApp, db: Db) {
  app.get(
    '/api/bthw/masterAgreement',
    {
      config: active,
      schema: {
        operationId: 'getMasterAgreement',
        tags,
        summary: "My institution's master-agreement status",
        response: { 200: ZEnvelope(ZMasterAgreementStatus) },
      },
    },
    async (request) => ok(request, await masterAgreementStatus(db, actorOf(request).user)),
  );

  app.post(
    '/api/bthw/masterAgreement',
    {
      config: active,
      schema: {
        operationId: 'submitMasterAgreement',
        tags,
        summary: 'Submit a master-agreement intention for my institution',
        body: ZMasterAgreementIntentionRequest,
        response: { 200: ZEnvelope(ZMasterAgreementStatus) },
      },
    },
    async (request) =>
      ok(request, await submitMasterAgreementIntention(db, actorOf(request).user, request.body, request.ip)),
  );
}

const countries = COUNTRIES.map(({ code, en, zh, continent }) => ({ code, en, zh, continent }));

/** The country list, public and cached. */
function registerCountryRoutes(app: RouteApp) {
  app.get(
    '/api/signet/new/countries',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'countries',
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
}

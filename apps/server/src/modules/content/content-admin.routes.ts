/**
 * Back-office content management (bank staff, role 50): every content kind's list, detail,
 * preview, create, save, publish, unpublish and delete, and the four topic pages. Rules in
 * content.service.ts; the kinds in content-kinds.ts; the contract in @portal/shared/schemas/content.
 */

import { ZEnvelope, ZPage } from '@portal/shared';
import {
  CONTENT_KINDS,
  type TContentKind,
  TOPIC_KEYS,
  ZAdminListQuery,
  ZBanner,
  ZCompliance,
  ZConsultDetail,
  ZModuleDetail,
  ZPortugueseInstitution,
  ZQuestionnaireAdmin,
  ZReport,
  ZTopic,
  ZTopicAdmin,
  ZTopicInput,
  ZTopicKey,
} from '@portal/shared/schemas/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { actorOf } from '../../platform/session.ts';
import {
  adminCreate,
  adminDelete,
  adminGet,
  adminList,
  adminPreview,
  adminSave,
  adminSaveTopic,
  adminSetStatus,
  adminSetTopicStatus,
  adminTopic,
  adminTopicPreview,
  adminTopics,
} from './content.service.ts';
import { KINDS } from './content-kinds.ts';
import type { ContentCache } from './public-cache.ts';

/** What a visitor would see of each kind (preview answers). */
const PREVIEW_SHAPES: Record<TContentKind, z.ZodType> = {
  banners: ZBanner,
  modules: ZModuleDetail,
  articles: ZConsultDetail,
  reports: ZReport,
  compliance: ZCompliance,
  institutions: ZPortugueseInstitution,
  questionnaires: ZQuestionnaireAdmin,
};

/** Each kind's noun in its operationIds (listBanners, createBanner, getBanner, saveBanner, ...). */
const NOUNS: Record<TContentKind, { one: string; many: string }> = {
  banners: { one: 'Banner', many: 'Banners' },
  modules: { one: 'Module', many: 'Modules' },
  articles: { one: 'Article', many: 'Articles' },
  reports: { one: 'Report', many: 'Reports' },
  compliance: { one: 'ComplianceMaterial', many: 'ComplianceMaterials' },
  institutions: { one: 'PortugueseInstitution', many: 'PortugueseInstitutions' },
  questionnaires: { one: 'Questionnaire', many: 'Questionnaires' },
};

const LABELS: Record<TContentKind, string> = {
  banners: 'home banners',
  modules: 'module entries (tiles, products, market-trend series)',
  articles: 'market-trend and policy articles',
  reports: 'research reports (FITs Your Wit)',
  compliance: 'compliance materials',
  institutions: 'institutions in Portuguese-speaking countries',
  questionnaires: 'questionnaires of the survey jump',
};

const tags = ['back office: content'];
const config = { access: 'staff' as const };
const lgcSnParams = z.object({ lgcSn: z.string().min(1).max(64) });
const keyParams = z.object({ key: ZTopicKey });

export const contentAdminRoutes: FastifyPluginAsyncZod<{ db: Db; cache: ContentCache }> = async (
  app,
  { db, cache },
) => {
  // Every write here bumped content_version: this instance's readers see it at once.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'POST') cache.changed();
    return payload;
  });

  for (const kind of CONTENT_KINDS) {
    registerKindReadRoutes(app, db, kind);
    registerKindEditRoutes(app, db, kind);
    registerKindStatusRoutes(app, db, kind);
  }
  registerTopicReadRoutes(app, db);
  registerTopicWriteRoutes(app, db);
};

/** A kind's schema definitions, base path, label and operationId nouns. */
function kindRoutes(kind: TContentKind) {
  return { def: KINDS[kind], base: `/api/backend/content/${kind}`, label: LABELS[kind], ...NOUNS[kind] };
}

/** A kind's list, detail and preview. */
function registerKindReadRoutes(app: RouteApp, db: Db, kind: TContentKind) {
  const { def, base, label, many, one } = kindRoutes(kind);
  app.get(
    base,
    {
      config,
      schema: {
        operationId: `list${many}`,
        tags,
        summary: `List ${label}, drafts included`,
        querystring: ZAdminListQuery,
        response: { 200: ZEnvelope(ZPage(def.admin)) },
      },
    },
    async (request) => ok(request, await adminList(db, kind, request.query)),
  );

  app.get(
    `${base}/:lgcSn`,
    {
      config,
      schema: {
        operationId: `get${one}`,
        tags,
        summary: `One of the ${label}`,
        params: lgcSnParams,
        response: { 200: ZEnvelope(def.admin) },
      },
    },
    async (request) => ok(request, await adminGet(db, kind, request.params.lgcSn)),
  );

  app.get(
    `${base}/:lgcSn/preview`,
    {
      config,
      schema: {
        operationId: `preview${one}`,
        tags,
        summary: `Preview one of the ${label} as a visitor would see it, whatever its status`,
        params: lgcSnParams,
        response: { 200: ZEnvelope(PREVIEW_SHAPES[kind]) },
      },
    },
    async (request) => ok(request, await adminPreview(db, kind, request.params.lgcSn)),
  );
}

/** Create and save one of a kind. */
function registerKindEditRoutes(app: RouteApp, db: Db, kind: TContentKind) {
  const { def, base, label, one } = kindRoutes(kind);
  app.post(
    base,
    {
      config,
      schema: {
        operationId: `create${one}`,
        tags,
        summary: `Create one of the ${label} (a draft); rich text is sanitised`,
        body: def.input,
        response: { 200: ZEnvelope(def.admin) },
      },
    },
    async (request) => ok(request, await adminCreate(db, kind, request.body, actorOf(request).user, request.locale)),
  );

  app.post(
    `${base}/:lgcSn`,
    {
      config,
      schema: {
        operationId: `save${one}`,
        tags,
        summary: `Save one of the ${label} (its status stays)`,
        params: lgcSnParams,
        body: def.input,
        response: { 200: ZEnvelope(def.admin) },
      },
    },
    async (request) =>
      ok(request, await adminSave(db, kind, request.params.lgcSn, request.body, actorOf(request).user, request.locale)),
  );
}

/** Publish, withdraw and delete one of a kind. */
function registerKindStatusRoutes(app: RouteApp, db: Db, kind: TContentKind) {
  const { def, base, label, one } = kindRoutes(kind);
  for (const [action, status] of [
    ['publish', 'published'],
    ['unpublish', 'draft'],
  ] as const) {
    app.post(
      `${base}/:lgcSn/${action}`,
      {
        config,
        schema: {
          operationId: `${action}${one}`,
          tags,
          summary: `${action === 'publish' ? 'Publish' : 'Withdraw to draft'} one of the ${label}`,
          params: lgcSnParams,
          response: { 200: ZEnvelope(def.admin) },
        },
      },
      async (request) =>
        ok(request, await adminSetStatus(db, kind, request.params.lgcSn, status, actorOf(request).user)),
    );
  }

  app.post(
    `${base}/:lgcSn/delete`,
    {
      config,
      schema: {
        operationId: `delete${one}`,
        tags,
        summary: `Delete one of the ${label}`,
        params: lgcSnParams,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      await adminDelete(db, kind, request.params.lgcSn);
      return ok(request, null);
    },
  );
}

/** The topic pages' list, detail and preview. */
function registerTopicReadRoutes(app: RouteApp, db: Db) {
  app.get(
    '/api/backend/content/topics',
    {
      config,
      schema: {
        operationId: 'listTopicPages',
        tags,
        summary: 'The four topic pages (an empty draft for one never saved)',
        response: { 200: ZEnvelope(z.object({ list: z.array(ZTopicAdmin) })) },
      },
    },
    async (request) => ok(request, await adminTopics(db, TOPIC_KEYS)),
  );

  app.get(
    '/api/backend/content/topics/:key',
    {
      config,
      schema: {
        operationId: 'getTopicPage',
        tags,
        summary: 'One topic page',
        params: keyParams,
        response: { 200: ZEnvelope(ZTopicAdmin) },
      },
    },
    async (request) => ok(request, await adminTopic(db, request.params.key)),
  );

  app.get(
    '/api/backend/content/topics/:key/preview',
    {
      config,
      schema: {
        operationId: 'previewTopicPage',
        tags,
        summary: 'Preview a topic page as a reader would see it',
        params: keyParams,
        response: { 200: ZEnvelope(ZTopic) },
      },
    },
    async (request) => ok(request, await adminTopicPreview(db, request.params.key)),
  );
}

/** Save, publish and withdraw a topic page. */
function registerTopicWriteRoutes(app: RouteApp, db: Db) {
  app.post(
    '/api/backend/content/topics/:key',
    {
      config,
      schema: {
        operationId: 'saveTopicPage',
        tags,
        summary: 'Save a topic page (created as a draft the first time); rich text is sanitised',
        params: keyParams,
        body: ZTopicInput,
        response: { 200: ZEnvelope(ZTopicAdmin) },
      },
    },
    async (request) =>
      ok(request, await adminSaveTopic(db, request.params.key, request.body, actorOf(request).user, request.locale)),
  );

  for (const [action, status] of [
    ['publish', 'published'],
    ['unpublish', 'draft'],
  ] as const) {
    app.post(
      `/api/backend/content/topics/:key/${action}`,
      {
        config,
        schema: {
          operationId: `${action}TopicPage`,
          tags,
          summary: `${action === 'publish' ? 'Publish' : 'Withdraw to draft'} a topic page`,
          params: keyParams,
          response: { 200: ZEnvelope(ZTopicAdmin) },
        },
      },
      async (request) => ok(request, await adminSetTopicStatus(db, request.params.key, status, actorOf(request).user)),
    );
  }
}

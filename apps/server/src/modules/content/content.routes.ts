/**
 * Public portal content (SPEC §7 content calls, survey jump, credentials, uncommon-character token).
 * Reads are cacheable (public-cache.ts). Access per SPEC §2: what the home shows to visitors is
 * public; the pages behind a log-in (products, market trends, topics, research, compliance) read
 * with 'active'. Mapping of the /hgcl calls: docs/decisions/0007-public-content.md.
 */

import { ZEnvelope, ZPage } from '@portal/shared';
import {
  ZBannerList,
  ZCheckEmailRequest,
  ZCheckEmailResult,
  ZCompliance,
  ZComplianceListQuery,
  ZComplianceSummary,
  ZConsultDetail,
  ZConsultListQuery,
  ZConsultSummary,
  ZInstitutionListQuery,
  ZModuleDetail,
  ZModuleListQuery,
  ZModuleSummary,
  ZPortugueseInstitution,
  ZReport,
  ZReportListQuery,
  ZTopic,
  ZTopicKey,
  ZTransKey,
  ZUncommonCharToken,
} from '@portal/shared/schemas/content';
import { PREVIEWABLE_MIME_TYPES, ZDownloadQuery } from '@portal/shared/schemas/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type FileStorage, StoredFileMissingError } from '../../platform/files/storage.ts';
import type {} from '../../platform/openapi.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { actorOf } from '../../platform/session.ts';
import { contentDisposition, downloadName } from '../files/index.ts';
import {
  contentFileEtag,
  etagMatches,
  findContentFile,
  listPublicArticles,
  listPublicBanners,
  listPublicCompliance,
  listPublicInstitutions,
  listPublicModules,
  listPublicReports,
  publicArticleDetail,
  publicComplianceDetail,
  publicModuleDetail,
  publicReportDetail,
  publicTopic,
  readContentFile,
} from './content.service.ts';
import type { FileUse } from './content-kinds.ts';
import type { ContentCache } from './public-cache.ts';
import { checkSurveyEmail, issueTransKey } from './questionnaire.service.ts';
import { fetchUncommonCharToken } from './uncommon-char.ts';

const cacheNote = 'Cacheable: ETag + Cache-Control; send If-None-Match to get 304 while nothing changed.';

type ContentDeps = { db: Db; config: Config; storage: FileStorage; cache: ContentCache };

const tags = ['content'];
const idParams = z.object({ id: z.string().min(1).max(64) });
const notModified = { 304: z.null().describe('Not modified (If-None-Match matched the ETag)') };
const fileParams = z.object({ lgcSn: z.string().min(1).max(64) });
const binary = {
  200: {
    description: "The file's bytes",
    content: { 'application/octet-stream': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
  },
};

export const contentRoutes: FastifyPluginAsyncZod<ContentDeps> = async (app, deps) => {
  registerHomeRoutes(app, deps);
  registerArticleRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerComplianceRoutes(app, deps);
  registerTopicRoutes(app, deps);
  registerContentFileRoutes(app, deps);
  registerExternalServiceRoutes(app, deps);
};

/** The home: banners and module entries. */
function registerHomeRoutes(app: RouteApp, { db, cache }: ContentDeps) {
  app.get(
    '/api/bannerP1/bannerListForP1',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'bannerListForP1',
        tags,
        summary: 'Home carousel: published banners inside their publish window, in order',
        description: cacheNote,
        querystring: z.object({ remark1: z.string().max(8).optional().describe("SPEC §7 sends '1'; ignored") }),
        response: { 200: ZEnvelope(ZBannerList), ...notModified },
      },
    },
    (request, reply) => cache.respond(request, reply, 'public', () => listPublicBanners(db)),
  );

  app.get(
    '/api/moduleInfoP1/moduleListForP1',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'moduleListForP1',
        tags,
        summary:
          "Module entries of one type: '0' understand-the-bank tiles, '1' products and services, '2' market-trend series",
        description: cacheNote,
        querystring: ZModuleListQuery,
        response: { 200: ZEnvelope(ZPage(ZModuleSummary)), ...notModified },
      },
    },
    (request, reply) =>
      cache.respond(request, reply, 'public', async () => ({ data: await listPublicModules(db, request.query) })),
  );

  app.get(
    '/api/moduleInfoP1/moduleDetail/:id',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'moduleDetail',
        tags,
        summary: 'One module entry; products and services (type 1) need a signed-in user',
        description: cacheNote,
        params: idParams,
        response: { 200: ZEnvelope(ZModuleDetail), ...notModified },
      },
    },
    async (request, reply) => {
      // Checked before the cache so a visitor never gets a product from the memo.
      const detail = await publicModuleDetail(db, request.params.id, request.auth?.user ?? null);
      return cache.respond(request, reply, detail.moduleType === '1' ? 'private' : 'public', async () => ({
        data: detail,
      }));
    },
  );
}

/** Market-trend and policy articles. */
function registerArticleRoutes(app: RouteApp, { db, cache }: ContentDeps) {
  app.get(
    '/api/consultInfoP1/queryConsultInfosP1',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'queryConsultInfosP1',
        tags,
        summary: 'Market-trend and policy articles, newest first (home teasers and /policyInformation)',
        description: cacheNote,
        querystring: ZConsultListQuery,
        response: { 200: ZEnvelope(ZPage(ZConsultSummary)), ...notModified },
      },
    },
    (request, reply) =>
      cache.respond(request, reply, 'public', async () => ({ data: await listPublicArticles(db, request.query) })),
  );

  app.get(
    '/api/consultInfoP1/consultInfoDetailP1/:id',
    {
      config: { access: 'active' },
      schema: {
        operationId: 'consultInfoDetailP1',
        tags,
        summary: 'One article with its sanitised body and previous/next links',
        description: cacheNote,
        params: idParams,
        response: { 200: ZEnvelope(ZConsultDetail), ...notModified },
      },
    },
    (request, reply) =>
      cache.respond(request, reply, 'private', async () => ({
        data: await publicArticleDetail(db, request.params.id),
      })),
  );
}

/** Research reports. */
function registerReportRoutes(app: RouteApp, { db, cache }: ContentDeps) {
  app.get(
    '/api/fchy/p1/getShowList',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getShowList',
        tags,
        summary: 'Research reports "FITs Your Wit", newest first (the PDF itself needs a log-in)',
        description: cacheNote,
        querystring: ZReportListQuery,
        response: { 200: ZEnvelope(ZPage(ZReport)), ...notModified },
      },
    },
    (request, reply) =>
      cache.respond(request, reply, 'public', async () => ({ data: await listPublicReports(db, request.query) })),
  );

  app.get(
    '/api/fchy/getFchyDetail/:id',
    {
      config: { access: 'active' },
      schema: {
        operationId: 'getFchyDetail',
        tags,
        summary: 'One research report',
        description: cacheNote,
        params: idParams,
        response: { 200: ZEnvelope(ZReport), ...notModified },
      },
    },
    (request, reply) =>
      cache.respond(request, reply, 'private', async () => ({ data: await publicReportDetail(db, request.params.id) })),
  );
}

/** Compliance materials (/hgcl). */
function registerComplianceRoutes(app: RouteApp, { db, cache }: ContentDeps) {
  app.get(
    '/api/hgcl/p1/frontList',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'complianceFrontListP1',
        tags,
        summary: 'Compliance materials: titles and summaries only (menu, visitors)',
        description: cacheNote,
        querystring: ZComplianceListQuery,
        response: { 200: ZEnvelope(ZPage(ZComplianceSummary)), ...notModified },
      },
    },
    (request, reply) =>
      cache.respond(request, reply, 'public', async () => ({
        data: await listPublicCompliance(db, request.query, false),
      })),
  );

  app.get(
    '/api/hgcl/frontList',
    {
      config: { access: 'active' },
      schema: {
        operationId: 'complianceFrontList',
        tags,
        summary: 'Compliance materials with body and file (/PolicyInformation/ComplianceList)',
        description: cacheNote,
        querystring: ZComplianceListQuery,
        response: { 200: ZEnvelope(ZPage(ZCompliance)), ...notModified },
      },
    },
    (request, reply) =>
      cache.respond(request, reply, 'private', async () => ({
        data: await listPublicCompliance(db, request.query, true),
      })),
  );

  app.get(
    '/api/hgcl/detail/:id',
    {
      config: { access: 'active' },
      schema: {
        operationId: 'complianceDetail',
        tags,
        summary: 'One compliance material',
        description: cacheNote,
        params: idParams,
        response: { 200: ZEnvelope(ZCompliance), ...notModified },
      },
    },
    (request, reply) =>
      cache.respond(request, reply, 'private', async () => ({
        data: await publicComplianceDetail(db, request.params.id),
      })),
  );
}

/** Portuguese-speaking institutions and the topic pages. */
function registerTopicRoutes(app: RouteApp, { db, cache }: ContentDeps) {
  app.get(
    '/api/hgcl/queryInst',
    {
      config: { access: 'active' },
      schema: {
        operationId: 'queryInst',
        tags,
        summary: 'Institutions in Portuguese-speaking countries (/portugueseLanguage)',
        description: cacheNote,
        querystring: ZInstitutionListQuery,
        response: { 200: ZEnvelope(ZPage(ZPortugueseInstitution)), ...notModified },
      },
    },
    (request, reply) =>
      cache.respond(request, reply, 'private', async () => ({ data: await listPublicInstitutions(db, request.query) })),
  );

  app.get(
    '/api/topic/:key',
    {
      config: { access: 'active' },
      schema: {
        operationId: 'getTopic',
        tags,
        summary: 'A topic page: crossBorderRmb, beltAndRoadInitiative, greenFinance, portugueseLanguage',
        description: cacheNote,
        params: z.object({ key: ZTopicKey }),
        response: { 200: ZEnvelope(ZTopic), ...notModified },
      },
    },
    (request, reply) =>
      cache.respond(request, reply, 'private', async () => ({ data: await publicTopic(db, request.params.key) })),
  );
}

/**
 * Sends a content file (content.service.ts findContentFile: files of other kinds and of drafts
 * are 404 to everyone but staff). The ETag is not derived from the bytes (contentFileEtag), and
 * If-None-Match is answered only after that check, comparing whole tags.
 */
async function sendContentFile(
  { db, storage }: Pick<ContentDeps, 'db' | 'storage'>,
  request: FastifyRequest,
  reply: FastifyReply,
  lgcSn: string,
  use: FileUse,
  inlineAsked: boolean,
): Promise<FastifyReply> {
  const { file, published } = await findContentFile(db, lgcSn, use, request.auth?.user ?? null);
  const etag = contentFileEtag(file);
  const cacheControl = !published
    ? 'private, no-store'
    : use === 'image'
      ? 'public, max-age=86400, immutable'
      : 'private, max-age=3600';
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (published && etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  let data: Buffer;
  try {
    data = await readContentFile(storage, file);
  } catch (error) {
    if (!(error instanceof StoredFileMissingError)) throw error;
    reply.log.error({ err: error, lgcSn }, 'stored content file missing');
    throw new AppError('PRT_NOT_FOUND');
  }
  const inline = use === 'image' || (inlineAsked && PREVIEWABLE_MIME_TYPES.includes(file.mime));
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(data.length))
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', downloadName(file)))
    .header('x-content-type-options', 'nosniff')
    .send(data);
}

/** Images and documents of portal content. */
function registerContentFileRoutes(app: RouteApp, deps: ContentDeps) {
  app.get(
    '/api/content/image/:lgcSn',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getContentImage',
        tags,
        summary: 'An image of portal content (banner, tile, cover, inline image); file ids never change content',
        description:
          'Only images used by a published entry (bank staff: also drafts); any other id, of any other file, is 404.',
        params: fileParams,
        response: { ...binary, ...notModified },
      },
    },
    (request, reply) => sendContentFile(deps, request, reply, request.params.lgcSn, 'image', true),
  );

  app.get(
    '/api/content/document/:lgcSn',
    {
      config: { access: 'active' },
      schema: {
        operationId: 'getContentDocument',
        tags,
        summary: 'A PDF of portal content (research report, compliance material, topic guide); ?inline=1 previews it',
        params: fileParams,
        querystring: ZDownloadQuery,
        response: { ...binary, ...notModified },
      },
    },
    (request, reply) =>
      sendContentFile(deps, request, reply, request.params.lgcSn, 'document', request.query.inline === '1'),
  );
}

/** Calls that hand over to another service: survey jump, partner page credentials, uncommon-character helper. */
function registerExternalServiceRoutes(app: RouteApp, { db, config }: ContentDeps) {
  app.post(
    '/api/qtn/checkEmail',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'checkEmail',
        rateLimited: true,
        tags,
        summary:
          "Survey jump: checks the reader's work e-mail and answers the questionnaire link with its encrypted parameter",
        description:
          'qtnLnkAdr = the link with `param` = base64url(iv ‖ AES-256-GCM ciphertext ‖ tag) of {"email","qtn","ts"}. Rate-limited per address.',
        body: ZCheckEmailRequest,
        response: { 200: ZEnvelope(ZCheckEmailResult) },
      },
    },
    async (request) => ok(request, await checkSurveyEmail(db, config, request.body, request.ip)),
  );

  app.get(
    '/api/pageForward/getTransKey',
    {
      config: { access: 'active' },
      schema: {
        operationId: 'getTransKey',
        errorStatuses: [404],
        tags,
        summary: 'Credentials for a partner page: appId, a signed 5-minute token naming the user, a fresh key (sm4)',
        description: 'Answers 404 when page forwarding is not configured.',
        response: { 200: ZEnvelope(ZTransKey) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(request, issueTransKey(config, actorOf(request).user));
    },
  );

  app.get(
    '/api/site/uncommonChar/token',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getUncommonCharToken',
        tags,
        summary: 'Uncommon-Chinese-character helper: a token from its service and the scripts to load',
        description:
          'data null when the helper is not configured; 503 when its service fails (the browser then loads nothing).',
        response: { 200: ZEnvelope(ZUncommonCharToken.nullable()) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(request, await fetchUncommonCharToken(config, request.log));
    },
  );
}

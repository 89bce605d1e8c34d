/**
 * Contract routes: the list of agreed cooperations with their contract status (SPEC §7
 * /cooperationManage/queryCooperationInfos), the contract page (/previewContract, /signContract)
 * under /api/contracts/{intentionLgcSn}, deleting an unconfirmed upload (contractUploadDel), and
 * the public check of a signed PDF (/api/verify). Rules in contracts.service.ts.
 */

import { LOCALES, ZEnvelope } from '@portal/shared';
import {
  CONTRACT_MAX_BYTES,
  ZContractDeleteRequest,
  ZContractView,
  ZCooperationInfoPage,
  ZCooperationInfoQuery,
  ZSignRequest,
  ZVerifyReport,
} from '@portal/shared/schemas/contracts';
import { ZCodeSent } from '@portal/shared/schemas/seals';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readSingleFile } from '../../platform/files/multipart.ts';
import { okExample } from '../../platform/openapi.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { actorOf } from '../../platform/session.ts';
import { downloadName, sendFileBytes } from '../files/index.ts';
import {
  type Client,
  type ContractDeps,
  confirmContract,
  contractFile,
  contractView,
  cooperationInfos,
  deleteUpload,
  recordContractView,
  sendSignCode,
  signContract,
  uploadContract,
} from './contracts.service.ts';
import { evidenceReport } from './evidence.service.ts';
import { verifyPdf } from './verify.service.ts';

/** The address and browser of a step, for the audit trail (a User-Agent is cut at 300 characters). */
const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
});

const ZIntentionParams = z.object({ intentionLgcSn: z.string().min(1).max(64) });
const PDF_RESPONSE = {
  description: 'The PDF',
  content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
};
/** A download opened by a link: the language the portal shows, which the link carries. */
const ZDownloadQuery = z.object({ lang: z.enum(LOCALES).optional() });
const FILE_LIMIT = { maxBytes: CONTRACT_MAX_BYTES, label: '10 MB' };
/** Verifications per client address and hour (each reads up to 10 MB). */
const VERIFY_LIMIT = { limit: 60, windowSeconds: 3600 };

/** Documentation examples of signing (OpenAPI; `npm run openapi:check` checks them against their schemas). */
const EXAMPLE_INTENTION = 'c0554317-401f-44d1-83dd-9b9e2e87f88c';
const EXAMPLE_SEAL = { sealNo: 'ES2027000001', sealName: 'Contract seal' };
const EXAMPLE_HASHES = {
  confirmed: 'd9e4aff2be8efe390390c0e977305e95b0e5fc026067a7823a721d9b5b8d3830',
  signed: 'd11033c23e0f60542808f20ed481f3fcb0cec43856e664a64faf915ff7a3f758',
};
const exampleEvent = (event: Record<string, unknown>) => ({
  actorName: 'Amy Chan',
  institutionName: 'Harbour Bank',
  sealNo: null,
  sealName: null,
  page: null,
  ip: '203.0.113.24',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Safari/537.36',
  sha256Before: EXAMPLE_HASHES.confirmed,
  sha256After: EXAMPLE_HASHES.confirmed,
  fileName: 'contract.pdf',
  ...event,
});
/** A signature: the mailed code, one seal placed on page 2. */
const EXAMPLE_SIGN = {
  code: 'R8WD',
  placements: [{ sealLgcSn: '0b6f4c1e-3a52-4c8e-9d7a-2f1e6b5a4c3d', page: 2, x: 0.62, y: 0.78 }],
};
/** The publisher has signed; the counterpart has not yet. */
const EXAMPLE_SIGNED_VIEW = {
  intentionLgcSn: EXAMPLE_INTENTION,
  contractLgcSn: '507acda6-7fc9-4363-ab93-e849a2757318',
  requestLgcSn: '7765cb2e-7c03-47da-a460-b70690657425',
  requestName: 'USD 5m bilateral loan, 180 days',
  requestClosed: null,
  title: 'Bilateral loan agreement',
  status: 'signing',
  confirmed: true,
  confirmedAt: '2027-01-12T08:30:41.126Z',
  file: {
    name: 'contract.pdf',
    size: 32205,
    sha256: EXAMPLE_HASHES.signed,
    pageCount: 2,
    url: `/api/contracts/${EXAMPLE_INTENTION}/file`,
  },
  parties: [
    {
      party: 'publisher',
      institutionName: 'Harbour Bank',
      swiftCode: 'HARBHKHH',
      signedAt: '2027-01-12T09:02:17.162Z',
      signerName: 'Amy Chan',
      seals: [EXAMPLE_SEAL],
    },
    {
      party: 'counterpart',
      institutionName: 'North Shore Bank',
      swiftCode: 'NSHBPTPL',
      signedAt: null,
      signerName: null,
      seals: [],
    },
  ],
  myParty: 'publisher',
  can: { upload: false, delete: false, confirm: false, sign: false },
  events: [
    exampleEvent({ kind: 'uploaded', at: '2027-01-12T08:12:05.097Z', sha256Before: null }),
    exampleEvent({
      kind: 'confirmed',
      at: '2027-01-12T08:30:41.125Z',
      actorName: 'Ingrid Berg',
      institutionName: 'North Shore Bank',
      ip: '198.51.100.7',
    }),
    exampleEvent({
      kind: 'placed',
      at: '2027-01-12T09:02:17.162Z',
      ...EXAMPLE_SEAL,
      page: 2,
      sha256Before: null,
      sha256After: null,
      fileName: null,
    }),
    exampleEvent({
      kind: 'signed',
      at: '2027-01-12T09:02:17.162Z',
      ...EXAMPLE_SEAL,
      sha256After: EXAMPLE_HASHES.signed,
    }),
  ],
  signedPdfUrl: null,
  evidenceUrl: null,
};

function sendPdf(reply: FastifyReply, name: string, data: Buffer, kind: 'inline' | 'attachment') {
  return sendFileBytes(reply, { name, mime: 'application/pdf', data }, kind);
}

const active = { access: 'active' as const };
const tags = ['contracts'];

export const contractRoutes: FastifyPluginAsyncZod<ContractDeps> = async (app, deps) => {
  registerCooperationRoutes(app, deps);
  registerFileRoutes(app, deps);
  registerUploadRoutes(app, deps);
  registerSigningRoutes(app, deps);
  registerEvidenceRoutes(app, deps);
  registerVerifyRoutes(app, deps);
};

/** The list of agreed cooperations, and the contract of one. */
function registerCooperationRoutes(app: RouteApp, deps: ContractDeps) {
  app.get(
    '/api/cooperationManage/queryCooperationInfos',
    {
      config: active,
      schema: {
        operationId: 'queryCooperationInfos',
        tags,
        summary: "My institution's agreed cooperations with their contract status, most recently agreed first",
        querystring: ZCooperationInfoQuery,
        response: { 200: ZEnvelope(ZCooperationInfoPage) },
      },
    },
    async (request) => ok(request, await cooperationInfos(deps, actorOf(request).user, request.query)),
  );
  app.get(
    '/api/contracts/:intentionLgcSn',
    {
      config: active,
      schema: {
        operationId: 'getContract',
        tags,
        summary: 'The contract of an agreed intention: status, parties, file, what the reader may do, audit trail',
        description: 'For the two parties and bank staff; anyone else is answered 404.',
        params: ZIntentionParams,
        response: { 200: ZEnvelope(ZContractView) },
      },
    },
    async (request) => ok(request, await contractView(deps, actorOf(request).user, request.params.intentionLgcSn)),
  );
}

/** The contract's PDF, and a party's opening of it (audit trail). */
function registerFileRoutes(app: RouteApp, deps: ContractDeps) {
  app.get(
    '/api/contracts/:intentionLgcSn/file',
    {
      config: active,
      schema: {
        operationId: 'getContractFile',
        tags,
        summary: "The contract's PDF: the current version (default), the original upload, or the signed one",
        params: ZIntentionParams,
        querystring: z.object({ version: z.enum(['current', 'original', 'signed']).default('current') }),
        response: { 200: PDF_RESPONSE },
      },
    },
    async (request, reply) => {
      const { file, data } = await contractFile(
        deps,
        actorOf(request).user,
        request.params.intentionLgcSn,
        request.query.version,
      );
      return sendPdf(reply, downloadName(file), data, request.query.version === 'signed' ? 'attachment' : 'inline');
    },
  );
  app.post(
    '/api/contracts/:intentionLgcSn/viewed',
    {
      config: active,
      schema: {
        operationId: 'recordContractView',
        tags,
        summary:
          "A party opened the contract's file: recorded in the audit trail (once an hour per person and version)",
        description: 'For the two parties; `recorded` is false when this person viewed this version in the last hour.',
        params: ZIntentionParams,
        response: { 200: ZEnvelope(z.object({ recorded: z.boolean() })) },
      },
    },
    async (request) =>
      ok(
        request,
        await recordContractView(deps, actorOf(request).user, request.params.intentionLgcSn, clientOf(request)),
      ),
  );
}

/** Before signing: uploading the PDF, deleting it, confirming it. */
function registerUploadRoutes(app: RouteApp, deps: ContractDeps) {
  app.post(
    '/api/contracts/:intentionLgcSn/upload',
    {
      config: { ...active, multipart: true },
      schema: {
        operationId: 'uploadContract',
        tags,
        summary: 'Upload the contract PDF (multipart: optional `title`, then `file`; at most 10 MB, a PDF by content)',
        params: ZIntentionParams,
        response: { 200: ZEnvelope(ZContractView) },
      },
    },
    async (request) => {
      const { fields, file } = await readSingleFile(request, FILE_LIMIT);
      const title = z.string().trim().max(200).optional().safeParse(fields.title);
      return ok(
        request,
        await uploadContract(
          deps,
          actorOf(request).user,
          request.params.intentionLgcSn,
          { title: title.success ? title.data : undefined, file },
          clientOf(request),
        ),
      );
    },
  );
  app.post(
    '/api/cooperationManage/contractUploadDel',
    {
      config: active,
      schema: {
        operationId: 'contractUploadDel',
        tags,
        summary: 'Delete the uploaded contract while it is not confirmed',
        body: ZContractDeleteRequest,
        response: { 200: ZEnvelope(ZContractView) },
      },
    },
    async (request) =>
      ok(request, await deleteUpload(deps, actorOf(request).user, request.body.intentionLgcSn, clientOf(request))),
  );
  app.post(
    '/api/contracts/:intentionLgcSn/confirm',
    {
      config: active,
      schema: {
        operationId: 'confirmContract',
        tags,
        summary: 'Confirm the uploaded contract: it can no longer be deleted or replaced, and may be signed',
        params: ZIntentionParams,
        response: { 200: ZEnvelope(ZContractView) },
      },
    },
    async (request) =>
      ok(request, await confirmContract(deps, actorOf(request).user, request.params.intentionLgcSn, clientOf(request))),
  );
}

/** Signing: the mailed code, then the signature. */
function registerSigningRoutes(app: RouteApp, deps: ContractDeps) {
  app.post(
    '/api/contracts/:intentionLgcSn/sign-code',
    {
      config: active,
      schema: {
        operationId: 'sendContractSignCode',
        rateLimited: true,
        tags,
        summary: 'Mail the signer the code that confirms their signature (again after 60 s)',
        params: ZIntentionParams,
        response: { 200: ZEnvelope(ZCodeSent) },
      },
    },
    async (request) =>
      ok(
        request,
        await sendSignCode(
          deps,
          actorOf(request).user,
          request.params.intentionLgcSn,
          request.locale,
          clientOf(request),
        ),
      ),
  );
  app.post(
    '/api/contracts/:intentionLgcSn/sign',
    {
      config: active,
      schema: {
        operationId: 'signContract',
        tags,
        summary:
          'Sign for my institution: its seals placed on the pages, one PAdES signature, confirmed by the mailed code',
        params: ZIntentionParams,
        body: ZSignRequest.meta({ examples: [EXAMPLE_SIGN] }),
        response: { 200: ZEnvelope(ZContractView).meta({ examples: [okExample(EXAMPLE_SIGNED_VIEW)] }) },
      },
    },
    async (request) =>
      ok(
        request,
        await signContract(
          deps,
          actorOf(request).user,
          request.params.intentionLgcSn,
          request.body,
          request.locale,
          clientOf(request),
        ),
      ),
  );
}

/** The evidence report of a signed contract. */
function registerEvidenceRoutes(app: RouteApp, deps: ContractDeps) {
  app.get(
    '/api/contracts/:intentionLgcSn/evidence',
    {
      config: active,
      schema: {
        operationId: 'getContractEvidence',
        tags,
        summary:
          'The evidence report of a signed contract (PDF in the reader’s language, signed by the portal, made once at completion)',
        description:
          'In the language of `lang` when given (a download link cannot send the app’s `lang` header), else of the request.',
        params: ZIntentionParams,
        querystring: ZDownloadQuery,
        response: { 200: PDF_RESPONSE },
      },
    },
    async (request, reply) => {
      const locale = request.query.lang ?? request.locale;
      reply.header('content-language', locale);
      const report = await evidenceReport(deps, actorOf(request).user, request.params.intentionLgcSn, locale);
      return sendPdf(reply, report.name, report.data, 'attachment');
    },
  );
}

/** The public check of any signed PDF. */
function registerVerifyRoutes(app: RouteApp, deps: ContractDeps) {
  app.post(
    '/api/verify',
    {
      config: { access: 'public', multipart: true },
      schema: {
        operationId: 'verifyPdf',
        rateLimited: true,
        tags,
        summary: 'Check the signatures of any PDF (multipart: `file`, at most 10 MB); no log-in',
        response: { 200: ZEnvelope(ZVerifyReport) },
      },
    },
    async (request) => {
      await enforceRateLimit(deps.db, { key: `verify:ip:${request.ip}`, ...VERIFY_LIMIT });
      const { file } = await readSingleFile(request, FILE_LIMIT);
      return ok(request, await verifyPdf(deps, file));
    },
  );
}

import type { Readable } from 'node:stream';
import { type Locale, ZEnvelope } from '@portal/shared';
import {
  FILE_PURPOSES,
  PREVIEWABLE_MIME_TYPES,
  type TFilePurpose,
  ZDownloadQuery,
  ZFilePurpose,
  ZUploadResult,
} from '@portal/shared/schemas/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import {
  allowedTypeOfMime,
  cleanFileName,
  FILE_PURPOSE_RULES,
  MAX_UPLOAD_FILE_BYTES,
  nameForType,
} from '../../platform/files/file-types.ts';
import { FILE_FIELD, fileOrField, MULTIPART_LIMITS } from '../../platform/files/multipart.ts';
import { type FileStorage, StoredFileMissingError } from '../../platform/files/storage.ts';
import type {} from '../../platform/openapi.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { actorOf, isStaff } from '../../platform/session.ts';
import { fieldError } from '../../platform/validation-errors.ts';
import {
  authorizeUpload,
  countUpload,
  type IncomingFile,
  type IsEmailRegistered,
  openFile,
  saveUploads,
  type Uploader,
} from './files.service.ts';

/**
 * `filename*` (RFC 6266/8187) carries the real name in UTF-8, percent-encoded down to RFC 8187's
 * attr-chars; `filename` an ASCII stand-in for old clients. Nothing of the name can break out of
 * the header, and control, bidi and zero-width characters are dropped (cleanFileName).
 */
export function contentDisposition(kind: 'attachment' | 'inline', rawName: string): string {
  const name = cleanFileName(rawName);
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The name a stored file is sent under: cleaned, with its detected type's extension — also for
 * rows kept before names got that rule (a PNG once stored as `poly.html` downloads as `poly.png`).
 */
export function downloadName(file: { originalName: string; mime: string }): string {
  const type = allowedTypeOfMime(file.mime);
  return type ? nameForType(file.originalName, type) : cleanFileName(file.originalName);
}

function parsePurpose(value: string | undefined, locale: Locale): TFilePurpose {
  const parsed = ZFilePurpose.safeParse(value);
  if (parsed.success) return parsed.data;
  throw fieldError(locale, 'purpose', value ? 'oneOf' : 'required', { values: FILE_PURPOSES.join(', ') });
}

/** The multipart parser's own failures, as the portal's errors. */
function multipartFailure(error: unknown, purpose: TFilePurpose | null, locale: Locale): unknown {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PRT_PAYLOAD_TOO_LARGE', {
        limit: purpose ? FILE_PURPOSE_RULES[purpose].limit : `${MAX_UPLOAD_FILE_BYTES / 1_048_576} MB`,
      });
    case 'FST_FILES_LIMIT':
      return fieldError(locale, FILE_FIELD, 'tooManyItems', { max: MULTIPART_LIMITS.files });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError('PRT_BAD_REQUEST');
  }
  // A body cut short or not multipart at all (busboy's messages): the client's fault.
  if (error instanceof Error && !('statusCode' in error && Number(error.statusCode) >= 500)) {
    return new AppError('PRT_BAD_REQUEST');
  }
  return error;
}

/**
 * Sends a file's bytes as every download does: its type, length, name (inline or as an
 * attachment), no sniffing, never cached by shared caches. The bytes are a buffer, or a stream
 * from the file storage with the length recorded for the file.
 */
export function sendFileBytes(
  reply: FastifyReply,
  file: { name: string; mime: string; data: Buffer } | { name: string; mime: string; data: Readable; size: number },
  disposition: 'inline' | 'attachment',
) {
  return reply
    .header('content-type', file.mime)
    .header('content-length', String('size' in file ? file.size : file.data.length))
    .header('content-disposition', contentDisposition(disposition, file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.data);
}

type FileDeps = { db: Db; config: Config; storage: FileStorage; isEmailRegistered: IsEmailRegistered };

const tags = ['files'];

/** Who may upload for which purpose: decided once, when the first file arrives (its bytes are read only after that). */
async function authorizePurpose(
  { db, isEmailRegistered }: FileDeps,
  request: FastifyRequest,
  fields: Record<string, string>,
): Promise<{ purpose: TFilePurpose; uploader: Uploader }> {
  const locale = request.locale;
  const purpose = parsePurpose(fields.purpose, locale);
  // Feedback images come with their feedback (POST /api/feedback/submit); content files are staff's.
  // A contract comes with its cooperation (POST /api/contracts/{intentionLgcSn}/upload).
  if (purpose === 'feedback' || purpose === 'contract') throw fieldError(locale, 'purpose', 'invalid');
  // A seal's files are its applicant's: signed-in users only.
  if (purpose.startsWith('seal') && !request.auth) throw new AppError('PRT_UNAUTHENTICATED');
  if (purpose.startsWith('content') && !(request.auth && isStaff(request.auth.user))) {
    throw new AppError(request.auth ? 'PRT_FORBIDDEN' : 'PRT_UNAUTHENTICATED');
  }
  return {
    purpose,
    uploader: await authorizeUpload(db, request.auth?.user ?? null, fields, locale, isEmailRegistered),
  };
}

/** Reads a multipart upload (text fields, then files), checks who may upload it, and stores the files. */
async function receiveUpload(deps: FileDeps, request: FastifyRequest) {
  const { db, storage } = deps;
  if (!request.isMultipart()) {
    throw new AppError('PRT_UNSUPPORTED_MEDIA_TYPE', { type: request.headers['content-type'] ?? '-' });
  }
  const locale = request.locale;
  await countUpload(db, request.ip);
  const fields: Record<string, string> = {};
  const files: IncomingFile[] = [];
  let decided: { purpose: TFilePurpose; uploader: Uploader } | null = null;
  try {
    for await (const part of request.parts()) {
      const file = fileOrField(part, fields, locale);
      if (!file) continue;
      decided ??= await authorizePurpose(deps, request, fields);
      files.push({ name: file.filename, data: await file.toBuffer() });
    }
  } catch (error) {
    throw multipartFailure(error, decided?.purpose ?? null, locale);
  }
  decided ??= await authorizePurpose(deps, request, fields);
  return saveUploads(db, storage, { ...decided, files, locale });
}

/**
 * Files (SPEC §7 /fileP1/upload, /fileP1/download). Rules in files.service.ts. A visitor's upload
 * asks `isEmailRegistered` (the users module's, handed in by app.ts) whether the address is taken.
 */
export const fileRoutes: FastifyPluginAsyncZod<FileDeps> = async (app, deps) => {
  registerUploadRoute(app, deps);
  registerDownloadRoute(app, deps);
};

function registerUploadRoute(app: RouteApp, deps: FileDeps) {
  app.post(
    '/api/fileP1/upload',
    {
      config: { access: 'public', multipart: true },
      schema: {
        operationId: 'upload',
        rateLimited: true,
        tags,
        summary:
          'Upload files (multipart/form-data): a signed-in user, or a visitor registering with emailAdr + emailCode',
        description: [
          'Text fields first, then the files (browsers send FormData in that order):',
          '`purpose` = `attachment` (signed-in users also `sealImage`, `sealAuthorization`; bank staff also `contentImage`, `contentDocument`); for a visitor, `emailAdr` and `emailCode` (the registration code, checked',
          'but not used up; a wrong one counts as a try); then 1–5 parts named `file`, 10 MB each.',
          'Types are decided by content: pdf, doc, docx, xls, xlsx, jpg, png, bmp (413 too big, 415 other types);',
          'a PDF with JavaScript, launch or automatic actions is refused (422 PRT_PDF_ACTIVE_CONTENT).',
          "A file keeps its name with its detected type's extension (a PNG sent as poly.html is poly.png),",
          'without control, bidi or zero-width characters.',
          "A visitor's files belong to the address until its registration lists them in `profile.introAttachments`.",
          'Access is checked here, not by the session alone: the route is public for registering visitors.',
          'Rate-limited per client address.',
        ].join(' '),
        response: { 200: ZEnvelope(ZUploadResult) },
      },
    },
    async (request) => ok(request, { list: await receiveUpload(deps, request) }),
  );
}

function registerDownloadRoute(app: RouteApp, { db, storage }: FileDeps) {
  app.get(
    '/api/fileP1/download/:lgcSn',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'download',
        tags,
        summary: 'A file: for its owner, bank staff, and the user it is attached to (others: 404)',
        description:
          'Sent as an attachment with the type found in its content; `?inline=1` shows PDF and images in the browser.',
        params: z.object({ lgcSn: z.string().min(1).max(64) }),
        querystring: ZDownloadQuery,
        response: {
          200: {
            description: "The file's bytes",
            content: { 'application/octet-stream': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      let opened: Awaited<ReturnType<typeof openFile>>;
      try {
        opened = await openFile(db, storage, actorOf(request).user, request.params.lgcSn);
      } catch (error) {
        if (!(error instanceof StoredFileMissingError)) throw error;
        request.log.error({ err: error, lgcSn: request.params.lgcSn }, 'stored file missing');
        throw new AppError('PRT_NOT_FOUND');
      }
      const { file, data } = opened;
      const inline = request.query.inline === '1' && PREVIEWABLE_MIME_TYPES.includes(file.mime);
      return sendFileBytes(
        reply,
        { name: downloadName(file), mime: file.mime, data, size: file.sizeBytes },
        inline ? 'inline' : 'attachment',
      );
    },
  );
}

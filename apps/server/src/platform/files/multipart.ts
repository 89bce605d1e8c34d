/**
 * multipart/form-data for the routes that take files. @fastify/multipart reads nothing by itself
 * (no attachFieldsToBody): a route that declares `config.multipart: true` reads the parts as they
 * stream in (request.parts()). Any other route still answers a multipart body with 415, as it did
 * before the parser was registered.
 *
 * Limits per request: files of at most MAX_UPLOAD_FILE_BYTES (busboy cuts a longer one and the
 * route answers 413), MAX_FILES_PER_UPLOAD files, a few short text fields. A field whose name or
 * value contains NUL is refused with 422 as the route reads it (refuseNulInParts).
 */
import multipart, { type Multipart, type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { MAX_FILES_PER_UPLOAD } from '@portal/shared/schemas/files';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { refuseNulInParts } from '../validation.ts';
import { fieldError } from '../validation-errors.ts';
import { MAX_UPLOAD_FILE_BYTES } from './file-types.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads multipart/form-data bodies itself (request.parts()). */
    multipart?: boolean;
  }
}

export const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_FILE_BYTES,
  files: MAX_FILES_PER_UPLOAD,
  fields: 10,
  fieldSize: 1024,
  parts: 20,
  headerPairs: 100,
} as const;

export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, { limits: MULTIPART_LIMITS });
    app.addHook('preValidation', async (request) => {
      if (!request.isMultipart()) return;
      if (!request.routeOptions.config.multipart) {
        throw new AppError('PRT_UNSUPPORTED_MEDIA_TYPE', { type: 'multipart/form-data' });
      }
      // A field with NUL is refused as it is read, like any other text (platform/validation.ts).
      const parts = request.parts.bind(request);
      request.parts = (options) => refuseNulInParts(parts(options), request.locale);
    });
  },
  { name: 'multipart', dependencies: ['errors'] },
);

/** The form field every upload's files come under. */
export const FILE_FIELD = 'file';

/**
 * One part of a multipart form, as a route reads them: a text field is kept in `fields` (a
 * repeated name keeps its first value) and null returned; a file under FILE_FIELD is returned;
 * a file under any other name is refused (422 naming it).
 */
export function fileOrField(
  part: Multipart,
  fields: Record<string, string>,
  locale: FastifyRequest['locale'],
): MultipartFile | null {
  if (part.type === 'field') {
    const value = (part as MultipartValue<unknown>).value;
    if (typeof value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = value;
    return null;
  }
  const file = part as MultipartFile;
  if (file.fieldname !== FILE_FIELD) throw fieldError(locale, file.fieldname, 'unknownKeys', { keys: file.fieldname });
  return file;
}

/**
 * Reads a form with text fields and exactly one file named `file` (a contract to upload, a PDF to
 * verify), within `limit` (the purpose's size, e.g. '10 MB'). Parser failures become the portal's
 * errors: 413 over the limit, 422 for a missing or second file, 400 for a broken body.
 */
export async function readSingleFile(
  request: FastifyRequest,
  limit: { maxBytes: number; label: string },
): Promise<{ fields: Record<string, string>; file: { name: string; data: Buffer } }> {
  if (!request.isMultipart()) {
    throw new AppError('PRT_UNSUPPORTED_MEDIA_TYPE', { type: request.headers['content-type'] ?? '-' });
  }
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit.maxBytes, files: 1 } })) {
      const upload = fileOrField(part, fields, request.locale);
      if (upload) file = { name: upload.filename, data: await upload.toBuffer() };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PRT_PAYLOAD_TOO_LARGE', { limit: limit.label });
    if (code === 'FST_FILES_LIMIT') throw fieldError(request.locale, FILE_FIELD, 'tooManyItems', { max: 1 });
    if (error instanceof Error && !('statusCode' in error && Number(error.statusCode) >= 500)) {
      throw new AppError('PRT_BAD_REQUEST');
    }
    throw error;
  }
  if (!file) throw fieldError(request.locale, FILE_FIELD, 'required');
  return { fields, file };
}

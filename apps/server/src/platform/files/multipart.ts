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
import multipart from '@fastify/multipart';
import { MAX_FILES_PER_UPLOAD } from '@portal/shared/schemas/files';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { refuseNulInParts } from '../validation.ts';
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

/**
 * Errors as the API speaks them: every failure becomes the envelope `{ code, message, data }`
 * with the HTTP status of its code and a message in the request's language. No stack trace or
 * internal message ever reaches a client.
 */
import { ERROR_STATUS, type ErrorCode, localizeIssues, type TFieldError } from '@portal/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** A failure the application expects and explains (thrown from services and routes). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fields?: TFieldError[],
  ) {
    super(code);
    this.name = 'AppError';
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1_048_576 ? `${Math.round(bytes / 104_857.6) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  params: Record<string, string | number> = {},
  fields?: TFieldError[],
) {
  // Clients (and the web's countdowns) learn how long to wait.
  if (ERROR_STATUS[code] === 429 && typeof params.seconds === 'number')
    reply.header('retry-after', String(params.seconds));
  return reply
    .code(ERROR_STATUS[code])
    .type('application/json; charset=utf-8')
    .send({ code, message: request.t(`errors.${code}`, params), data: fields ? { fields } : null });
}

/** Maps anything thrown to an error code, the parameters of its message and any field errors. */
function classify(
  error: FastifyError,
  request: FastifyRequest,
  bodyLimit: number,
): { code: ErrorCode; params?: Record<string, string | number>; fields?: TFieldError[] } {
  if (error instanceof AppError) return { code: error.code, params: error.params, fields: error.fields };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext as 'body' | 'querystring' | 'params' | 'headers' | undefined;
    const input = context === 'querystring' ? request.query : context ? request[context] : undefined;
    // The type provider flattens each zod issue; put it back together to localise it.
    const issues = error.validation.map(
      (v) =>
        ({
          ...v.params,
          code: v.keyword,
          message: v.message,
          path: v.instancePath
            .split('/')
            .filter(Boolean)
            .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)),
        }) as unknown as z.core.$ZodIssue,
    );
    const fields = localizeIssues(issues, request.locale, input);
    return { code: 'PRT_VALIDATION', params: { details: fields.map((f) => f.message).join(' ') }, fields };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'PRT_BAD_JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'PRT_PAYLOAD_TOO_LARGE', params: { limit: formatBytes(bodyLimit) } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'PRT_UNSUPPORTED_MEDIA_TYPE', params: { type: request.headers['content-type'] ?? '-' } };
  }
  // Body-parser errors from JSON.parse carry a SyntaxError with status 400.
  if (error instanceof SyntaxError && error.statusCode === 400) return { code: 'PRT_BAD_JSON' };
  const status = error.statusCode ?? 500;
  if (status === 429) return { code: 'PRT_RATE_LIMITED', params: { seconds: 60 } };
  if (status === 413) return { code: 'PRT_PAYLOAD_TOO_LARGE', params: { limit: formatBytes(bodyLimit) } };
  if (status === 415)
    return { code: 'PRT_UNSUPPORTED_MEDIA_TYPE', params: { type: request.headers['content-type'] ?? '-' } };
  if (status === 404) return { code: 'PRT_NOT_FOUND' };
  if (status >= 400 && status < 500) return { code: 'PRT_BAD_REQUEST' };
  return { code: 'PRT_INTERNAL', params: { requestId: request.id } };
}

export const errorsPlugin = fp(
  async (app: FastifyInstance, options: { bodyLimit: number }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { code, params, fields } = classify(error, request, options.bodyLimit);
      if (code === 'PRT_INTERNAL') {
        const what = isResponseSerializationError(error) ? 'response does not match its schema' : 'unhandled error';
        request.log.error({ err: error }, what);
      } else if (!(error instanceof AppError)) {
        request.log.info({ code, reason: error.message }, 'request rejected');
      }
      return sendError(request, reply, code, params, fields);
    });
  },
  { name: 'errors', dependencies: ['i18n'] },
);

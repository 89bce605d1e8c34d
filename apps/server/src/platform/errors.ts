/**
 * Errors as the API speaks them: every failure becomes the envelope `{ code, message, data }`
 * with the HTTP status of its code and a message in the request's language. No stack trace or
 * internal message, and no name of the framework, ever reaches a client.
 *
 * Three ways in: the error handler (anything a hook, parser or route throws), the router's own
 * errors (a malformed URL, an over-long path parameter: `frameworkErrorHandler`, given to Fastify
 * as `frameworkErrors`, answered before any hook has run) and HTTP the server cannot parse at all
 * (`clientErrorHandler`). A database that cannot be reached answers 503 with Retry-After.
 */
import type { Socket } from 'node:net';
import {
  ERROR_STATUS,
  type ErrorCode,
  fieldLabelsOf,
  localizeIssues,
  type TFieldError,
  translate,
} from '@portal/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requestLocale } from './i18n.ts';
import { securityHeaders } from './security.ts';

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

/**
 * The HTTP status an error stands for: an AppError's by its code (a hook's 422 for a NUL in a
 * query, say), a framework error's own, anything else 500. For error handlers of routes that
 * answer in another protocol's format (OCSP, time-stamping) and must tell the client's fault
 * from the server's.
 */
export function statusOf(error: unknown): number {
  if (error instanceof AppError) return error.status;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : 500;
}

/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * Error codes that mean the database is out of reach, not that the statement was wrong: socket
 * failures, and PostgreSQL's connection exceptions (class 08), administrator / crash shutdown,
 * "cannot connect now" (starting up or in recovery) and "too many connections".
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** What pg, its pool and PGlite say when there is no connection to run a statement on. */
const UNREACHABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|not queryable|Cannot use a pool after calling end|PGlite is closed/i;

/** Whether an error means the database cannot be reached (answered 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return UNREACHABLE_MESSAGES.test(error.message);
}

function formatBytes(bytes: number): string {
  return bytes >= 1_048_576 ? `${Math.round(bytes / 104_857.6) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Parameters that are words of the API (a seal's state), put into the reader's language before
 * they go into a message: by error code, the parameter and the texts that name its values.
 */
const WORD_PARAMS: Partial<Record<ErrorCode, Record<string, string>>> = {
  PRT_SEAL_NOT_USABLE: { state: 'errors.sealStates' },
  PRT_SEAL_NOT_EFFECTIVE: { state: 'errors.sealStates' },
  PRT_SEAL_DECIDED: { state: 'errors.sealStates' },
};

function inReaderWords(request: FastifyRequest, code: ErrorCode, params: Record<string, string | number>) {
  const words = WORD_PARAMS[code];
  if (!words) return params;
  const named = { ...params };
  for (const [param, texts] of Object.entries(words)) {
    const value = params[param];
    if (value === undefined) continue;
    const key = `${texts}.${value}`;
    const text = request.t(key);
    // An unknown value stays as it is rather than showing the key.
    if (text !== key) named[param] = text;
  }
  return named;
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
  if (code === 'PRT_SERVICE_UNAVAILABLE' && typeof params.retryAfter === 'number')
    reply.header('retry-after', String(params.retryAfter));
  return reply
    .code(ERROR_STATUS[code])
    .type('application/json; charset=utf-8')
    .send({
      code,
      message: request.t(`errors.${code}`, inReaderWords(request, code, params)),
      data: fields ? { fields } : null,
    });
}

/** Maps anything thrown to an error code, the parameters of its message and any field errors. */
function classify(
  error: FastifyError,
  request: FastifyRequest,
  bodyLimit: number,
): { code: ErrorCode; params?: Record<string, string | number>; fields?: TFieldError[] } {
  if (error instanceof AppError) return { code: error.code, params: error.params, fields: error.fields };
  if (isDatabaseUnavailable(error))
    return { code: 'PRT_SERVICE_UNAVAILABLE', params: { retryAfter: UNAVAILABLE_RETRY_SECONDS } };
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
    // A form's own labels registered on the route's schema (`labelFields`) name its fields.
    const schema = context
      ? (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context]
      : undefined;
    const fields = localizeIssues(issues, request.locale, input, fieldLabelsOf(schema));
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
      } else if (code === 'PRT_SERVICE_UNAVAILABLE' && !(error instanceof AppError)) {
        request.log.error({ err: error }, 'database unavailable');
      } else if (!(error instanceof AppError)) {
        request.log.info({ code, reason: error.message }, 'request rejected');
      }
      return sendError(request, reply, code, params, fields);
    });
  },
  { name: 'errors', dependencies: ['i18n'] },
);

/**
 * Fastify's `frameworkErrors`: errors the router raises before any hook runs (a URL that does
 * not decode, a path parameter longer than `maxParamLength`). No hook has set the language, the
 * request id header or the security headers, and the request has no decorators, so this sets
 * them itself.
 */
export function frameworkErrorHandler(options: { bodyLimit: number; hsts: boolean }) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const locale = requestLocale(request);
    const { code, params = {} } = classify(error, request, options.bodyLimit);
    if (code === 'PRT_INTERNAL') request.log.error({ err: error }, 'unhandled router error');
    else request.log.info({ code, reason: error.message }, 'request rejected');
    reply
      .headers({
        ...securityHeaders({ hsts: options.hsts }),
        'x-request-id': request.id,
        'content-language': locale,
        vary: 'lang, accept-language',
      })
      .code(ERROR_STATUS[code])
      .type('application/json; charset=utf-8')
      .send({ code, message: translate(locale, `errors.${code}`, params), data: null });
  };
}

/**
 * Fastify's `clientErrorHandler`: bytes that are not HTTP (or headers too large to read). There
 * is no request, so no language: the envelope in English, with the security headers, and the
 * connection closed.
 */
export function clientErrorHandler(options: { hsts: boolean }) {
  return function (this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
    // A connection the client reset has nothing left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    this.log.debug({ err: error }, 'malformed request');
    if (socket.writable) {
      const code: ErrorCode = 'PRT_BAD_REQUEST';
      const body = JSON.stringify({ code, message: translate('en-US', `errors.${code}`), data: null });
      const headers = {
        ...securityHeaders(options),
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        'content-language': 'en-US',
        connection: 'close',
      };
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
      socket.write(`HTTP/1.1 ${ERROR_STATUS[code]} Bad Request\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}

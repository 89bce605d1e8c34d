/**
 * The one way the web app talks to the server (SPEC §7, §8; DESIGN.md API conventions).
 *
 * - fetch with `credentials: 'same-origin'` and a `lang` header carrying the current locale;
 * - 30 s time-out; an identical request (method + URL + body) still in flight is cancelled by the
 *   newer one, whose earlier caller gets an ApiCancelledError (no toast);
 * - envelope `{ code, message, data }`: code '0' gives data, validated by the zod schema passed in;
 *   session-invalid codes toast, clear display data and emit `open-login`; YBLTS100U022 toasts and
 *   hands the response back; any other code toasts and rejects with an ApiError;
 * - a global pending counter drives the loading mask;
 * - a GET the public page's document already answered (lib/api/embedded.ts) is read from there once.
 *
 * Paths are typed by the server's OpenAPI document (api-paths.ts): a GET takes a path the server
 * serves with GET, its `{name}` parameters filled from `params`.
 */
import { PASSWORD_RESET_REQUIRED_CODE, SESSION_INVALID_CODES, SUCCESS_CODE } from '@portal/shared';
import type { z } from 'zod';
import { appEvents } from '../events.ts';
import { getLocale } from '../i18n/locale.ts';
import { translateKey } from '../i18n/translate.ts';
import { notifyError } from '../notify.ts';
import { removeStorage, STORAGE_KEYS } from '../storage.ts';
import { ApiCancelledError, ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import { type ApiPath, fillPath, type OptionsFor, type PathParamValues } from './api-paths.ts';
import { takeEmbeddedRead } from './embedded.ts';
import { trackPending } from './pending.ts';

export const REQUEST_TIMEOUT_MS = 30_000;

export type { ApiPath, FixedApiPath } from './api-paths.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | readonly QueryScalar[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

export type RequestOptions<S extends z.ZodType | undefined = undefined> = {
  /** The values of the path's `{name}` parameters, URI-encoded into it. */
  params?: PathParamValues;
  /** Added to the URL; `undefined`/`null` values are left out, arrays repeat the key. */
  query?: QueryParams;
  /** Sent as JSON, except FormData, Blob and URLSearchParams which go as they are. */
  body?: unknown;
  /** Validates (and types) `data` of a successful answer. */
  schema?: S;
  /** Cancels the request (TanStack Query passes one to every queryFn). */
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
  /** No error toast; the promise still rejects. For background requests the page can do without. */
  silent?: boolean;
  /** Counted by the full-screen loading mask (default true); false for background requests. */
  mask?: boolean;
  timeoutMs?: number;
};

export type DataOf<S> = S extends z.ZodType ? z.output<S> : unknown;

export type ApiSuccess<T> = { code: typeof SUCCESS_CODE; message: string; data: T };
/** Returned, not thrown: on login it means the password must be reset first (SPEC §4). */
export type ApiPasswordResetRequired = { code: typeof PASSWORD_RESET_REQUIRED_CODE; message: string; data: unknown };
export type ApiResponse<T> = ApiSuccess<T> | ApiPasswordResetRequired;

export type DownloadResult = { blob: Blob; fileName: string | null; contentType: string };

type Envelope = { code: string; message?: unknown; data: unknown };
type AbortCause = 'superseded' | 'aborted' | 'timeout';

const inFlight = new Map<string, { supersede: () => void }>();
let uniqueBodySeq = 0;

type MethodPath<M extends HttpMethod> = ApiPath<Lowercase<M>>;

/** `{ signal }` when there is one (TanStack Query passes one to every queryFn). */
export function withSignal(signal?: AbortSignal): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}

/** The full response: `{ code: '0', data }`, or the YBLTS100U022 envelope. Rejects otherwise. */
export function apiRequest<M extends HttpMethod, P extends MethodPath<M>, S extends z.ZodType | undefined = undefined>(
  method: M,
  path: P,
  ...[options = {}]: OptionsFor<P, RequestOptions<S>>
): Promise<ApiResponse<DataOf<S>>> {
  return send(method, path, options);
}

export function apiGet<P extends MethodPath<'GET'>, S extends z.ZodType | undefined = undefined>(
  path: P,
  ...[options = {}]: OptionsFor<P, RequestOptions<S>>
) {
  return requestData('GET', path, options);
}

export function apiPost<P extends MethodPath<'POST'>, S extends z.ZodType | undefined = undefined>(
  path: P,
  ...[options = {}]: OptionsFor<P, RequestOptions<S>>
) {
  return requestData('POST', path, options);
}

export function apiPut<P extends MethodPath<'PUT'>, S extends z.ZodType | undefined = undefined>(
  path: P,
  ...[options = {}]: OptionsFor<P, RequestOptions<S>>
) {
  return requestData('PUT', path, options);
}

export function apiPatch<P extends MethodPath<'PATCH'>, S extends z.ZodType | undefined = undefined>(
  path: P,
  ...[options = {}]: OptionsFor<P, RequestOptions<S>>
) {
  return requestData('PATCH', path, options);
}

export function apiDelete<P extends MethodPath<'DELETE'>, S extends z.ZodType | undefined = undefined>(
  path: P,
  ...[options = {}]: OptionsFor<P, RequestOptions<S>>
) {
  return requestData('DELETE', path, options);
}

/**
 * Downloads a file (GET). An error may still arrive as a JSON envelope (with any status): its message
 * is read from the body and handled like any other error.
 */
export function apiDownload<P extends MethodPath<'GET'>>(
  path: P,
  ...[options = {}]: OptionsFor<P, Omit<RequestOptions, 'schema'>>
): Promise<DownloadResult> {
  return execute('GET', path, options, async (response) => {
    const contentType = response.headers.get('content-type') ?? '';
    const disposition = response.headers.get('content-disposition');
    const isAttachment = disposition !== null && /attachment/i.test(disposition);
    if (!response.ok || (isJson(contentType) && !isAttachment)) {
      const payload = await readPayload(response);
      interpret(response, payload, options);
      throw invalidResponse(options, 'expected a file, got an envelope');
    }
    return { blob: await response.blob(), fileName: fileNameOf(disposition), contentType };
  });
}

/** The URL a request to `path` with these params and query goes to (the key of an embedded answer). */
export function apiUrl<P extends MethodPath<'GET'>>(
  path: P,
  ...[options = {}]: OptionsFor<P, Pick<RequestOptions, 'params' | 'query'>>
): string {
  return buildUrl(fillPath(path, options.params), options.query);
}

/** Forgets every in-flight registration (tests). */
export function resetApiClientState(): void {
  inFlight.clear();
}

// ---------------------------------------------------------------------------------------------

/** apiRequest without its path types. */
function send<S extends z.ZodType | undefined>(
  method: HttpMethod,
  path: string,
  options: RequestOptions<S>,
): Promise<ApiResponse<DataOf<S>>> {
  return execute(method, path, options, async (response) => {
    const payload = await readPayload(response);
    return interpret(response, payload, options) as ApiResponse<DataOf<S>>;
  });
}

async function requestData<S extends z.ZodType | undefined>(
  method: HttpMethod,
  path: string,
  options: RequestOptions<S>,
): Promise<DataOf<S>> {
  const response = await send(method, path, options);
  if (response.code === SUCCESS_CODE) return response.data;
  // YBLTS100U022 through a data helper: already toasted, the caller gets an error it can inspect.
  throw new ApiError({ code: response.code, message: response.message, status: 403, data: response.data });
}

async function execute<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions<z.ZodType | undefined>,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const url = buildUrl(fillPath(path, options.params), options.query);
  const key = requestKey(method, url, options.body);
  const controller = new AbortController();
  let abortCause: AbortCause | null = null;
  const abort = (cause: AbortCause) => {
    if (abortCause) return;
    abortCause = cause;
    controller.abort();
  };

  inFlight.get(key)?.supersede();
  const entry = { supersede: () => abort('superseded') };
  inFlight.set(key, entry);

  const callerSignal = options.signal;
  const onCallerAbort = () => abort('aborted');
  if (callerSignal?.aborted) abort('aborted');
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  const timer = setTimeout(() => abort('timeout'), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const untrack = options.mask === false ? () => {} : trackPending();

  try {
    let result: T;
    try {
      // The public page's first reads came with its document (lib/api/embedded.ts).
      const embedded = method === 'GET' ? takeEmbeddedRead(url) : undefined;
      const response =
        embedded !== undefined
          ? new Response(JSON.stringify(embedded), { status: 200, headers: { 'content-type': 'application/json' } })
          : await fetch(url, {
              method,
              headers: buildHeaders(options),
              body: encodeBody(options.body),
              credentials: 'same-origin',
              signal: controller.signal,
            });
      if (abortCause) throw new DOMException('aborted', 'AbortError');
      result = await read(response);
    } catch (error) {
      if (abortCause) throw abortFailure(abortCause, options);
      if (error instanceof ApiError || error instanceof ApiCancelledError) throw error;
      throw networkFailure(options, error);
    }
    if (abortCause) throw abortFailure(abortCause, options);
    return result;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
    if (inFlight.get(key) === entry) inFlight.delete(key);
    untrack();
  }
}

function interpret(
  response: Response,
  payload: unknown,
  options: RequestOptions<z.ZodType | undefined>,
): ApiResponse<unknown> {
  if (!isEnvelope(payload)) {
    // Not an envelope (plain JSON or text, e.g. /healthz): returned as is when the status is fine.
    if (response.ok) return { code: SUCCESS_CODE, message: '', data: validate(payload, options) };
    throw httpFailure(response.status, options, payload);
  }
  const { code, data } = payload;
  const message = typeof payload.message === 'string' ? payload.message : '';
  if (code === SUCCESS_CODE) return { code: SUCCESS_CODE, message, data: validate(data, options) };

  const text = message || translateKey(`errors:${code}`, translateKey('errors:PRT_BAD_REQUEST', code));
  if (SESSION_INVALID_CODES.includes(code)) {
    if (!options.silent) notifyError(text, `session:${code}`);
    // SPEC §8: the user's data goes; the page to return to stays, so logging in again goes on there.
    removeStorage(STORAGE_KEYS.userInfo);
    appEvents.emit('session-invalid', { code, message: text });
    appEvents.emit('open-login', { reason: 'session-invalid' });
    throw new ApiError({ code, message: text, status: response.status, data });
  }
  if (code === PASSWORD_RESET_REQUIRED_CODE) {
    if (!options.silent) notifyError(text);
    return { code: PASSWORD_RESET_REQUIRED_CODE, message: text, data };
  }
  if (!options.silent) notifyError(text);
  throw new ApiError({ code, message: text, status: response.status, data });
}

/**
 * Validates data a request returned without a schema, as `schema` would have at the request (the
 * same error and toast): for answers whose schema is worth loading only for some of them.
 */
export function parseData<S extends z.ZodType>(
  schema: S,
  data: unknown,
  options: Pick<RequestOptions, 'silent'> = {},
): z.output<S> {
  return validate(data, { ...options, schema }) as z.output<S>;
}

function validate(data: unknown, options: RequestOptions<z.ZodType | undefined>): unknown {
  if (!options.schema) return data;
  const parsed = options.schema.safeParse(data);
  if (parsed.success) return parsed.data;
  console.error('API response does not match its schema', parsed.error.issues);
  throw invalidResponse(options, parsed.error);
}

function invalidResponse(options: RequestOptions<z.ZodType | undefined>, cause: unknown): ApiError {
  const message = translateKey('common:api.invalidResponse', 'Unexpected response from the server.');
  if (!options.silent) notifyError(message);
  return new ApiError({ code: CLIENT_ERROR_CODES.invalidResponse, message, status: 0, cause });
}

function abortFailure(cause: AbortCause, options: RequestOptions<z.ZodType | undefined>): Error {
  if (cause === 'superseded') return new ApiCancelledError('superseded');
  if (cause === 'aborted') return new ApiCancelledError('aborted');
  const message = translateKey('errors:timeout', 'The server took too long to answer.');
  if (!options.silent) notifyError(message, CLIENT_ERROR_CODES.timeout);
  return new ApiError({ code: CLIENT_ERROR_CODES.timeout, message, status: 0 });
}

function networkFailure(options: RequestOptions<z.ZodType | undefined>, cause: unknown): ApiError {
  const message = translateKey('errors:network', 'Cannot reach the server.');
  if (!options.silent) notifyError(message, CLIENT_ERROR_CODES.network);
  return new ApiError({ code: CLIENT_ERROR_CODES.network, message, status: 0, cause });
}

/** An error answer without an envelope (a proxy page, an empty 502): named by its HTTP status. */
function httpFailure(status: number, options: RequestOptions<z.ZodType | undefined>, data: unknown): ApiError {
  const code =
    status === 401
      ? 'PRT_UNAUTHENTICATED'
      : status === 403
        ? 'PRT_FORBIDDEN'
        : status === 404
          ? 'PRT_NOT_FOUND'
          : status >= 500
            ? 'PRT_SERVICE_UNAVAILABLE'
            : 'PRT_BAD_REQUEST';
  const message = translateKey(`errors:${code}`, `HTTP ${status}`);
  if (!options.silent) notifyError(message, `http:${code}`);
  return new ApiError({ code, message, status, data });
}

function isEnvelope(value: unknown): value is Envelope {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return typeof record.code === 'string' && 'data' in record;
}

function isJson(contentType: string): boolean {
  return /[/+]json\b/i.test(contentType);
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const contentType = response.headers.get('content-type') ?? '';
  if (isJson(contentType) || /^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function buildUrl(path: string, query: QueryParams | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else params.append(name, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function isRawBody(body: unknown): body is FormData | Blob | URLSearchParams {
  return body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (isRawBody(body)) return body;
  return JSON.stringify(body);
}

function buildHeaders(options: RequestOptions<z.ZodType | undefined>): Headers {
  const headers = new Headers({ Accept: 'application/json', lang: getLocale() });
  if (options.body !== undefined && !isRawBody(options.body)) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}

/** Method + URL + body. Bodies that cannot be compared (files, forms) are never deduplicated. */
function requestKey(method: HttpMethod, url: string, body: unknown): string {
  if (body === undefined) return `${method} ${url}`;
  if (isRawBody(body)) {
    uniqueBodySeq += 1;
    return `${method} ${url} #${uniqueBodySeq}`;
  }
  return `${method} ${url} ${JSON.stringify(body)}`;
}

function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(disposition)?.[2];
  return plain?.trim() ?? null;
}

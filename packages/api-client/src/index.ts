/**
 * A typed client for the portal's API: openapi-fetch over the types generated from the server's
 * OpenAPI document (schema.ts, `npm run openapi:client`; docs/api.md).
 *
 *   const api = createPortalClient('https://portal.bank.example');
 *   const { data, error } = await api.GET('/api/bthw/listPage', { params: { query: { pageNo: 1 } } });
 *
 * Paths, parameters, bodies and answers are checked against the document: `data` is the success
 * envelope, `error` the ErrorEnvelope of a failure. The session is a cookie: a browser on the
 * portal's origin sends it by itself; elsewhere pass a `fetch` that keeps cookies.
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';

/** Every failure's body: `{ code, message, data }`, `code` one of the portal's error codes. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
export type ErrorCode = ErrorEnvelope['code'];

export type PortalClient = Client<paths>;
export type PortalClientOptions = Omit<ClientOptions, 'baseUrl'>;

/** A client of the portal at `baseUrl` (its origin, e.g. PUBLIC_BASE_URL; paths start with /api). */
export function createPortalClient(baseUrl: string, options: PortalClientOptions = {}): PortalClient {
  return createClient<paths>({ ...options, baseUrl });
}

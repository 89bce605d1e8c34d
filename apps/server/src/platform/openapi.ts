/**
 * The API's OpenAPI description (GET /api/docs/json; `npm run openapi:check` validates it,
 * `npm run openapi:client` generates packages/api-client from it; docs/api.md).
 *
 * Route files own what is particular to an operation: its `operationId`, tags, summary, request
 * and response schemas and examples, `rateLimited` when it counts requests against a limit and
 * `errorStatuses` it answers beyond the derived ones. Everything else is derived here, for every
 * route alike:
 * - security from the route's `config.access` (session.ts): public routes need nothing, the
 *   others the session cookie; an `x-access` extension names the level and the description says
 *   who may call it;
 * - error responses, all the envelope `ErrorEnvelope` (its `code` an enum of the catalogue in
 *   @portal/shared errors.ts): 400/413/415/422 where there is input, 401 behind a session, 403
 *   behind a session and on writes (a foreign Origin), 404 with path parameters, 429 when
 *   rate-limited (and `x-rate-limited`), 500, 503 and `default` (the codes a service may raise
 *   beyond these) everywhere;
 * - a multipart request body for routes that read one themselves (`config.multipart`);
 * - servers (PUBLIC_BASE_URL), tags with descriptions, contact, the session-cookie scheme.
 */
import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode, translate, ZErrorEnvelope } from '@portal/shared';
import { ZDictEntry } from '@portal/shared/schemas/dictionaries';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { type Access, SESSION_COOKIE } from './session.ts';

// Route files that use these import the module's types: `import type {} from '…/platform/openapi.ts'`.
declare module 'fastify' {
  interface FastifySchema {
    /** The route counts requests against a rate limit (rate-limit.ts): documented with a 429. */
    rateLimited?: true;
    /** Error statuses the route answers beyond those its declaration implies (see errorStatusesOf). */
    errorStatuses?: readonly number[];
  }
}

/** The name of the session cookie's security scheme in `components.securitySchemes`. */
export const SESSION_SECURITY = 'sessionCookie';

/** Who may call a route of each access level (the sentence added to each operation's description). */
export const WHO_MAY_CALL: Readonly<Record<Access, string>> = {
  public: 'Anyone may call this, signed in or not.',
  session: 'Needs a session (the session cookie), whatever the account’s activation state.',
  active: 'Needs a session of an active account (activation 1 or 6).',
  institutionAdmin:
    'Needs a session of an active institution administrator (role 20) or the system administrator (role 99).',
  staff: 'Needs a session of active bank staff (role 50, the back office).',
};

/** The tags routes use, in the order the documentation shows them. */
export const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'auth', description: 'Log-in and log-out, picture and e-mail codes, passwords (SPEC §7 /user/p1/).' },
  { name: 'users', description: 'The signed-in user: detail, agreement, registration, profile.' },
  { name: 'institution users', description: 'Institution administrators manage their own users; invitations.' },
  { name: 'dictionaries', description: 'Reference data in both languages (selectDict) and the bank’s branches.' },
  { name: 'site', description: 'Brand settings shown in the header and footer.' },
  { name: 'content', description: 'Public content: banners, modules, articles, reports, compliance, topics.' },
  { name: 'files', description: 'Uploads checked by their content, and downloads for those with a right to them.' },
  {
    name: 'cooperation',
    description: 'The marketplace: cooperation requests and drafts, lists, detail, follows, master agreements.',
  },
  { name: 'cooperation intentions', description: 'Intentions sent on requests, and the answers to them.' },
  {
    name: 'matched opportunities',
    description: 'Requests pushed to the reader’s institution, by matching or by the bank.',
  },
  { name: 'messages', description: 'The message centre and the unread count.' },
  { name: 'seals', description: 'Electronic signature seals: applications, images, cancellation.' },
  {
    name: 'contracts',
    description: 'Contracts of agreed intentions: upload, confirm, sign with seals, evidence, verification.',
  },
  { name: 'feedback', description: 'The feedback dialog and leave messages for the bank.' },
  { name: 'tracking', description: 'Page-view and click counters.' },
  { name: 'back office', description: 'Bank staff: registrations, users, institutions, requests, audit log.' },
  { name: 'back office: content', description: 'Bank staff: content management, topic pages, visit report.' },
  { name: 'back office: feedback', description: 'Bank staff: answering feedback and leave messages.' },
  { name: 'back office: seals', description: 'Bank staff: deciding seal applications.' },
  { name: 'health', description: 'Liveness and readiness for load balancers.' },
  { name: 'development', description: 'Development and test servers only (absent in production).' },
];

/**
 * Schemas the document names in `components.schemas`. A recursive schema must be one: its
 * `$ref` to itself has to point somewhere. (Registered in zod's global registry, as
 * `.meta({ id })` would; fastify-type-provider-zod references and emits them from there.)
 */
const NAMED_SCHEMAS: Readonly<Record<string, z.ZodType>> = { DictionaryEntry: ZDictEntry };
for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}

/** The error envelope, its code one of the catalogue's (errors.ts answers every failure with it). */
const ZErrorEnvelopeDocument = ZErrorEnvelope.extend({
  code: z
    .enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]])
    .describe('The error code: each has one HTTP status (packages/shared/src/errors.ts)'),
  message: z.string().describe('What went wrong, in the request’s language'),
}).meta({
  id: 'ErrorEnvelope',
  description:
    'Every failure: `code` (never "0"), a message in the request’s language, and `data`: the fields that ' +
    'broke a rule for PRT_VALIDATION, otherwise null.',
  // What the log-in pre-check answers to { "emailAdr": "amy.chan@" }.
  example: {
    code: 'PRT_VALIDATION',
    message: translate('en-US', 'errors.PRT_VALIDATION', { details: 'E-mail is not a valid e-mail address.' }),
    data: { fields: [{ field: 'emailAdr', rule: 'email', message: 'E-mail is not a valid e-mail address.' }] },
  },
});

/** Each error status's shared response (`components.responses`): its name and what it means. */
const ERROR_RESPONSES: Readonly<Record<string, { name: string; meaning: string }>> = {
  400: {
    name: 'BadRequest',
    meaning: 'The request cannot be used as it is (malformed JSON, a wrong or expired code).',
  },
  401: {
    name: 'Unauthorized',
    meaning: 'No session, or the session is over (YBLSYSTE0005: log in again), or the log-in failed.',
  },
  403: {
    name: 'Forbidden',
    meaning: 'Not allowed: the account or its role may not do this, or a write came from another origin.',
  },
  404: { name: 'NotFound', meaning: 'Nothing with that identifier, or nothing this reader may see.' },
  409: { name: 'Conflict', meaning: 'The state does not allow it (already done, or not at that step).' },
  413: { name: 'PayloadTooLarge', meaning: 'The body is larger than the limit.' },
  415: { name: 'UnsupportedMediaType', meaning: 'The body’s media type is not one this operation reads.' },
  422: {
    name: 'ValidationFailed',
    meaning: 'A field breaks a rule: PRT_VALIDATION lists each field and rule in data.fields.',
  },
  429: { name: 'TooManyRequests', meaning: 'Too many requests: wait the Retry-After seconds.' },
  500: { name: 'InternalError', meaning: 'An unexpected failure (PRT_INTERNAL, quoting the request id).' },
  503: {
    name: 'ServiceUnavailable',
    meaning: 'The database cannot be reached, or the instance is shutting down: retry after Retry-After.',
  },
  default: {
    name: 'Error',
    meaning: 'Any other failure the operation’s rules name (for example 409 for a state that does not allow it).',
  },
};

/** A success envelope for a documentation example (`.meta({ examples: [okExample(data)] })`). */
export function okExample<T>(data: T): { code: '0'; message: string; data: T } {
  return { code: '0', message: translate('en-US', 'server.ok'), data };
}

/** The catalogue's codes answered with a status. */
function codesWithStatus(status: number): ErrorCode[] {
  return ERROR_CODES.filter((code) => ERROR_STATUS[code] === status);
}

const RETRY_AFTER = { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' } };

type RouteFacts = {
  method: string;
  access: Access;
  hasInput: boolean;
  hasBody: boolean;
  hasPathParams: boolean;
  rateLimited: boolean;
  /** Statuses the route names itself (`errorStatuses`). */
  also?: readonly number[];
};

/** The error statuses an operation documents, from what its route declares. */
function errorStatusesOf(route: RouteFacts): Array<number | 'default'> {
  const write = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const statuses: Array<number | 'default'> = [];
  if (route.hasInput) statuses.push(400);
  if (route.access !== 'public') statuses.push(401);
  if (route.access !== 'public' || write) statuses.push(403);
  if (route.hasPathParams) statuses.push(404);
  if (route.hasBody) statuses.push(413, 415);
  if (route.hasInput) statuses.push(422);
  if (route.rateLimited) statuses.push(429);
  statuses.push(500, 503);
  const named = (route.also ?? []).filter((status) => !statuses.includes(status));
  return [...statuses, ...named].sort((a, b) => Number(a) - Number(b)).concat('default');
}

/** An error status's response: its name in `components.responses` and its description. */
function errorResponseOf(status: number | 'default'): { name: string; description: string } {
  const known = ERROR_RESPONSES[status];
  const codes = status === 'default' ? [] : codesWithStatus(status);
  const meaning = known?.meaning ?? 'The operation failed.';
  return {
    name: known?.name ?? `Error${status}`,
    description: codes.length ? `${meaning} Codes with this status: ${codes.join(', ')}.` : meaning,
  };
}

function errorResponse(status: number | 'default') {
  const { description } = errorResponseOf(status);
  return { description, content: { 'application/json': { schema: ZErrorEnvelopeDocument } } };
}

type Schema = Record<string, unknown> & { response?: Record<string, unknown>; description?: string };

/** The route's access level; /healthz and /readyz declare none and are public. */
function accessOf(config: unknown): Access {
  return (config as { access?: Access } | undefined)?.access ?? 'public';
}

/** The per-route transform: fastify-type-provider-zod's, with security and error responses added. */
const transformRoute: SwaggerTransform = (document) => {
  const { route } = document;
  const schema = document.schema as Schema | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
  const config = route.config as { access?: Access; multipart?: boolean } | undefined;
  const access = accessOf(config);
  const multipart = config?.multipart === true;
  const method = [route.method].flat()[0] ?? 'GET';
  const facts: RouteFacts = {
    method,
    access,
    hasInput: Boolean(schema.body || schema.querystring || schema.params || multipart),
    hasBody: Boolean(schema.body) || multipart,
    hasPathParams: /:\w/.test(route.url),
    rateLimited: schema.rateLimited === true,
    also: schema.errorStatuses as readonly number[] | undefined,
  };
  const errors = Object.fromEntries(errorStatusesOf(facts).map((status) => [status, errorResponse(status)]));
  // What the route declares itself wins (e.g. /readyz's own 503).
  const withErrors = { ...schema, response: { ...errors, ...schema.response } };
  const result = jsonSchemaTransform({ ...document, schema: withErrors } as Parameters<typeof jsonSchemaTransform>[0]);
  const out = result.schema as Schema;
  for (const status of [429, 503]) {
    const response = out.response?.[status] as Record<string, unknown> | undefined;
    if (response && !response.headers) response.headers = RETRY_AFTER;
  }
  if (multipart && !out.body) {
    out.body = {
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            description: 'Form fields and files, in the order the summary gives',
            additionalProperties: true,
          },
        },
      },
    };
  }
  delete out.rateLimited;
  delete out.errorStatuses;
  if (facts.rateLimited) out['x-rate-limited'] = true;
  out.security = access === 'public' ? [] : [{ [SESSION_SECURITY]: [] }];
  out['x-access'] = access;
  out.description = [out.description, WHO_MAY_CALL[access]].filter(Boolean).join('\n\n');
  // A trailing wildcard (the OCSP responder's GET form) is documented as one named path
  // parameter: OpenAPI has no name "*".
  if (route.url.endsWith('/*')) return { ...result, url: `${route.url.slice(0, -1)}{rest}` };
  return result;
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/**
 * Two repairs of what zod's OpenAPI 3.0 output says, wherever a schema is:
 * - a record over an enum of keys (every key required) comes as `required` plus
 *   `additionalProperties`, without `properties` (3.0 has no `propertyNames`): each required key
 *   is named as a property of the record's value schema, which is what the record means;
 * - a nullable enum must list null among its values, or null is not one of them (OpenAPI 3.0.3).
 */
function repairSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) repairSchemas(item);
    return;
  }
  if (!isObject(node)) return;
  const { required, additionalProperties } = node;
  if (Array.isArray(required) && isObject(additionalProperties)) {
    const properties = (isObject(node.properties) ? node.properties : {}) as Json;
    for (const key of required)
      if (typeof key === 'string' && !(key in properties)) properties[key] = additionalProperties;
    node.properties = properties;
  }
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
  for (const value of Object.values(node)) repairSchemas(value);
}

const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

/** A response without a description of its own says what it is, not "Default Response". */
function describeSuccesses(paths: Json): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item as Json)) {
      const responses = (operation as { responses?: Record<string, Json> }).responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if (response.description !== 'Default Response') continue;
        const json = isObject(response.content) && 'application/json' in response.content;
        if (!status.startsWith('2')) response.description = errorResponseOf(Number(status)).description;
        else response.description = json ? 'Success: the envelope, code "0", with the data' : 'Success';
      }
    }
  }
}

/**
 * The error responses the transform added are the same for every operation with that status:
 * each is defined once in `components.responses` and referenced (a route's own, like /readyz's
 * 503, stays where it is).
 */
function shareErrorResponses(paths: Json): Json {
  const shared: Json = {};
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item as Json)) {
      const responses = (operation as { responses?: Record<string, Json> }).responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        const { name, description } = errorResponseOf(status === 'default' ? 'default' : Number(status));
        const schema = (response.content as Record<string, Json> | undefined)?.['application/json']?.schema;
        if (response.description !== description || (schema as Json | undefined)?.$ref !== ERROR_ENVELOPE_REF) continue;
        shared[name] ??= response;
        responses[status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  return shared;
}

/** Every `#/components/schemas/<name>` reached from `node`. */
function schemaRefsIn(node: unknown, found: Set<string>, components: Json): void {
  if (Array.isArray(node)) {
    for (const item of node) schemaRefsIn(item, found, components);
    return;
  }
  if (!isObject(node)) return;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const name = ref.slice('#/components/schemas/'.length);
    if (!found.has(name)) {
      found.add(name);
      schemaRefsIn(components[name], found, components);
    }
  }
  for (const value of Object.values(node)) schemaRefsIn(value, found, components);
}

/** The whole document: the registry's named schemas emitted, unused ones (zod's input twins) left out. */
const transformDocument: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (documentObject) => {
  const document = jsonSchemaTransformObject(documentObject) as Json & { components: Json & { schemas: Json } };
  describeSuccesses(document.paths as Json);
  document.components.responses = shareErrorResponses(document.paths as Json);
  repairSchemas(document.paths);
  repairSchemas(document.components.schemas);
  const used = new Set<string>();
  schemaRefsIn([document.paths, document.components.responses], used, document.components.schemas);
  document.components.schemas = Object.fromEntries(
    Object.entries(document.components.schemas).filter(([name]) => used.has(name)),
  );
  return document as ReturnType<typeof jsonSchemaTransformObject>;
};

/** @fastify/swagger's options for this portal. */
export function openApiOptions(config: Pick<Config, 'publicBaseUrl' | 'brand'>): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: translate('en-US', 'server.docs.title'),
        description: translate('en-US', 'server.docs.description'),
        version: '1.0.0',
        contact: { name: config.brand.portalName.en, email: config.brand.orgEmail, url: config.publicBaseUrl },
      },
      servers: [{ url: config.publicBaseUrl, description: 'This portal (PUBLIC_BASE_URL); paths start with /api' }],
      tags: [...TAGS],
      components: {
        securitySchemes: {
          [SESSION_SECURITY]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie log-in sets (HttpOnly); log-out and password changes end it.',
          },
        },
      },
    },
    transform: transformRoute,
    transformObject: transformDocument,
  };
}

/**
 * Every route fuzzed (issue 28): the routes and their input schemas are read from the OpenAPI
 * document the app serves, and each route is called as each kind of caller (the authorization
 * matrix's six) with requests fast-check generates from a fixed seed: bodies, queries and path
 * parameters the schema accepts, the same spoiled (a field of the wrong type or huge, missing,
 * extra, `__proto__`, NUL bytes, path traversal, long arrays, deep nesting, unicode), and requests
 * malformed as a whole (broken JSON, a wrong content type, a body over the limit).
 *
 * Whatever is sent, the answer must
 * - be below 500;
 * - hold no stack trace and no internal name (framework error codes, database or library names);
 * - when it is an error, be the envelope { code, message, data } with the message in the
 *   request's language (the `lang` header or Accept-Language, alternated between en and zh);
 * - never hold another institution's private data: markers planted in drafts and in a user's
 *   phone of institutions the caller does not belong to (bank staff see everything and are
 *   exempt). Path parameters are drawn partly from the ids of those private things, so a route
 *   that forgets its ownership check shows it.
 *
 * Bounded: FUZZ_RUNS cases per route × caller (default 3) from FUZZ_SEED; the total number of
 * requests is printed at the end. A failure prints fast-check's counterexample and seed.
 */

import { createHash } from 'node:crypto';
import { ROLE } from '@portal/shared';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRequest, validReleaseBody } from './cooperation-factories.ts';
import { buildInstitution, buildUser, nextIp, sessionCookie } from './factories.ts';
import {
  HOSTILE_STRINGS,
  hostileValue,
  type JsonSchema,
  resolverFor,
  spoiled,
  useIds,
  valid,
} from './fuzz-arbitraries.ts';
import { buildTestApp } from './helpers.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 28_4);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);

const CALLERS = ['visitor', 'pending', 'approved', 'otherInstitution', 'institutionAdmin', 'staff'] as const;
type Caller = (typeof CALLERS)[number];

const { app, database } = await buildTestApp({ CAPTCHA_TEST_MODE: 'true' });
const db = database.db;

// ---------- the callers, and private data of institutions to keep apart ----------

const home = await buildInstitution(db);
const other = await buildInstitution(db);
const secret = await buildInstitution(db);
const users = {
  pending: await buildUser(db, { activation: '5', roles: [], institutionId: home.id }),
  approved: await buildUser(db, { institutionId: home.id }),
  otherInstitution: await buildUser(db, { institutionId: other.id }),
  institutionAdmin: await buildUser(db, { roles: [ROLE.general, ROLE.institutionAdmin], institutionId: home.id }),
  staff: await buildUser(db, { roles: [ROLE.bankStaff] }),
};
const callerIds = Object.values(users).map((u) => u.id);

/** Markers in private data of each institution: who must never read them. */
const MARKERS = {
  home: 'Hm4kHomePrivate',
  other: 'Ot9wOtherPrivate',
  secret: 'Zq7xSecretPrivate',
} as const;
const MUST_NOT_SEE: Record<Caller, (keyof typeof MARKERS)[]> = {
  visitor: ['home', 'other', 'secret'],
  pending: ['other', 'secret'],
  approved: ['other', 'secret'],
  otherInstitution: ['home', 'secret'],
  institutionAdmin: ['other', 'secret'],
  staff: [],
};

/** A colleague (not a caller) with a draft holding the institution's marker and the marker as phone. */
async function plantPrivate(institutionId: number, marker: string) {
  const owner = await buildUser(db, { institutionId, name: 'Fuzz Colleague' });
  await db
    .updateTable('appUser')
    .set({ phone: `+852 ${marker}`, profile: JSON.stringify({ note: marker }) })
    .where('id', '=', owner.id)
    .execute();
  const draft = await buildRequest(db, {
    ownerUserId: owner.id,
    institutionId,
    status: 'draft',
    name: `${marker} draft`,
    fields: { description: `${marker} description`, contactPhone: `+852 ${marker}`, remark: marker },
  });
  // A published request whose contact is the marker's owner: its public fields are public, the
  // phone behind it only for those the contact rules allow (checked by the marker in the phone).
  const published = await buildRequest(db, { ownerUserId: owner.id, institutionId });
  return { owner, draft, published };
}
const planted = {
  home: await plantPrivate(home.id, MARKERS.home),
  other: await plantPrivate(other.id, MARKERS.other),
  secret: await plantPrivate(secret.id, MARKERS.secret),
};

/**
 * Real ids for path parameters, so ownership checks are exercised: other people's drafts, users
 * and institutions. The callers' own accounts and institutions are left out so that a staff or
 * administrator action the fuzz happens to take (stop, delete) does not lock the fuzz out.
 */
/** The approved caller's own request and draft: the ids its own updates and withdrawals succeed on. */
const own = [
  await buildRequest(db, { ownerUserId: users.approved.id, institutionId: home.id }),
  await buildRequest(db, { ownerUserId: users.approved.id, institutionId: home.id, status: 'draft' }),
];
const REAL_IDS = [
  ...Object.values(planted).flatMap((p) => [p.owner.lgcSn, p.draft.lgcSn, p.published.lgcSn]),
  ...own.map((r) => r.lgcSn),
  secret.lgcSn,
];
useIds(REAL_IDS);

/**
 * Each route×caller starts from the callers as built: a fuzzed staff or administrator action may
 * have stopped one or asked for a new password. Only after a POST: no GET changes state.
 */
async function restoreCallers() {
  await db
    .updateTable('appUser')
    .set({
      status: 'active',
      agreementAccepted: true,
      forcePasswordChange: false,
      passwordResetRequired: false,
      activation: sql`CASE WHEN id = ${users.pending.id} THEN '5' ELSE '1' END`,
    })
    .where('id', 'in', callerIds)
    .execute();
}

// ---------- the routes, from the OpenAPI document ----------

type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
const document = docs.json() as OpenApi;
const resolve = resolverFor(document);
const routes = Object.entries(document.paths)
  .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
  .flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => method === 'get' || method === 'post')
      .map(([method, operation]) => ({ method: method.toUpperCase() as 'GET' | 'POST', path, operation })),
  );

/** Routes answering with an event stream that stays open. */
const STREAMS = new Set(['GET /api/bthw/messages/stream']);

// ---------- one generated request ----------

type Lang = { header: 'lang' | 'accept-language'; value: string; zh: boolean };
const LANGS: Lang[] = [
  { header: 'lang', value: 'en-US', zh: false },
  { header: 'lang', value: 'zh-CN', zh: true },
  { header: 'accept-language', value: 'zh-CN,zh;q=0.9', zh: true },
  { header: 'accept-language', value: 'en-GB,en;q=0.8', zh: false },
];

type Case = {
  url: string;
  lang: Lang;
  /** Body as sent: a value to serialise as JSON, or raw bytes with their content type. */
  body?: { json: unknown } | { raw: string | Buffer; type: string };
};

function pathArbitrary(path: string, parameters: Parameter[]): fc.Arbitrary<string> {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  if (!names.length) return fc.constant(path);
  const one = (name: string) => {
    const schema = parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string' };
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...REAL_IDS).map(encode) },
      { weight: 2, arbitrary: valid(schema, resolve).map((v) => encode(String(v))) },
      {
        weight: 3,
        arbitrary: fc
          .constantFrom(...HOSTILE_STRINGS)
          .filter(Boolean)
          .map(encode),
      },
      // Traversal the router sees unencoded, and an encoded NUL.
      {
        weight: 1,
        arbitrary: fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', 'a%00b', '%E4%B8', '%', 'x'.repeat(600)),
      },
    );
  };
  return fc.tuple(...names.map(one)).map((values) => {
    let url = path;
    names.forEach((name, i) => {
      url = url.replace(`{${name}}`, values[i]!);
    });
    return url;
  });
}

function queryArbitrary(parameters: Parameter[]): fc.Arbitrary<string> {
  const declared = parameters.filter((p) => p.in === 'query');
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of declared) model[p.name] = valid(p.schema ?? {}, resolve, 0, p.name);
  const required = declared.filter((p) => p.required).map((p) => p.name);
  const validQuery = fc.record(model, { requiredKeys: required });
  const names = declared.length ? fc.constantFrom(...declared.map((p) => p.name)) : fc.constant('q');
  const pairs = fc.oneof(
    { weight: 3, arbitrary: validQuery.map((q) => Object.entries(q).map(([k, v]) => [k, stringify(v)] as const)) },
    // A declared parameter made hostile, repeated, or a parameter nobody declared.
    {
      weight: 4,
      arbitrary: fc.tuple(validQuery, names, hostileValue, fc.boolean()).map(([q, name, value, repeat]) => [
        ...Object.entries(q)
          .filter(([k]) => k !== name)
          .map(([k, v]) => [k, stringify(v)] as const),
        [name, stringify(value).slice(0, 20_000)] as const,
        ...(repeat ? [[name, '2'] as const] : []),
      ]),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('__proto__[isAdmin]', 'constructor[prototype][x]', 'extra', 'pageNum', 'pageSize', 'a[]')
        .chain((k) => hostileValue.map((v) => [[k, stringify(v).slice(0, 2_000)] as const])),
    },
  );
  return pairs.map((list) => (list.length ? `?${list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : ''));
}

/** Percent-encodes; a lone surrogate (which has no UTF-8) goes as the invalid bytes a client would send. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}%ED%A0%80`;
  }
}

function stringify(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) || (v && typeof v === 'object')) return JSON.stringify(v);
  return String(v);
}

/** Form fields the upload routes read (files, feedback, contracts), and names nobody reads. */
const FORM_FIELDS = ['purpose', 'emailAdr', 'emailCode', 'title', 'text', 'extra', '__proto__'];
const FORM_VALUES = ['attachment', 'sealImage', 'sealAuthorization', 'contentImage', 'contract', 'a@b.example', 'ABCD'];
const PNG_HEADER = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A multipart/form-data body: fields, and a file of a named type whose bytes may say otherwise. */
const multipartBody: fc.Arbitrary<NonNullable<Case['body']>> = fc
  .record({
    fields: fc.array(
      fc.tuple(
        fc.constantFrom(...FORM_FIELDS),
        fc.oneof(fc.constantFrom(...FORM_VALUES), fc.constantFrom(...HOSTILE_STRINGS)),
      ),
      { maxLength: 4 },
    ),
    file: fc.option(
      fc.record({
        field: fc.constantFrom('file', 'file', 'other'),
        name: fc.constantFrom(
          'a.pdf',
          'a.png',
          '../../etc/passwd',
          'a\u0000.pdf',
          `${'n'.repeat(1_000)}.pdf`,
          '合同.pdf',
          '',
        ),
        type: fc.constantFrom('application/pdf', 'image/png', 'text/html', 'application/x-msdownload'),
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b)),
          fc.uint8Array({ maxLength: 256 }).map((b) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(b)])),
          fc.uint8Array({ maxLength: 256 }).map((b) => Buffer.concat([PNG_HEADER, Buffer.from(b)])),
        ),
      }),
    ),
  })
  .map(({ fields, file }) => {
    const boundary = 'fuzzboundary';
    const parts: Buffer[] = fields.map(([name, value]) =>
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
    if (file) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { raw: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
  });

/**
 * Known-good bodies of the richest forms (a cooperation request of several kinds, an intention):
 * a generated body rarely gets past their rules, so these and one-field spoilings of them reach
 * the services behind. Ids in them point at other institutions' things (REAL_IDS).
 */
const RELEASE_BODIES = ['BILATERAL_LOAN', 'FORFAITING', 'CLUB_LOAN', 'RISK_PARTICIPATION', 'EXPORT_NEGOTIATION'].map(
  (subType) => validReleaseBody(subType),
);
const SEED_BODIES: Record<string, unknown[]> = {
  'POST /api/bthw/publish': RELEASE_BODIES,
  'POST /api/bthw/saveDraft': RELEASE_BODIES.map((body) => ({ ...body, lgcSn: planted.secret.draft.lgcSn })),
  'POST /api/bthw/update/{lgcSn}': RELEASE_BODIES,
  'POST /api/bthw/SendBthw': [planted.secret.draft, planted.other.published, planted.home.published].map((r) => ({
    requestLgcSn: r.lgcSn,
    message: 'We would like to take part.',
  })),
  'POST /api/bthw/masterAgreement': [{ subTypeCode: 'FORFAITING' }],
  'POST /api/cooperLevgMg/saveLevaingMessage': [{ content: 'Hello' }],
};

function bodyArbitrary(operation: Operation, key: string): fc.Arbitrary<Case['body']> {
  const seeds = SEED_BODIES[key];
  if (seeds?.length) {
    const seed = fc.constantFrom(...seeds);
    const schema = operation.requestBody?.content?.['application/json']?.schema ?? { type: 'object' };
    return fc.oneof(
      { weight: 2, arbitrary: seed.map((json) => ({ json })) },
      { weight: 3, arbitrary: seed.chain((v) => spoiled(v, schema, resolve)).map((json) => ({ json })) },
      { weight: 2, arbitrary: plainBodyArbitrary(operation) },
    );
  }
  return plainBodyArbitrary(operation);
}

function plainBodyArbitrary(operation: Operation): fc.Arbitrary<Case['body']> {
  const content = operation.requestBody?.content ?? {};
  // Routes reading a form themselves: mostly forms, sometimes anything else below.
  if (content['multipart/form-data'])
    return fc.oneof({ weight: 3, arbitrary: multipartBody }, { weight: 1, arbitrary: jsonBodyArbitrary(operation) });
  return jsonBodyArbitrary(operation);
}

function jsonBodyArbitrary(operation: Operation): fc.Arbitrary<Case['body']> {
  const content = operation.requestBody?.content ?? {};
  const schema = content['application/json']?.schema ?? { type: 'object' };
  const validBody = valid(schema, resolve);
  return fc.oneof(
    { weight: 3, arbitrary: validBody.map((json) => ({ json })) },
    { weight: 5, arbitrary: validBody.chain((v) => spoiled(v, schema, resolve)).map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', '{"a":1,}', "{'a':1}", 'nul', '\u0000', '[1,2', '{"a":"\\u00"}', '\uFEFF{}', '')
        .map((raw) => ({ raw, type: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
          'application/octet-stream',
          'image/png',
          '*/*',
          'application/json, text/plain',
        )
        .map((type) => ({ raw: type.startsWith('multipart') ? '--x\r\nbroken' : 'a=1&b=%00', type })),
    },
    // Over the 1 MiB body limit.
    {
      weight: 1,
      arbitrary: fc.constant({ raw: `{"a":"${'x'.repeat(1_100_000)}"}`, type: 'application/json' }),
    },
  );
}

function caseArbitrary(route: (typeof routes)[number]): fc.Arbitrary<Case> {
  const parameters = route.operation.parameters ?? [];
  return fc
    .record({
      path: pathArbitrary(route.path, parameters),
      query: queryArbitrary(parameters),
      lang: fc.constantFrom(...LANGS),
      body:
        route.method === 'POST'
          ? bodyArbitrary(route.operation, `${route.method} ${route.path}`)
          : fc.constant(undefined),
    })
    .map(({ path, query, lang, body }) => ({ url: path + query, lang, body }));
}

// ---------- what every answer must be ----------

/** What would betray the server's insides: stack frames, source paths, framework and driver names. */
const INTERNALS =
  /\bat [\w.<>]+ \(|\bat (?:file|node):|node_modules|\/src\/[\w/.-]+\.ts|\bFST_[A-Z_]+|\bERR_[A-Z_]{4,}|ZodError|\bkysely\b|PGlite|pg-protocol|SQLSTATE|syntax error at or near|violates (?:not-null|foreign key|unique|check) constraint|duplicate key value|relation "|column "|TypeError|ReferenceError|RangeError|SyntaxError|Cannot read propert|is not a function|undefined is not|Maximum call stack/;

const CJK = /[\u3400-\u9fff]/;
const TEXTUAL = /json|text|html|xml|csv|javascript/;
/**
 * The OCSP responder and the time-stamping authority answer in their protocols (RFC 6960, RFC
 * 3161): a client of theirs reads a DER error response, not the envelope.
 */
const PROTOCOL_ANSWERS = /^application\/(?:ocsp-response|timestamp-reply)/;

let requestsSent = 0;
/** Answers by status class, to show how far the generated requests got (2xx: past validation). */
const answered: Record<string, number> = {};
/** Milliseconds spent per route, to name the slowest when the run grows. */
const spent = new Map<string, number>();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

async function send(route: { method: Method; path: string }, cookie: string | undefined, c: Case) {
  const headers: Record<string, string> = { [c.lang.header]: c.lang.value };
  if (cookie) headers.cookie = cookie;
  let payload: string | Buffer | undefined;
  if (c.body && 'json' in c.body) {
    payload = JSON.stringify(c.body.json) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (c.body) {
    payload = c.body.raw;
    headers['content-type'] = c.body.type;
  }
  requestsSent += 1;
  const request = { method: route.method, url: c.url, remoteAddress: nextIp(), headers, payload };
  if (STREAMS.has(`${route.method} ${route.path}`)) {
    const res = await app.inject({ ...request, payloadAsStream: true });
    if (res.statusCode === 200) {
      res.raw.res.destroy();
      return { status: 200, type: 'text/event-stream', text: '' };
    }
    return {
      status: res.statusCode,
      type: String(res.headers['content-type']),
      text: (await res.stream().toArray()).join(''),
    };
  }
  const res = await app.inject(request);
  return {
    status: res.statusCode,
    type: String(res.headers['content-type'] ?? ''),
    text: res.rawPayload.toString('latin1'),
    body: res.body,
  };
}

function problemsOf(caller: Caller, c: Case, res: Awaited<ReturnType<typeof send>>): string[] {
  const problems: string[] = [];
  const group = `${String(res.status)[0]}xx`;
  answered[group] = (answered[group] ?? 0) + 1;
  const said = `${res.status} ${res.text.slice(0, 300)}`;
  if (res.status >= 500) problems.push(`answered ${said}`);
  const textual = TEXTUAL.test(res.type);
  const text = textual && 'body' in res && res.body !== undefined ? res.body : res.text;
  if (textual && INTERNALS.test(text)) problems.push(`internal detail ${INTERNALS.exec(text)?.[0]} in ${said}`);
  for (const which of MUST_NOT_SEE[caller]) {
    if (res.text.includes(MARKERS[which])) problems.push(`${which}'s private data in ${said}`);
  }
  if (res.status >= 400 && !PROTOCOL_ANSWERS.test(res.type)) {
    let envelope: { code?: unknown; message?: unknown; data?: unknown } | undefined;
    try {
      envelope = res.type.startsWith('application/json') ? JSON.parse(text) : undefined;
    } catch {}
    if (!envelope || typeof envelope.code !== 'string' || envelope.code === '0' || typeof envelope.message !== 'string')
      problems.push(`error not in the envelope: ${said}`);
    else if (c.lang.zh !== CJK.test(envelope.message) && !(c.lang.zh === false && /[a-z]{3}/i.test(envelope.message)))
      problems.push(`message not in ${c.lang.value}: ${said}`);
  }
  return problems;
}

afterAll(() => {
  const slowest = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.info(
    `route fuzz: ${requestsSent} requests to ${routes.length} routes × ${CALLERS.length} callers (seed ${SEED}, ${RUNS} runs each); ` +
      `answers ${Object.entries(answered)
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')}; ` +
      `slowest: ${slowest.map(([k, ms]) => `${k} ${Math.round(ms)} ms`).join(', ')}`,
  );
});

/** A stable per-route×caller seed, so one route's cases do not shift when another is added. */
function seedOf(key: string): number {
  return (SEED ^ createHash('sha256').update(key).digest().readInt32BE(0)) | 0;
}

describe('every route fuzzed, as every caller', () => {
  it('reads the routes from the OpenAPI document', () => {
    expect(docs.statusCode).toBe(200);
    // The document lists what the app registered (the matrix test holds each route's access).
    const registered = app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(routes.length).toBe(registered.filter((r) => r.method === 'GET' || r.method === 'POST').length);
  });

  it('plants the markers where a leak would show: the owner of a draft reads it with its marker', async () => {
    const cookie = await sessionCookie(db, planted.secret.owner.id);
    const res = await app.inject({
      method: 'GET',
      url: `/api/bthw/detailDraft/${planted.secret.draft.lgcSn}`,
      headers: { cookie },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(MARKERS.secret);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (key, route) => {
    const started = performance.now();
    for (const caller of CALLERS) {
      if (route.method === 'POST') await restoreCallers();
      // A fresh session for each route: the fuzz may have logged out or changed the account.
      const cookie = caller === 'visitor' ? undefined : await sessionCookie(db, users[caller].id);
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route), async (c) => {
          const res = await send(route, cookie, c);
          const problems = problemsOf(caller, c, res);
          if (problems.length)
            throw new Error(`${caller} ${route.method} ${c.url.slice(0, 200)}: ${problems.join('; ')}`);
        }),
        { seed: seedOf(`${key} ${caller}`), numRuns: RUNS, endOnFailure: true },
      );
    }
    // A method the route does not have: the router's 404, in the envelope and the language.
    const [method, lang] = fc.sample(
      fc.tuple(fc.constantFrom<Method>('PUT', 'DELETE', 'PATCH'), fc.constantFrom(...LANGS)),
      { seed: seedOf(key), numRuns: 1 },
    )[0]!;
    const wrong = { url: route.path, lang, body: { json: {} } };
    const problems = problemsOf('visitor', wrong, await send({ method, path: route.path }, undefined, wrong));
    expect(problems, `${method} ${route.path}`).toEqual([]);
    spent.set(key, performance.now() - started);
  });
});

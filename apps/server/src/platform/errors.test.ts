import { connect } from 'node:net';
import { translate } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, testConfig } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { openPostgres } from '../db/database.ts';
import { AppError, isDatabaseUnavailable } from './errors.ts';
import { ok } from './respond.ts';
import { securityHeaders } from './security.ts';

// Routes of this test only, to exercise the platform's handling of bodies and failures.
const { app } = await buildTestApp({ BODY_LIMIT_BYTES: '2048' }, (instance: FastifyInstance) => {
  const typed = instance.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/__test/echo',
    {
      config: { access: 'public' },
      schema: { body: z.object({ email: z.email(), name: z.string().min(1).max(5), age: z.number().int().min(18) }) },
    },
    async (request) => ok(request, request.body),
  );
  typed.get('/api/__test/boom', { config: { access: 'public' } }, async () => {
    throw new Error('database password is hunter2');
  });
  typed.get('/api/__test/conflict', { config: { access: 'public' } }, async () => {
    throw new AppError('PRT_CONFLICT');
  });
  typed.get('/api/__test/item/:id', { config: { access: 'public' } }, async (request) =>
    ok(request, (request.params as { id: string }).id),
  );
});

const post = (payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/__test/echo',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

describe('error envelope', () => {
  it('answers an unknown API route with 404 and the envelope, in English by default', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      code: 'PRT_ROUTE_NOT_FOUND',
      message: 'There is no API endpoint GET /api/no/such/route.',
      data: null,
    });
  });

  it('answers an unknown API route in Chinese when the lang header asks for it', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/nothing', headers: { lang: 'zh-CN' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('不存在接口 POST /api/nothing。');
  });

  it('follows Accept-Language when there is no lang header', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/x', headers: { 'accept-language': 'zh-TW,zh;q=0.9' } });
    expect(res.json().message).toMatch(/不存在接口/);
    expect(res.headers['content-language']).toBe('zh-CN');
  });

  it.each([
    ['en-US', 'The request body is not valid JSON.'],
    ['zh-CN', '请求内容不是有效的 JSON。'],
  ])('rejects malformed JSON with 400 in %s', async (lang, message) => {
    const res = await post('{"email": ', { lang });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'PRT_BAD_JSON', message, data: null });
  });

  it.each([
    ['en-US', 'The request is too large (limit 2 KB).'],
    ['zh-CN', '请求内容过大（上限 2 KB）。'],
  ])('rejects an oversized body with 413 in %s', async (lang, message) => {
    const res = await post(JSON.stringify({ email: 'a@b.co', name: 'x'.repeat(5000), age: 30 }), { lang });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PRT_PAYLOAD_TOO_LARGE', message, data: null });
  });

  it('rejects an unsupported content type with 415', async () => {
    const res = await post('email=a', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('PRT_UNSUPPORTED_MEDIA_TYPE');
  });

  it('names each invalid field and its rule, in the request language', async () => {
    const body = JSON.stringify({ email: 'not-an-email', name: 'toolong', age: 17 });
    const en = await post(body);
    expect(en.statusCode).toBe(422);
    expect(en.json().code).toBe('PRT_VALIDATION');
    expect(en.json().data.fields).toEqual([
      { field: 'email', rule: 'email', message: 'email is not a valid e-mail address.' },
      { field: 'name', rule: 'tooLong', message: 'Name must be at most 5 characters.' },
      { field: 'age', rule: 'min', message: 'age must be at least 18.' },
    ]);
    const zh = await post(body, { lang: 'zh-CN' });
    expect(zh.json().data.fields.map((f: { message: string }) => f.message)).toEqual([
      'email不是有效的邮箱地址。',
      '名称最多 5 个字符。',
      'age不能小于 18。',
    ]);
    expect(zh.json().message).toMatch(/^部分字段填写有误/);
  });

  it('reports a missing field as required', async () => {
    const res = await post(JSON.stringify({ name: 'Ann', age: 30 }));
    expect(res.json().data.fields).toEqual([{ field: 'email', rule: 'required', message: 'email is required.' }]);
  });

  it('answers an unexpected failure with 500, a reference and no internals', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/__test/boom',
      headers: { 'x-request-id': 'req-12345678' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'PRT_INTERNAL',
      message:
        'Something went wrong on our side. Please try again; if it persists, contact us quoting reference req-12345678.',
      data: null,
    });
    expect(res.body).not.toMatch(/hunter2|\.ts:\d+/);
    expect(res.headers['x-request-id']).toBe('req-12345678');
  });

  it('gives an application error its own status and message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/__test/conflict', headers: { lang: 'zh-CN' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'PRT_CONFLICT', message: '与当前状态冲突，请刷新后重试。', data: null });
  });

  it('answers success with the envelope and a localised message', async () => {
    const res = await post(JSON.stringify({ email: 'ann@bank.example', name: 'Ann', age: 30 }), { lang: 'zh-CN' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: '0',
      message: '成功',
      data: { email: 'ann@bank.example', name: 'Ann', age: 30 },
    });
  });
});

/** The security headers an answer lacks or carries with another value than security.ts sets. */
function missingSecurityHeaders(headers: Record<string, unknown>, hsts = false): string[] {
  return Object.entries(securityHeaders({ hsts }))
    .filter(([name, value]) => headers[name] !== value)
    .map(([name]) => name);
}

describe('errors the router and the body parsers raise', () => {
  const json = { 'content-type': 'application/json' };
  it.each([
    ['a URL that does not decode', 'GET', '/api/x/%E0%A4%A', {}, undefined, 400, 'PRT_BAD_REQUEST', {}],
    [
      'a path parameter of 200 characters',
      'GET',
      `/api/__test/item/${'a'.repeat(200)}`,
      {},
      undefined,
      400,
      'PRT_BAD_REQUEST',
      {},
    ],
    ['malformed JSON', 'POST', '/api/__test/echo', json, '{"email": ', 400, 'PRT_BAD_JSON', {}],
    ['an empty JSON body', 'POST', '/api/__test/echo', json, '', 400, 'PRT_BAD_JSON', {}],
    [
      'a content type no parser takes',
      'POST',
      '/api/__test/echo',
      { 'content-type': 'application/xml' },
      '<a/>',
      415,
      'PRT_UNSUPPORTED_MEDIA_TYPE',
      { type: 'application/xml' },
    ],
    [
      'a body over the limit',
      'POST',
      '/api/__test/echo',
      json,
      JSON.stringify({ name: 'x'.repeat(5000) }),
      413,
      'PRT_PAYLOAD_TOO_LARGE',
      { limit: '2 KB' },
    ],
  ] as const)(
    "answers %s with the envelope in the reader's language and the security headers",
    async (_what, method, url, headers, payload, status, code, params) => {
      const res = await app.inject({
        method,
        url,
        headers: { 'accept-language': 'zh-CN,zh;q=0.9', 'x-request-id': 'req-framework-1', ...headers },
        payload,
      });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ code, message: translate('zh-CN', `errors.${code}`, params), data: null });
      expect(res.json().message).toMatch(/[\u4e00-\u9fff]/);
      expect(res.headers['content-language']).toBe('zh-CN');
      expect(res.headers['x-request-id']).toBe('req-framework-1');
      expect(missingSecurityHeaders(res.headers)).toEqual([]);
      expect(res.body).not.toMatch(/FST_|fastify/i);
    },
  );

  it('answers in English without a language preference', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/x/%E0%A4%A' });
    expect(res.json()).toEqual({
      code: 'PRT_BAD_REQUEST',
      message: 'The request could not be understood.',
      data: null,
    });
  });

  it('gives router errors the very headers a routed answer gets', async () => {
    const routed = await app.inject({ method: 'GET', url: '/api/no/such/route' });
    const router = await app.inject({ method: 'GET', url: '/api/x/%E0%A4%A' });
    const names = Object.keys(securityHeaders({ hsts: false }));
    const pick = (headers: Record<string, unknown>) => names.map((name) => [name, headers[name]]);
    expect(pick(router.headers)).toEqual(pick(routed.headers));
    expect(missingSecurityHeaders(routed.headers)).toEqual([]);
  });

  it("answers bytes that are not HTTP with the envelope, not the framework's", async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expect(missingSecurityHeaders(headers)).toEqual([]);
    expect(JSON.parse(body)).toEqual({
      code: 'PRT_BAD_REQUEST',
      message: 'The request could not be understood.',
      data: null,
    });
  });
});

describe('a database that cannot be reached', async () => {
  // A PostgreSQL server that is down: nothing listens on port 1, every connection is refused.
  const database = openPostgres('postgres://portal@127.0.0.1:1/portal', 2);
  const config = testConfig({ PUBLIC_BASE_URL: 'https://portal.example' });
  const down = await buildApp({ config, database });
  await down.ready();
  afterAll(() => down.close());

  it.each([
    ['a public call', 'GET', '/api/user/p1/getVerifyCode', {}],
    ['a call with a session cookie', 'POST', '/api/user/p1/logout', { cookie: `portal_sid=${'s'.repeat(43)}` }],
  ] as const)(
    "answers %s with 503, Retry-After and the envelope, in the reader's language",
    async (_what, method, url, headers) => {
      const res = await down.inject({ method, url, headers: { lang: 'zh-CN', ...headers } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        code: 'PRT_SERVICE_UNAVAILABLE',
        message: '服务暂时不可用，请稍后再试。',
        data: null,
      });
      expect(missingSecurityHeaders(res.headers, true)).toEqual([]);
    },
  );

  it('still reports itself not ready', async () => {
    expect((await down.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
  });

  const failure = (message: string, fields: Record<string, unknown> = {}) => Object.assign(new Error(message), fields);
  it.each([
    ['connection refused', failure('connect ECONNREFUSED 10.0.0.5:5432', { code: 'ECONNREFUSED' }), true],
    ['connection reset', failure('read ECONNRESET', { code: 'ECONNRESET' }), true],
    ['refused on every address', new AggregateError([failure('x', { code: 'ECONNREFUSED' })], ''), true],
    ['administrator shutdown', failure('terminating connection due to administrator command', { code: '57P01' }), true],
    ['server starting up', failure('the database system is starting up', { code: '57P03' }), true],
    ['connection failure (08006)', failure('connection failure', { code: '08006' }), true],
    ['cannot establish (08001)', failure('could not connect', { code: '08001' }), true],
    ['pool timeout', failure('timeout exceeded when trying to connect'), true],
    ['connection dropped', failure('Connection terminated unexpectedly'), true],
    ['embedded database stopped', failure('PGlite is closed'), true],
    ['unique violation', failure('duplicate key value', { code: '23505' }), false],
    ['missing table', failure('relation "x" does not exist', { code: '42P01' }), false],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['not an error', 'ECONNREFUSED', false],
  ])('tells %s apart', (_what, error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});

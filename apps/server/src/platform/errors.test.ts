import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../test/helpers.ts';
import { AppError } from './errors.ts';
import { ok } from './respond.ts';

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

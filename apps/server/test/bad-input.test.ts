/**
 * Bad input is a client error naming the field, never a 500 (issue 15): a NUL (U+0000) in any
 * path parameter, query or body text (PostgreSQL refuses it), a date that does not exist or lies
 * outside 1900–2999, numbers far out of range. Each answers the validation envelope — 422
 * PRT_VALIDATION with `data.fields: [{ field, rule, message }]` — in English and in Chinese.
 * The sweep at the end sends a NUL in every path parameter, query parameter and top-level body
 * field of every registered API route.
 */
import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { validReleaseBody } from './cooperation-factories.ts';
import { buildInstitution, buildUser, nextIp, sessionCookie, TEST_PASSWORD } from './factories.ts';
import { buildTestApp } from './helpers.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const home = await buildInstitution(db);
const staff = await sessionCookie(db, (await buildUser(db, { roles: [ROLE.bankStaff] })).id);
const member = await sessionCookie(db, (await buildUser(db, { institutionId: home.id })).id);
const admin = await sessionCookie(
  db,
  (await buildUser(db, { roles: [ROLE.general, ROLE.institutionAdmin], institutionId: home.id })).id,
);
const loginUser = await buildUser(db, {});

type Method = 'GET' | 'POST';
type Case = {
  name: string;
  method: Method;
  url: string;
  cookie?: string;
  payload?: unknown;
  field: string;
  rules: string[];
  /** A word of the Chinese message. */
  zh: string;
};

async function send(c: Pick<Case, 'method' | 'url' | 'cookie' | 'payload'>, lang: 'en-US' | 'zh-CN') {
  return app.inject({
    method: c.method,
    url: c.url,
    remoteAddress: nextIp(),
    headers: { lang, ...(c.cookie ? { cookie: c.cookie } : {}) },
    ...(c.method === 'POST' ? { payload: (c.payload ?? {}) as object } : {}),
  });
}

type Field = { field: string; rule: string; message: string };

/** The answer is the validation envelope and names the field with one of the rules. */
function expectFieldError(res: Awaited<ReturnType<typeof send>>, field: string, rules: string[]): Field {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
  const body = res.json();
  expect(body.code).toBe('PRT_VALIDATION');
  const found = (body.data.fields as Field[]).find((f) => f.field === field);
  expect(found, `${field} in ${res.body.slice(0, 300)}`).toBeDefined();
  expect(rules).toContain(found!.rule);
  expect(body.message).toContain(found!.message);
  return found!;
}

async function expectBothLanguages(c: Case) {
  const en = expectFieldError(await send(c, 'en-US'), c.field, c.rules);
  expect(en.message).toMatch(/not allowed|calendar date|date and time|between 1900-01-01 and 2999-12-31/);
  const zh = expectFieldError(await send(c, 'zh-CN'), c.field, c.rules);
  expect(zh.message).toContain(c.zh);
}

const NUL = '\u0000';
const nulCase = (name: string, c: Omit<Case, 'name' | 'rules' | 'zh'>): Case => ({
  name,
  ...c,
  rules: ['noNul'],
  zh: '不允许的字符',
});

describe('a NUL in a path parameter, a query or a body answers 422 naming the field', () => {
  const login = {
    emailAdr: loginUser.email,
    pwd: TEST_PASSWORD,
    verifyCode: 'ABCD',
    verifyCodeTraceId: `trace${NUL}`,
  };
  const cases: Case[] = [
    nulCase('path of a request detail', {
      method: 'GET',
      url: '/api/bthw/detail/%00',
      cookie: member,
      field: 'lgcSn',
    }),
    nulCase('path of a back-office publish', {
      method: 'POST',
      url: '/api/backend/content/banners/a%00b/publish',
      cookie: staff,
      field: 'lgcSn',
    }),
    nulCase('path of a public content detail', {
      method: 'GET',
      url: '/api/hgcl/detail/%00',
      cookie: member,
      field: 'id',
    }),
    nulCase('public list filter (business opportunities)', {
      method: 'GET',
      url: '/api/bthw/listPage?institution=Bank%00',
      cookie: member,
      field: 'institution',
    }),
    nulCase('public content search', {
      method: 'GET',
      url: '/api/consultInfoP1/queryConsultInfosP1?keyword=%00',
      field: 'keyword',
    }),
    nulCase('back-office query', { method: 'GET', url: '/api/backend/users?q=%00', cookie: staff, field: 'q' }),
    nulCase('route without a schema of its own for the query (dev mailbox)', {
      method: 'GET',
      url: '/api/dev/mailbox?to=%00',
      field: 'to',
    }),
    nulCase('login body', { method: 'POST', url: '/api/user/p1/login', payload: login, field: 'verifyCodeTraceId' }),
    nulCase('publish body', {
      method: 'POST',
      url: '/api/bthw/publish',
      cookie: member,
      payload: validReleaseBody('BILATERAL_LOAN', { itDpchlstRqmNm: `Loan${NUL}` }),
      field: 'itDpchlstRqmNm',
    }),
    nulCase('nested body field (a list item)', {
      method: 'POST',
      url: '/api/bthw/updateMessageStatusByLgcSn',
      cookie: member,
      payload: { lgcSns: ['ok', NUL] },
      field: 'lgcSns.1',
    }),
    nulCase('leave-message body', {
      method: 'POST',
      url: '/api/cooperLevgMg/saveLevaingMessage',
      cookie: member,
      payload: { content: `Hello${NUL}` },
      field: 'content',
    }),
    nulCase('a NUL in a body key', {
      method: 'POST',
      url: '/api/cooperLevgMg/saveLevaingMessage',
      cookie: member,
      payload: { content: 'Hello', [`x${NUL}`]: 1 },
      field: 'x\\u0000',
    }),
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    await expectBothLanguages(c);
  });

  it('a NUL in a multipart field (feedback text) answers 422 naming the field', async () => {
    for (const [lang, words] of [
      ['en-US', 'not allowed'],
      ['zh-CN', '不允许的字符'],
    ] as const) {
      const form = new FormData();
      form.append('text', `The PDF does not open.${NUL}`);
      form.append('emailAdr', 'ana@bank.example');
      const res = await app.inject({
        method: 'POST',
        url: '/api/feedback/submit',
        remoteAddress: nextIp(),
        headers: { lang },
        payload: form,
      });
      expect(expectFieldError(res, 'text', ['noNul']).message).toContain(words);
    }
  });

  it('a path no route matches stays a 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such%00-route' });
    expect(res.statusCode).toBe(404);
  });
});

describe('a date that does not exist answers 422 naming the field', () => {
  /** No such day, or outside 1900–2999 (the day after 9999-12-31 is year 10000). */
  const IMPOSSIBLE = ['0000-01-01', '2026-13-45', '2026-02-30', '9999-12-31'] as const;
  const dateRules = ['date', 'dateRange'];
  const zhDate = '日期';
  /** A GET, or with `payload` a POST, whose date `field` is refused. */
  const dateCase = (
    name: string,
    url: string,
    cookie: string,
    field: string,
    payload?: unknown,
    rules = dateRules,
  ): Case => ({ name, method: payload === undefined ? 'GET' : 'POST', url, cookie, payload, field, rules, zh: zhDate });
  const cases: Case[] = IMPOSSIBLE.flatMap((day) => [
    dateCase(
      `business opportunities releaseFrom=${day}`,
      `/api/bthw/listPage?releaseFrom=${day}`,
      member,
      'releaseFrom',
    ),
    dateCase(`business opportunities releaseTo=${day}`, `/api/bthw/listPage?releaseTo=${day}`, member, 'releaseTo'),
    dateCase(`audit log from=${day}`, `/api/backend/audit?from=${day}`, staff, 'from'),
    dateCase(`visit report until=${day}`, `/api/backend/visits?from=2026-01-01&until=${day}`, staff, 'until'),
    dateCase(
      `publish body validFrom=${day}`,
      '/api/bthw/publish',
      member,
      'validFrom',
      validReleaseBody('BILATERAL_LOAN', { validFrom: day }),
    ),
    dateCase(
      `publish body (letter of credit) lcExpiryDate=${day}`,
      '/api/bthw/publish',
      member,
      'lcExpiryDate',
      validReleaseBody('EXPORT_NEGOTIATION', { lcExpiryDate: day }),
    ),
    dateCase(
      `banner body publishFrom=${day}T08:00:00Z`,
      '/api/backend/content/banners',
      staff,
      'publishFrom',
      { title: { en: 'Now', zh: '当前' }, publishFrom: `${day}T08:00:00Z` },
      ['dateTime', 'dateRange'],
    ),
  ]);

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    await expectBothLanguages(c);
  });

  it('real dates, a leap day included, are still taken', async () => {
    const url = '/api/bthw/listPage?releaseFrom=2024-02-29&releaseTo=2999-12-31';
    const list = await send({ method: 'GET', url, cookie: member }, 'en-US');
    expect(list.statusCode).toBe(200);
    const audit = await send(
      { method: 'GET', url: '/api/backend/audit?from=1900-01-01&to=2999-12-31', cookie: staff },
      'en-US',
    );
    expect(audit.statusCode).toBe(200);
  });
});

describe('numbers far out of range are refused by name, never changed or a 500', () => {
  /** Each URL with what it must answer: the page it asked for, or 422 naming the field and its rule. */
  const urls: [url: string, expected: { pageNo: number } | { field: string; rule: string }][] = [
    ['/api/bthw/listPage?pageNo=9007199254740991&pageSize=100', { pageNo: 9007199254740991 }],
    ['/api/bthw/listPage?pageNo=2147483648', { pageNo: 2147483648 }],
    // Above Number.MAX_SAFE_INTEGER the number read would not be the number typed.
    ['/api/bthw/listPage?pageNo=9007199254740993', { field: 'pageNo', rule: 'max' }],
    ['/api/bthw/listPage?pageNo=1e300', { field: 'pageNo', rule: 'max' }],
    ['/api/bthw/listPage?pageSize=2147483648', { field: 'pageSize', rule: 'max' }],
    ['/api/backend/users?pageNo=99999999999999999999', { field: 'pageNo', rule: 'max' }],
    ['/api/bthw/messages?pageNo=-1', { field: 'pageNo', rule: 'min' }],
  ];
  it.each(urls)('%s', async (url, expected) => {
    const res = await send({ method: 'GET', url, cookie: url.includes('backend') ? staff : member }, 'en-US');
    if ('pageNo' in expected) {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.json().data).toMatchObject({ list: [], pageNo: expected.pageNo });
    } else {
      expectFieldError(res, expected.field, [expected.rule]);
    }
  });
});

type OpenApiParameter = { name: string; in: string };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }> };
};
const openapi = app.swagger() as unknown as { paths: Record<string, Record<string, OpenApiOperation>> };

describe('every list refuses a page number below 1 and a page size outside 1..100 (never clamped)', () => {
  const listUrls = Object.entries(openapi.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, op]) => (op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'pageNo'))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  const BAD = [
    ['pageNo=0', 'pageNo', 'min', { en: 'Page number must be at least 1.', zh: '页码不能小于 1。' }],
    ['pageNo=-1', 'pageNo', 'min', { en: 'Page number must be at least 1.', zh: '页码不能小于 1。' }],
    ['pageSize=0', 'pageSize', 'min', { en: 'Page size must be at least 1.', zh: '每页条数不能小于 1。' }],
    ['pageSize=101', 'pageSize', 'max', { en: 'Page size must be at most 100.', zh: '每页条数不能大于 100。' }],
  ] as const;
  const cases = listUrls.flatMap((route) => BAD.map((bad) => [route, ...bad] as const));

  it('finds every paged list (the sweep is not empty)', () => {
    expect(listUrls.length).toBeGreaterThanOrEqual(30);
    expect(listUrls).toContain('GET /api/bthw/messages');
  });

  it.each(cases)('%s?%s → 422 naming %s (%s) in both languages', async (route, query, field, rule, words) => {
    const path = route.slice(4).replace(/\{\w+\}/g, 'x');
    const cookie = path.startsWith('/api/user/p1/institution/')
      ? admin
      : path.startsWith('/api/backend')
        ? staff
        : member;
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const res = await send({ method: 'GET', url: `${path}?${query}`, cookie }, lang);
      const found = expectFieldError(res, field, [rule]);
      expect(found.message).toBe(lang === 'en-US' ? words.en : words.zh);
    }
  });
});

// ---------- every route ----------

/** Routes answering with a server-sent-events stream that does not end by itself. */
const STREAMS = new Set(['GET /api/bthw/messages/stream']);

const sweep = app.routeTable
  .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
  .filter((r) => !STREAMS.has(`${r.method} ${r.url}`))
  .flatMap((route) => {
    const operation = openapi.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
    const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const queryParams = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    const bodyFields = Object.entries(
      operation?.requestBody?.content?.['application/json']?.schema?.properties ?? {},
    ).map(([name, schema]) => ({ name, value: schema.type === 'array' ? [NUL] : NUL }));
    const cookie = route.url.startsWith('/api/user/p1/institution/') ? admin : staff;
    const filled = (except?: string) =>
      route.url.replace(/:(\w+)/g, (_m, name: string) => (name === except ? 'a%00b' : 'no-such-thing'));
    const method = route.method as Method;
    const at = `${route.method} ${route.url}`;
    return [
      ...pathParams.map((name) => [`${at} path ${name}`, { method, url: filled(name), cookie, field: name }] as const),
      ...queryParams.map(
        (name) => [`${at} query ${name}`, { method, url: `${filled()}?${name}=%00`, cookie, field: name }] as const,
      ),
      ...bodyFields.map(
        ({ name, value }) =>
          [
            `${at} body ${name}`,
            {
              method,
              url: filled(),
              cookie,
              payload: { [name]: value },
              field: Array.isArray(value) ? `${name}.0` : name,
            },
          ] as const,
      ),
    ];
  });

describe('every route: a NUL in any path parameter, query parameter or body field', () => {
  it('covers the routes that take text', () => {
    expect(sweep.length).toBeGreaterThan(150);
  });

  it.each(sweep)('%s → 422 naming the field', async (_name, c) => {
    const res = await send(c, 'en-US');
    expect(res.statusCode, res.body.slice(0, 300)).not.toBe(500);
    expectFieldError(res, c.field, ['noNul']);
  });
});

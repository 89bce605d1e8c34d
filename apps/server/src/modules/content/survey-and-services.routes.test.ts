import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROLE } from '@portal/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { decryptSurveyParam } from './questionnaire.service.ts';

/** A stand-in for the uncommon-character service on 127.0.0.1, answering as told. */
type Behaviour = 'ok' | 'fail' | 'garbage' | 'slow';
let behaviour: Behaviour = 'ok';
const received: unknown[] = [];
const service: Server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    received.push({ url: req.url, method: req.method, body: JSON.parse(body || '{}') });
    if (behaviour === 'fail') return res.writeHead(500).end('boom');
    if (behaviour === 'garbage') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"x":1}');
    if (behaviour === 'slow') return setTimeout(() => res.writeHead(200).end('{}'), 3000);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ tid: 'T-42', token: 'tok-abc' }));
  });
});
await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));
const serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/api`;

const serverKey = randomBytes(32);
const { app, database } = await buildTestApp({
  QUESTIONNAIRE_KEY: serverKey.toString('base64'),
  UNCOMMON_CHAR_URL: serviceUrl,
  UNCOMMON_CHAR_CHANNEL: 'portal-web',
  UNCOMMON_CHAR_TXCODE: 'RC001',
  UNCOMMON_CHAR_SCRIPTS: 'https://chars.example/a.js, https://chars.example/b.js',
  UNCOMMON_CHAR_TIMEOUT_MS: '1000',
  PAGE_FORWARD_APP_ID: 'portal-app',
  PAGE_FORWARD_SECRET: 'a-shared-secret-of-at-least-32-characters',
});
const plain = await buildTestApp();
const db = database.db;
const staff = await buildUser(db, { roles: [ROLE.bankStaff] });
const staffCookie = await sessionCookie(db, staff.id);

async function questionnaire(secret = '') {
  const created = await app.inject({
    method: 'POST',
    url: '/api/backend/content/questionnaires',
    headers: { cookie: staffCookie },
    payload: { name: { en: 'Client survey', zh: '客户调查' }, link: 'https://survey.example/s/123?src=portal', secret },
  });
  expect(created.statusCode).toBe(200);
  const lgcSn = created.json().data.lgcSn as string;
  await app.inject({
    method: 'POST',
    url: `/api/backend/content/questionnaires/${lgcSn}/publish`,
    headers: { cookie: staffCookie },
  });
  return lgcSn;
}

const checkEmail = (payload: object, target = app) =>
  target.inject({ method: 'POST', url: '/api/qtn/checkEmail', remoteAddress: nextIp(), payload });

describe('POST /api/qtn/checkEmail', () => {
  it('answers the questionnaire link with a parameter that decrypts to the e-mail', async () => {
    const lgcSn = await questionnaire();
    const res = await checkEmail({ lgcSn, emailAdr: ' Li.Na@Partner-Bank.example ' });
    expect(res.statusCode).toBe(200);
    const { qtnLnkAdr, lgcSn: answered } = res.json().data;
    expect(answered).toBe(lgcSn);
    const url = new URL(qtnLnkAdr);
    expect(url.origin + url.pathname).toBe('https://survey.example/s/123');
    expect(url.searchParams.get('src')).toBe('portal');
    const param = decryptSurveyParam(serverKey, url.searchParams.get('param')!);
    expect(param.email).toBe('li.na@partner-bank.example');
    expect(param.qtn).toBe(lgcSn);
    expect(Math.abs(param.ts - Date.now())).toBeLessThan(60_000);
    // Under another key the tag does not check out.
    expect(() => decryptSurveyParam(randomBytes(32), url.searchParams.get('param')!)).toThrow();
  });

  it("uses the questionnaire's own key when it has one, and never sends the key back", async () => {
    const own = randomBytes(32);
    const lgcSn = await questionnaire(own.toString('base64'));
    const res = await checkEmail({ lgcSn, emailAdr: 'a@b.example' });
    const param = new URL(res.json().data.qtnLnkAdr).searchParams.get('param')!;
    expect(decryptSurveyParam(own, param).email).toBe('a@b.example');
    const admin = await app.inject({
      method: 'GET',
      url: `/api/backend/content/questionnaires/${lgcSn}`,
      headers: { cookie: staffCookie },
    });
    expect(admin.json().data.hasOwnSecret).toBe(true);
    expect(admin.body).not.toContain(own.toString('base64'));
  });

  it('names the e-mail field when it is missing or not an e-mail', async () => {
    const lgcSn = await questionnaire();
    for (const emailAdr of ['', 'not-an-email']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/qtn/checkEmail',
        remoteAddress: nextIp(),
        headers: { lang: 'zh-CN' },
        payload: { lgcSn, emailAdr },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().data.fields[0].field).toBe('emailAdr');
    }
  });

  it('does not jump to a questionnaire that is unknown or not published', async () => {
    expect((await checkEmail({ lgcSn: 'nope', emailAdr: 'a@b.example' })).statusCode).toBe(404);
    const draft = await app.inject({
      method: 'POST',
      url: '/api/backend/content/questionnaires',
      headers: { cookie: staffCookie },
      payload: { name: { en: 'Draft', zh: '草稿' }, link: 'https://survey.example/d' },
    });
    expect((await checkEmail({ lgcSn: draft.json().data.lgcSn, emailAdr: 'a@b.example' })).statusCode).toBe(404);
  });

  it('answers 503 when no key is configured and the questionnaire has none', async () => {
    const plainStaff = await buildUser(plain.database.db, { roles: [ROLE.bankStaff] });
    const cookie = await sessionCookie(plain.database.db, plainStaff.id);
    const created = await plain.app.inject({
      method: 'POST',
      url: '/api/backend/content/questionnaires',
      headers: { cookie },
      payload: { name: { en: 'S', zh: '问卷' }, link: 'https://survey.example/s' },
    });
    const lgcSn = created.json().data.lgcSn;
    await plain.app.inject({
      method: 'POST',
      url: `/api/backend/content/questionnaires/${lgcSn}/publish`,
      headers: { cookie },
    });
    expect((await checkEmail({ lgcSn, emailAdr: 'a@b.example' }, plain.app)).statusCode).toBe(503);
  });
});

describe('GET /api/site/uncommonChar/token', () => {
  const token = (target = app) => target.inject({ method: 'GET', url: '/api/site/uncommonChar/token' });

  it('is off (data null, not an error) when the service is not configured', async () => {
    const res = await token(plain.app);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBeNull();
  });

  it('passes channel and txcode to the service and answers tid, token and the scripts', async () => {
    behaviour = 'ok';
    received.length = 0;
    const res = await token();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      tid: 'T-42',
      token: 'tok-abc',
      scripts: ['https://chars.example/a.js', 'https://chars.example/b.js'],
    });
    expect(received).toEqual([{ url: '/api/token', method: 'POST', body: { channel: 'portal-web', txcode: 'RC001' } }]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(['fail', 'garbage', 'slow'] as const)('answers 503 when the service answers %s', async (mode) => {
    behaviour = mode;
    const res = await token();
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('PRT_SERVICE_UNAVAILABLE');
  });
});

describe('GET /api/pageForward/getTransKey', () => {
  it('gives an active user a signed token naming them and a fresh key', async () => {
    const user = await buildUser(db);
    const res = await app.inject({
      method: 'GET',
      url: '/api/pageForward/getTransKey',
      headers: { cookie: await sessionCookie(db, user.id) },
    });
    expect(res.statusCode).toBe(200);
    const { appId, token, sm4 } = res.json().data;
    expect(appId).toBe('portal-app');
    expect(sm4).toMatch(/^[0-9a-f]{32}$/);
    const [claims, signature] = token.split('.');
    const expected = createHmac('sha256', 'a-shared-secret-of-at-least-32-characters')
      .update(claims)
      .digest('base64url');
    expect(signature).toBe(expected);
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString()).sub).toBe(user.lgcSn);
  });

  it('is not found when page forwarding is not configured', async () => {
    const user = await buildUser(plain.database.db);
    const res = await plain.app.inject({
      method: 'GET',
      url: '/api/pageForward/getTransKey',
      headers: { cookie: await sessionCookie(plain.database.db, user.id) },
    });
    expect(res.statusCode).toBe(404);
  });
});

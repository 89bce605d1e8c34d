/**
 * The generated typed client (packages/api-client) against the real server over HTTP: the app
 * listens on a random port, and everything below goes through `createPortalClient` only (the
 * user is written by a factory, the mailed code read from the outbox as other tests do): log in
 * with a picture code and a log-in e-mail code, publish a cooperation request, read it back.
 */
import type { AddressInfo } from 'node:net';
import { createPortalClient, type paths } from '@portal/api-client';
import { describe, expect, it } from 'vitest';
import { validReleaseBody } from './cooperation-factories.ts';
import { buildUser, lastMailTo, TEST_PASSWORD } from './factories.ts';
import { buildTestApp } from './helpers.ts';

const { app, database } = await buildTestApp({ CAPTCHA_TEST_MODE: 'true' });
await app.listen({ host: '127.0.0.1', port: 0 });
const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** A fetch that keeps the cookies the server sets (session, device), as a browser would. */
function cookieKeepingFetch() {
  const jar = new Map<string, string>();
  const cookieFetch = async (request: Request): Promise<Response> => {
    const headers = new Headers(request.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(new Request(request, { headers }));
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.trim().split('=');
      const cleared = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (cleared || !value) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  return { fetch: cookieFetch, jar };
}

type PublishBody = paths['/api/bthw/publish']['post']['requestBody']['content']['application/json'];

describe('the typed client over HTTP', () => {
  it('logs in with codes, publishes a request and reads it back', async () => {
    const email = 'typed.client@harbour-bank.example';
    await buildUser(database.db, { email, name: 'Tess Typed' });
    const browser = cookieKeepingFetch();
    const api = createPortalClient(baseUrl, { fetch: browser.fetch });

    // A visitor may not read the marketplace: the error is the typed envelope.
    const refused = await api.GET('/api/bthw/myListPage', { params: { query: {} } });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.code).toBe('PRT_UNAUTHENTICATED');

    /** A picture code and, in test mode, its answer from the response header. */
    const pictureCode = async () => {
      const { data, response } = await api.GET('/api/user/p1/getVerifyCode');
      expect(data?.data.base64Image).toMatch(/^data:image\/svg\+xml;base64,/);
      return {
        verifyCodeTraceId: data!.data.verifyCodeTraceId,
        verifyCode: response.headers.get('x-test-captcha-answer') ?? '',
      };
    };

    const sent = await api.POST('/api/user/p1/getEmailCode', {
      body: { emailAdr: email, emailType: '3', pwd: TEST_PASSWORD, ...(await pictureCode()) },
    });
    expect(sent.error).toBeUndefined();
    expect(sent.data?.data.resendAfterSeconds).toBeGreaterThan(0);
    const { code: emailCode } = await lastMailTo(database.db, email);
    expect(emailCode).toMatch(/^[A-Z2-9]{4}$/);

    const login = await api.POST('/api/user/p1/login', {
      body: { emailAdr: email, pwd: TEST_PASSWORD, emailCode, ...(await pictureCode()) },
    });
    expect(login.error).toBeUndefined();
    expect(login.data?.code).toBe('0');
    expect(login.data?.data).toMatchObject({ emailAdr: email, usrNm: 'Tess Typed', actvtInd: '1' });
    expect(browser.jar.has('portal_sid')).toBe(true);

    const form = validReleaseBody('BILATERAL_LOAN', { itDpchlstRqmNm: 'Typed client loan' }) as PublishBody;
    const published = await api.POST('/api/bthw/publish', { body: form });
    expect(published.error).toBeUndefined();
    const lgcSn = published.data!.data.lgcSn;

    const detail = await api.GET('/api/bthw/detail/{lgcSn}', { params: { path: { lgcSn } } });
    expect(detail.error).toBeUndefined();
    const item = detail.data!.data.item;
    expect(item).toMatchObject({ lgcSn, itDpchlstRqmNm: 'Typed client loan', status: 'effective', isMine: true });
    expect(item.subTypeCode).toBe('BILATERAL_LOAN');
    expect(detail.data!.data.publisher.contactEmail).toBe(form.contactEmail);

    const mine = await api.GET('/api/bthw/myListPage', { params: { query: { status: 'effective' } } });
    expect(mine.error).toBeUndefined();
    expect(mine.data!.data.total).toBe(1);
    expect(mine.data!.data.list.map((row) => [row.lgcSn, row.pushedCount, row.intentionCount])).toEqual([
      [lgcSn, 0, 0],
    ]);
  });
});

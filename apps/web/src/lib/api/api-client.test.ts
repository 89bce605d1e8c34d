import { ZSiteConfig } from '@portal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { envelope, jsonResponse, SITE_CONFIG, stubFetch, stubManualFetch } from '../../test/fetch-mock.ts';
import { appEvents } from '../events.ts';
import { setLocale } from '../i18n/locale.ts';
import { setToastHandler, type Toast } from '../notify.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage.ts';
import * as typed from './api-client.ts';
import {
  type ApiResponse,
  type DataOf,
  type DownloadResult,
  type HttpMethod,
  REQUEST_TIMEOUT_MS,
  type RequestOptions,
} from './api-client.ts';
import { ApiCancelledError, ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import { resetEmbeddedReads } from './embedded.ts';
import { getPendingCount } from './pending.ts';

// The runtime with made-up paths; the path types themselves are scripts/typed-paths.test.ts's subject.
type Untyped = <S extends z.ZodType | undefined = undefined>(
  path: string,
  options?: RequestOptions<S>,
) => Promise<DataOf<S>>;
const apiGet = typed.apiGet as unknown as Untyped;
const apiPost = typed.apiPost as unknown as Untyped;
const apiDelete = typed.apiDelete as unknown as Untyped;
const apiRequest = typed.apiRequest as unknown as <S extends z.ZodType | undefined = undefined>(
  method: HttpMethod,
  path: string,
  options?: RequestOptions<S>,
) => Promise<ApiResponse<DataOf<S>>>;
const apiDownload = typed.apiDownload as unknown as (
  path: string,
  options?: Omit<RequestOptions, 'schema'>,
) => Promise<DownloadResult>;

let toasts: Toast[];
let releaseToasts: () => void;

beforeEach(() => {
  toasts = [];
  releaseToasts = setToastHandler((toast) => toasts.push(toast));
});

afterEach(() => releaseToasts());

function headerOf(init: RequestInit, name: string): string | null {
  return new Headers(init.headers).get(name);
}

describe('the answers a public page’s document brings (server first screen)', () => {
  it('answers the first GET of a URL from the document, validated, and asks the server from then on', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'portal-first-screen';
    script.textContent = JSON.stringify({ reads: { '/api/site/config': envelope(SITE_CONFIG) } });
    document.body.append(script);
    resetEmbeddedReads();
    try {
      const fetchMock = stubFetch(() =>
        jsonResponse(envelope({ ...SITE_CONFIG, portalName: { en: 'Renamed portal', zh: '新名称' } })),
      );
      const first = await apiGet('/api/site/config', { schema: ZSiteConfig });
      expect(first.portalName.en).toBe('Interbank Cooperation Portal');
      expect(fetchMock).not.toHaveBeenCalled();
      expect(document.getElementById('portal-first-screen')).toBeNull();

      const second = await apiGet('/api/site/config', { schema: ZSiteConfig });
      expect(second.portalName.en).toBe('Renamed portal');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      resetEmbeddedReads();
    }
  });
});

describe('apiGet', () => {
  it('returns the data of a code "0" answer, validated and typed by the schema', async () => {
    stubFetch(() => jsonResponse(envelope(SITE_CONFIG)));
    const config = await apiGet('/api/site/config', { schema: ZSiteConfig });
    expect(config.portalName.en).toBe('Interbank Cooperation Portal');
    expect(toasts).toEqual([]);
  });

  it('sends the lang header of the current locale and same-origin credentials', async () => {
    const fetchMock = stubFetch(() => jsonResponse(envelope(null)));
    await apiGet('/api/ping');
    expect(headerOf(fetchMock.mock.calls[0]![1]!, 'lang')).toBe('en-US');
    expect(fetchMock.mock.calls[0]![1]!.credentials).toBe('same-origin');

    await setLocale('zh-CN');
    await apiGet('/api/ping');
    expect(headerOf(fetchMock.mock.calls[1]![1]!, 'lang')).toBe('zh-CN');
  });

  it('adds the query to the URL, leaving out empty values and repeating arrays', async () => {
    const fetchMock = stubFetch(() => jsonResponse(envelope([])));
    await apiGet('/api/list', { query: { pageNo: 2, q: 'bond fund', skip: undefined, none: null, type: ['a', 'b'] } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/list?pageNo=2&q=bond+fund&type=a&type=b');
  });

  it('fills the path template’s parameters, URI-encoded, before the query', async () => {
    const fetchMock = stubFetch(() => jsonResponse(envelope(null)));
    await typed.apiGet('/api/backend/seals/{lgcSn}', { params: { lgcSn: 'a/b c' }, query: { pageNo: 1 } });
    await typed.apiPost('/api/contracts/{intentionLgcSn}/sign', { params: { intentionLgcSn: 42 } });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/backend/seals/a%2Fb%20c?pageNo=1',
      '/api/contracts/42/sign',
    ]);
  });

  it('rejects with a client ApiError when the data does not match the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => jsonResponse(envelope({ portalName: 'no' })));
    const error = await apiGet('/api/site/config', { schema: ZSiteConfig }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(CLIENT_ERROR_CODES.invalidResponse);
    expect(toasts).toHaveLength(1);
  });
});

describe('identical requests in flight', () => {
  it('cancels the earlier of two identical requests without a toast', async () => {
    const { calls } = stubManualFetch();
    const first = apiGet('/api/cooperation', { query: { pageNo: 1 } });
    const second = apiGet('/api/cooperation', { query: { pageNo: 1 } });

    const firstError = await first.catch((e: unknown) => e);
    expect(firstError).toBeInstanceOf(ApiCancelledError);
    expect((firstError as ApiCancelledError).reason).toBe('superseded');

    calls[1]!.resolve(jsonResponse(envelope({ list: [] })));
    await expect(second).resolves.toEqual({ list: [] });
    expect(toasts).toEqual([]);
  });

  it('compares the body too: identical POST bodies cancel, different ones do not', async () => {
    const { calls } = stubManualFetch();
    const a = apiPost('/api/follow', { body: { id: 1 } });
    const b = apiPost('/api/follow', { body: { id: 2 } });
    const c = apiPost('/api/follow', { body: { id: 2 } });
    calls.forEach((call, index) => {
      call.resolve(jsonResponse(envelope(index)));
    });
    await expect(a).resolves.toBe(0);
    await expect(b).rejects.toBeInstanceOf(ApiCancelledError);
    await expect(c).resolves.toBe(2);
  });

  it('does not cancel requests that differ in method or URL', async () => {
    const { calls } = stubManualFetch();
    const list = apiGet('/api/items', { query: { pageNo: 1 } });
    const page2 = apiGet('/api/items', { query: { pageNo: 2 } });
    const remove = apiDelete('/api/items', { query: { pageNo: 1 } });
    for (const call of calls) call.resolve(jsonResponse(envelope(call.url)));
    await expect(list).resolves.toBe('/api/items?pageNo=1');
    await expect(page2).resolves.toBe('/api/items?pageNo=2');
    await expect(remove).resolves.toBe('/api/items?pageNo=1');
  });

  it("rejects quietly when the caller's signal aborts", async () => {
    stubManualFetch();
    const controller = new AbortController();
    const request = apiGet('/api/slow', { signal: controller.signal });
    controller.abort();
    const error = await request.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCancelledError);
    expect((error as ApiCancelledError).reason).toBe('aborted');
    expect(toasts).toEqual([]);
  });
});

describe('time-out', () => {
  it('aborts after 30 s with the time-out toast and a CLIENT_TIMEOUT ApiError', async () => {
    vi.useFakeTimers();
    const { fetchMock } = stubManualFetch();
    const request = apiGet('/api/slow');
    const settled = vi.fn();
    request.then(settled, settled);

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    expect((fetchMock.mock.calls[0]![1]! as RequestInit).signal?.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await request.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(CLIENT_ERROR_CODES.timeout);
    expect(toasts).toEqual([
      expect.objectContaining({ type: 'error', content: 'The server took too long to answer. Please try again.' }),
    ]);
  });
});

describe('error codes', () => {
  it('on a session-invalid code toasts the server message, forgets the user but not the page to return to, and asks for the login', async () => {
    writeStorage(STORAGE_KEYS.userInfo, '{"usrNm":"Ann"}');
    writeStorage(STORAGE_KEYS.nextPath, '/userCenter');
    writeStorage(STORAGE_KEYS.locale, 'en-US');
    const openLogin = vi.fn();
    const sessionInvalid = vi.fn();
    const offLogin = appEvents.on('open-login', openLogin);
    const offSession = appEvents.on('session-invalid', sessionInvalid);
    stubFetch(() => jsonResponse(envelope(null, 'YBLSYSTE0005', 'Your session has expired.'), 401));

    const error = await apiGet('/api/me').catch((e: unknown) => e);
    offLogin();
    offSession();

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'YBLSYSTE0005', status: 401 });
    expect(toasts).toEqual([expect.objectContaining({ type: 'error', content: 'Your session has expired.' })]);
    expect(readStorage(STORAGE_KEYS.userInfo)).toBeNull();
    expect(readStorage(STORAGE_KEYS.nextPath)).toBe('/userCenter');
    expect(readStorage(STORAGE_KEYS.locale)).toBe('en-US');
    expect(openLogin).toHaveBeenCalledWith({ reason: 'session-invalid' });
    expect(sessionInvalid).toHaveBeenCalledWith({ code: 'YBLSYSTE0005', message: 'Your session has expired.' });
  });

  it('treats YBLSYSTE0003 like YBLSYSTE0005', async () => {
    const openLogin = vi.fn();
    const off = appEvents.on('open-login', openLogin);
    stubFetch(() => jsonResponse(envelope(null, 'YBLSYSTE0003', 'Session no longer valid.'), 401));
    await expect(apiGet('/api/me')).rejects.toMatchObject({ code: 'YBLSYSTE0003' });
    off();
    expect(openLogin).toHaveBeenCalledOnce();
  });

  it('on YBLTS100U022 toasts and resolves to the response', async () => {
    stubFetch(() =>
      jsonResponse(envelope({ email: 'a@b.example' }, 'YBLTS100U022', 'Reset your password first.'), 403),
    );
    const response = await apiRequest('POST', '/api/auth/login', { body: { emailAdr: 'a@b.example' } });
    expect(response).toEqual({
      code: 'YBLTS100U022',
      message: 'Reset your password first.',
      data: { email: 'a@b.example' },
    });
    expect(toasts).toEqual([expect.objectContaining({ content: 'Reset your password first.' })]);
  });

  it('rejects with a typed ApiError and toasts the server message for any other code', async () => {
    const fields = { fields: [{ field: 'swiftCode', rule: 'format', message: 'SWIFT code is not valid.' }] };
    stubFetch(() => jsonResponse(envelope(fields, 'PRT_VALIDATION', 'Some fields are not valid.'), 422));
    const error = await apiPost('/api/publish', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'PRT_VALIDATION',
      message: 'Some fields are not valid.',
      status: 422,
      data: fields,
    });
    expect(toasts).toEqual([expect.objectContaining({ type: 'error', content: 'Some fields are not valid.' })]);
  });

  it('does not toast when the request is silent', async () => {
    stubFetch(() => jsonResponse(envelope(null, 'PRT_NOT_FOUND', 'Not found.'), 404));
    await expect(apiGet('/api/x', { silent: true })).rejects.toMatchObject({ code: 'PRT_NOT_FOUND' });
    expect(toasts).toEqual([]);
  });

  it('names an error answer without an envelope by its HTTP status', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/plain' } }));
    await expect(apiGet('/api/x')).rejects.toMatchObject({ code: 'PRT_SERVICE_UNAVAILABLE', status: 502 });
    expect(toasts).toHaveLength(1);
  });

  it('returns a plain JSON answer as it is', async () => {
    stubFetch(() => jsonResponse({ status: 'ok' }));
    await expect(apiGet('/healthz', { schema: z.object({ status: z.string() }) })).resolves.toEqual({ status: 'ok' });
  });

  it('toasts the network message and rejects when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiGet('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.network, status: 0 });
    expect(toasts).toEqual([
      expect.objectContaining({ content: 'Cannot reach the server. Please check your connection and try again.' }),
    ]);
  });

  it('localises the client messages', async () => {
    await setLocale('zh-CN');
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiGet('/api/x')).rejects.toMatchObject({ message: '无法连接服务器，请检查网络后重试。' });
  });
});

describe('apiDownload', () => {
  it('returns the file with its name', async () => {
    stubFetch(
      () =>
        new Response('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': "attachment; filename*=UTF-8''%E5%90%88%E5%90%8C.pdf",
          },
        }),
    );
    const file = await apiDownload('/api/files/1');
    expect(file.fileName).toBe('合同.pdf');
    expect(file.contentType).toBe('application/pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
  });

  it('reads the message of an error that arrives instead of the file', async () => {
    stubFetch(() => jsonResponse(envelope(null, 'PRT_NOT_FOUND', 'The file was not found.'), 404));
    await expect(apiDownload('/api/files/2')).rejects.toMatchObject({
      code: 'PRT_NOT_FOUND',
      message: 'The file was not found.',
    });
    expect(toasts).toEqual([expect.objectContaining({ content: 'The file was not found.' })]);
  });
});

describe('pending counter', () => {
  it('counts requests in flight, except those with mask: false', async () => {
    const { calls } = stubManualFetch();
    expect(getPendingCount()).toBe(0);
    const masked = apiGet('/api/a');
    const background = apiGet('/api/b', { mask: false });
    expect(getPendingCount()).toBe(1);
    for (const call of calls) call.resolve(jsonResponse(envelope(1)));
    await Promise.all([masked, background]);
    expect(getPendingCount()).toBe(0);
  });
});

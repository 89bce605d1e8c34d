import { vi } from 'vitest';

export type FetchCall = { url: string; init: RequestInit; resolve: (response: Response) => void };

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function envelope(data: unknown, code = '0', message = 'Success') {
  return { code, message, data };
}

/**
 * Replaces fetch with one whose answers the test gives by hand (`calls[i].resolve(...)`).
 * Like the real fetch, an aborted request rejects with an AbortError.
 */
export function stubManualFetch() {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      if (signal?.aborted) {
        reject(new DOMException('The operation was aborted.', 'AbortError'));
        return;
      }
      signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      calls.push({ url: String(input), init, resolve });
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Replaces fetch with one that answers every request through `respond`. */
export function stubFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => respond(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const SITE_CONFIG = {
  bankName: { en: 'Global Cooperation Bank', zh: '环球合作银行' },
  portalName: { en: 'Interbank Cooperation Portal', zh: '同业合作平台' },
  orgEmail: 'fi-cooperation@portal.example',
  serviceLine: '0086-95533',
  externalLinks: [
    {
      key: 'personalBanking',
      label: { en: 'Personal Banking', zh: '个人网上银行' },
      url: { en: 'https://personal.bank.example/en', zh: 'https://personal.bank.example/zh' },
    },
    {
      key: 'corporateBanking',
      label: { en: 'Corporate Banking', zh: '企业网上银行' },
      url: { en: 'https://corporate.bank.example/en', zh: 'https://corporate.bank.example/zh' },
    },
    {
      key: 'afca',
      label: { en: 'Asian Financial Cooperation Association', zh: '亚洲金融合作协会' },
      url: { en: 'https://www.afca-asia.org/en/', zh: 'https://www.afca-asia.org/' },
    },
  ],
  copyright: { en: '© 2026 Global Cooperation Bank. All rights reserved.', zh: '© 2026 环球合作银行 版权所有' },
} as const;

/**
 * The server as the shell sees it: the site configuration, the user info (a visitor unless
 * `user` is given), and whatever `respond` answers; any other request gets a 404 envelope.
 */
export function stubPortalApi(
  options: {
    user?: unknown;
    respond?: (url: string, init: RequestInit) => Response | Promise<Response> | undefined;
  } = {},
) {
  return stubFetch((url, init) => {
    const answer = options.respond?.(url, init);
    if (answer) return answer;
    if (url === '/api/site/config') return jsonResponse(envelope(SITE_CONFIG));
    if (url === '/api/user/p1/detail') return jsonResponse(envelope(options.user ?? null));
    return jsonResponse(envelope(null, 'PRT_ROUTE_NOT_FOUND', `No route ${url}`), 404);
  });
}

/** The back office's API for page tests: a staff member signed in, every call recorded. */
import { stubPortalApi } from './fetch-mock.ts';
import { STAFF_USER } from './users.ts';

export type BackofficeCall = { url: string; method: string; body: unknown };

/**
 * Signs `user` in and records every call under `/api/backend/` (its method and parsed body);
 * `respond` answers them (undefined: the portal stub's default). Returns the recorded calls.
 */
export function stubBackofficeApi(
  // biome-ignore lint/suspicious/noExplicitAny: the parsed JSON body, read as each test expects it
  respond: (url: string, method: string, body: any, init: RequestInit) => Response | undefined,
  user = STAFF_USER,
) {
  const calls: BackofficeCall[] = [];
  stubPortalApi({
    user,
    respond: (url, init) => {
      if (!url.startsWith('/api/backend/')) return undefined;
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      return respond(url, method, body, init);
    },
  });
  return calls;
}

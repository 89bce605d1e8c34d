/**
 * Who is signed in, as the server says (`GET /api/user/p1/detail`, from the session cookie).
 * The answer lives in the query cache; the browser keeps only display data (name and locale)
 * under the `userInfo` storage key, never a token (DESIGN.md, security model).
 *
 * Loaded once at start, reloaded on a language change (RELOAD_ON_LOCALE_CHANGE, SPEC §2), set
 * directly by login, agreement, profile updates, and cleared by logout or an expired session.
 */
import { DEFAULT_LOCALE, type Locale } from '@portal/shared';
import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { apiGet, parseData, withSignal } from '../../lib/api/api-client.ts';
import { normalizeLocale } from '../../lib/i18n/locale.ts';
import { clearDisplayData, readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';

export const USER_DETAIL_PATH = '/api/user/p1/detail';
export const CURRENT_USER_QUERY_KEY = ['accounts', 'current-user'] as const;
/** Every query of the accounts feature and the back office starts with one of these. */
const USER_BOUND_QUERY_ROOTS = ['accounts', 'backoffice'];

export type CurrentUser = { status: 'loading' } | { status: 'visitor' } | { status: 'user'; user: TUserInfo };

export type DisplayData = { usrNm: string; locale: Locale };

/** The schema module carries the profile's schemas and the dictionaries: not in the first download. */
const loadUserSchema = () => import('@portal/shared/schemas/accounts').then((module) => module.ZUserInfo);

export async function fetchCurrentUser(signal?: AbortSignal): Promise<TUserInfo | null> {
  // A visitor's answer is null and needs no schema: a public page on a phone does not evaluate the
  // module (about 100 ms of main thread at a phone's speed, issue 27). Whoever was signed in here
  // before (the display data says so) fetches it beside the answer instead of after it.
  const schema = readDisplayData() ? loadUserSchema() : undefined;
  schema?.catch(() => undefined);
  const data = await apiGet(USER_DETAIL_PATH, { mask: false, ...withSignal(signal) });
  const user = data === null ? null : parseData(await (schema ?? loadUserSchema()), data);
  rememberDisplayData(user);
  return user;
}

/** The signed-in user: loading until the first answer, then a visitor or the user. */
export function useCurrentUser(): CurrentUser {
  const query = useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    meta: RELOAD_ON_LOCALE_CHANGE,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return toCurrentUser(query.data, query.isError);
}

export function toCurrentUser(data: TUserInfo | null | undefined, failed: boolean): CurrentUser {
  if (data) return { status: 'user', user: data };
  // An answer of null is a visitor; so is a first load that failed (network, expired session).
  if (data === null || failed) return { status: 'visitor' };
  return { status: 'loading' };
}

/** After login, agreement or a profile change: the server's answer becomes the current user. */
export function setCurrentUser(client: QueryClient, user: TUserInfo | null): void {
  client.setQueryData(CURRENT_USER_QUERY_KEY, user);
  rememberDisplayData(user);
}

/**
 * Set by a log-out until the home page is on screen (AccountsHost clears it). A login-only page
 * still rendered while the user is forgotten (the home page may still be loading) must neither
 * remember itself as the page to return to nor ask to log in: SPEC §4, log-out clears the next
 * path and goes home.
 */
let signingOut = false;
export function isSigningOut(): boolean {
  return signingOut;
}
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

/**
 * Logout, a password change (the server ends the session) or an expired session: forgets the
 * user and every user-bound answer in the cache; the locale stays. The page to return to goes
 * too, except when the session expired (`keepNextPath`): logging in again goes on there (SPEC §8).
 */
export function forgetCurrentUser(client: QueryClient, { keepNextPath = false } = {}): void {
  client.removeQueries({
    predicate: (query) =>
      USER_BOUND_QUERY_ROOTS.includes(String(query.queryKey[0])) && query.queryKey[1] !== CURRENT_USER_QUERY_KEY[1],
  });
  client.setQueryData(CURRENT_USER_QUERY_KEY, null);
  if (keepNextPath) removeStorage(STORAGE_KEYS.userInfo);
  else clearDisplayData();
}

function rememberDisplayData(user: TUserInfo | null): void {
  if (!user) {
    removeStorage(STORAGE_KEYS.userInfo);
    return;
  }
  const data: DisplayData = { usrNm: user.usrNm, locale: user.locale };
  writeStorage(STORAGE_KEYS.userInfo, JSON.stringify(data));
}

/** The display data of the last signed-in user, or null (shown in the header while loading). */
export function readDisplayData(): DisplayData | null {
  const raw = readStorage(STORAGE_KEYS.userInfo);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<DisplayData>;
    if (typeof value.usrNm !== 'string' || !value.usrNm) return null;
    return { usrNm: value.usrNm, locale: normalizeLocale(value.locale) ?? DEFAULT_LOCALE };
  } catch {
    return null;
  }
}

/**
 * localStorage keys of SPEC §3. The session token is not among them: it lives in an HttpOnly cookie
 * (DESIGN.md, security model), so the client keeps display data only.
 */
export const STORAGE_KEYS = {
  locale: 'locale',
  userInfo: 'userInfo',
  nextPath: 'nextPath',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Reads a key; `null` when absent or when storage is unavailable (private mode, disabled). */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the value simply is not remembered.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

const FIRST_LOGIN_KEY = 'firstLogin';

/**
 * This tab's session began with the account's first log-in ever: the home page greets a newcomer
 * instead of welcoming them back (kept in sessionStorage, for this tab's session only).
 */
export function rememberFirstLogin(first: boolean): void {
  try {
    if (first) window.sessionStorage.setItem(FIRST_LOGIN_KEY, '1');
    else window.sessionStorage.removeItem(FIRST_LOGIN_KEY);
  } catch {
    // Storage disabled: the usual welcome-back line shows.
  }
}

export function isFirstLogin(): boolean {
  try {
    return window.sessionStorage.getItem(FIRST_LOGIN_KEY) === '1';
  } catch {
    return false;
  }
}

/** Forgets who was logged in (user info and the page to return to); the locale stays. */
export function clearDisplayData(): void {
  removeStorage(STORAGE_KEYS.userInfo);
  removeStorage(STORAGE_KEYS.nextPath);
  rememberFirstLogin(false);
}

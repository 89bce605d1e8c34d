import { i18n } from './i18n.ts';

/**
 * Translates a key built at run time (an error code from the server, a key from data), which the
 * typed `t` cannot check. Returns `fallback` when the key does not exist.
 */
export function translateKey(key: string, fallback: string, params?: Record<string, string | number>): string {
  if (!i18n.exists(key)) return fallback;
  return (i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string)(key, params);
}

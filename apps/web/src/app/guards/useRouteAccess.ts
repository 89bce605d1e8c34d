import type { RouteMeta } from '../route-meta.ts';

export type AccessDecision =
  | { kind: 'allow' }
  /** Remember the wanted page, go home and open the login dialog (SPEC §4). */
  | { kind: 'login' }
  | { kind: 'redirect'; to: string };

const ALLOW: AccessDecision = { kind: 'allow' };

/**
 * The route guard of SPEC §4, for navigation only (the server checks every request itself).
 * Open routes (noLogin) always pass. For the others the accounts feature decides here from the
 * user's activation indicator: '1' and '6' pass; a known user with another indicator may only
 * open the product detail; no user → `{ kind: 'login' }`.
 */
export function useRouteAccess(meta: RouteMeta): AccessDecision {
  if (meta.noLogin) return ALLOW;
  // Until accounts exist nobody can log in, so login-only pages stay open.
  return ALLOW;
}

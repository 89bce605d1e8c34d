import { useLocation } from 'react-router';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import type { RouteMeta } from '../route-meta.ts';
import { type AccessDecision, decideRouteAccess } from './access.ts';

export type { AccessDecision } from './access.ts';

/**
 * The route guard of SPEC §4 for the current page (rules in `decideRouteAccess`). Open routes
 * decide at once; the others wait for the first answer of the user info.
 */
export function useRouteAccess(meta: RouteMeta): AccessDecision {
  const { pathname } = useLocation();
  const current = useCurrentUser();
  return decideRouteAccess(meta, pathname, current);
}

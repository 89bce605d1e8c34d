import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { matchPath } from 'react-router';
import { ACTIVATION, hasAccess, hasRole } from '../../features/accounts/account-states.ts';
import type { CurrentUser } from '../../features/accounts/current-user.ts';
import { REGISTER_PATH, UNDER_REVIEW_PATH } from '../../features/accounts/paths.ts';
import type { RouteMeta } from '../route-meta.ts';
import { FORBIDDEN_PATH, HOME_PATH } from '../route-paths.ts';

export type AccessDecision =
  | { kind: 'allow' }
  /** The user is not known yet (first answer of the user info pending): render nothing yet. */
  | { kind: 'wait' }
  /** Remember the wanted page, go home and open the login dialog (SPEC §4). */
  | { kind: 'login' }
  | { kind: 'redirect'; to: string };

const ALLOW: AccessDecision = { kind: 'allow' };

/**
 * Login-only pages that a signed-in user whose account is not active (under review, rejected,
 * asked for more information) may still open (SPEC §4: the product detail).
 */
export const PENDING_USER_PATHS: readonly string[] = ['/productsAndServices/detail/:id'];

/** Where a signed-in user whose account is not active belongs (SPEC §4). */
export function pathForInactiveUser(user: Pick<TUserInfo, 'actvtInd'>): string {
  switch (user.actvtInd) {
    case ACTIVATION.underReview:
      return UNDER_REVIEW_PATH;
    case ACTIVATION.rejected:
    case ACTIVATION.supplementRequired:
      return REGISTER_PATH;
    default:
      return HOME_PATH;
  }
}

/**
 * The route guard of SPEC §4, for navigation only (the server checks every request itself):
 * open routes (noLogin) pass; a visitor is asked to log in; a user whose activation is '1' or
 * '6' passes (and needs the route's roles, if any, else /403); any other signed-in user may only
 * open the product detail and is otherwise sent where their account state belongs.
 */
export function decideRouteAccess(
  meta: Pick<RouteMeta, 'noLogin' | 'roles'>,
  pathname: string,
  current: CurrentUser,
): AccessDecision {
  if (meta.noLogin) return ALLOW;
  if (current.status === 'loading') return { kind: 'wait' };
  if (current.status === 'visitor') return { kind: 'login' };
  const { user } = current;
  if (!hasAccess(user)) {
    if (PENDING_USER_PATHS.some((pattern) => matchPath({ path: pattern, caseSensitive: true }, pathname))) return ALLOW;
    return { kind: 'redirect', to: pathForInactiveUser(user) };
  }
  if (meta.roles?.length && !meta.roles.some((role) => hasRole(user, role))) {
    return { kind: 'redirect', to: FORBIDDEN_PATH };
  }
  return ALLOW;
}

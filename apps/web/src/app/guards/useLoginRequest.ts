import { LOGIN_PARAM } from '@portal/shared';
import { useEffect } from 'react';
import { matchRoutes, type RouteObject, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import { type RouteMeta, toRouteMeta } from '../route-meta.ts';
import { HOME_PATH } from '../route-paths.ts';
import { ROUTES, type RouteRecord } from '../routes.tsx';
import { decideRouteAccess } from './access.ts';
import { followAccessDecision } from './useAccessRedirect.ts';

/** The page a `?login=` names: its path (for the guard), its path and query, and its route's meta. */
export type RequestedPage = { pathname: string; nextPath: string; meta: RouteMeta };

type MetaRoute = RouteObject & { meta: RouteMeta };

const toMetaRoute = (record: RouteRecord): MetaRoute => ({
  path: record.path,
  meta: toRouteMeta(record),
  ...(record.children ? { children: record.children.map(toMetaRoute) } : {}),
});

/**
 * The page `value` (the home page's `?login=`) names, or null unless it is a path of this site
 * (one leading `/`, no scheme, no other host) that the route table knows: no open redirect.
 */
export function requestedPage(
  value: string,
  origin: string = window.location.origin,
  routes: readonly RouteRecord[] = ROUTES,
): RequestedPage | null {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const matches = matchRoutes(routes.map(toMetaRoute), url.pathname);
  const deepest = matches?.at(-1)?.route as MetaRoute | undefined;
  if (!deepest) return null;
  return { pathname: url.pathname, nextPath: `${url.pathname}${url.search}`, meta: deepest.meta };
}

/**
 * The home page's `?login=<page>`, where the server sends a visitor who asked for a page that
 * needs a login (apps/server platform/web-app.ts): once the user info has answered, the route
 * guard's decision about that page is carried out as the guard would (a visitor: remember it,
 * open the log-in dialog naming it, and drop the parameter). A browser that has a session after
 * all goes on to the page. A value that names no page of the portal is ignored.
 */
export function useLoginRequest(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const current = useCurrentUser();
  const value = location.pathname === HOME_PATH ? new URLSearchParams(location.search).get(LOGIN_PARAM) : null;
  const page = value === null ? null : requestedPage(value);
  const decision = page ? decideRouteAccess(page.meta, page.pathname, current) : null;
  const kind = decision?.kind ?? null;
  const target = decision?.kind === 'redirect' ? decision.to : null;
  const nextPath = page?.nextPath ?? null;
  const title = page?.meta.title;
  useEffect(() => {
    if (!kind || nextPath === null) return;
    if (kind === 'allow') navigate(nextPath, { replace: true });
    else if (kind === 'login') followAccessDecision({ kind }, navigate, nextPath, title);
    else if (kind === 'redirect' && target) followAccessDecision({ kind, to: target }, navigate, nextPath);
  }, [kind, target, nextPath, title, navigate]);
}

/** Mounted once around every route, after the account dialogs (GLOBAL_OVERLAYS) so they hear it. */
export function LoginRequestHost() {
  useLoginRequest();
  return null;
}

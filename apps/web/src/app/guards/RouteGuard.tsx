import type { ReactNode } from 'react';
import { type RouteMeta, useRouteMeta } from '../route-meta.ts';
import { PageFallback } from '../shell/PageFallback.tsx';
import { useAccessRedirect } from './useAccessRedirect.ts';
import { useRouteAccess } from './useRouteAccess.ts';

/**
 * Wraps every page of the route table. Navigation-only: the server decides every authorization
 * itself (DESIGN.md, security model).
 */
export function RouteGuard({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const decision = useRouteAccess(meta);
  // The log-in dialog names the page asked for: the deepest route's title (a tab of the user
  // centre rather than the user centre).
  const page = useRouteMeta() ?? meta;
  const redirecting = useAccessRedirect(decision, page.title);
  // Waiting for the user, and while a redirect (a log-in asked for over the home page) takes its
  // effect: the page's place stays held, so the footer does not jump up and back (a layout shift).
  if (decision.kind === 'wait' || redirecting) return <PageFallback />;
  return children;
}

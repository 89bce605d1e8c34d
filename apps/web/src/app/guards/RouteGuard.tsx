import type { ReactNode } from 'react';
import type { RouteMeta } from '../route-meta.ts';
import { PageFallback } from '../shell/PageFallback.tsx';
import { useAccessRedirect } from './useAccessRedirect.ts';
import { useRouteAccess } from './useRouteAccess.ts';

/**
 * Wraps every page of the route table. Navigation-only: the server decides every authorization
 * itself (DESIGN.md, security model).
 */
export function RouteGuard({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const decision = useRouteAccess(meta);
  const redirecting = useAccessRedirect(decision);
  if (decision.kind === 'wait') return <PageFallback />;
  if (redirecting) return null;
  return children;
}

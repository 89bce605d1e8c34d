import { useMatches } from 'react-router';
import type { I18nKey } from '../lib/i18n/keys.ts';
import type { RouteRecord } from './route-tables/route-record.ts';

/** 'main': header, banner, footers; 'bare': the page alone; 'backoffice': the bank staff's back office. */
export type RouteLayout = 'main' | 'bare' | 'backoffice';

/** The meta flags of SPEC §2 for one route, with defaults applied. */
export type RouteMeta = {
  /** Translation key of the page title (document title, breadcrumbs). */
  title: I18nKey;
  /** Open to visitors; otherwise the route guard asks for a login. */
  noLogin: boolean;
  hiddenBanner: boolean;
  hiddenCopyRight: boolean;
  layout: RouteLayout;
  /** Role type codes of which the user needs one (e.g. '50', bank staff); others see /403. */
  roles?: readonly string[];
};

export type RouteHandle = { meta: RouteMeta };

/** A route record's meta flags, with the defaults applied. */
export function toRouteMeta(record: RouteRecord): RouteMeta {
  return {
    title: record.title,
    noLogin: record.noLogin ?? false,
    hiddenBanner: record.hiddenBanner ?? false,
    hiddenCopyRight: record.hiddenCopyRight ?? false,
    layout: record.layout ?? 'main',
    ...(record.roles ? { roles: record.roles } : {}),
  };
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}

/** Meta of the deepest matched route that has one; null on routes without meta (redirects). */
export function useRouteMeta(): RouteMeta | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.meta;
  }
  return null;
}

import type { I18nKey } from '../../lib/i18n/keys.ts';
import type { PageComponent } from '../../lib/lazy-page.ts';
import type { RouteLayout } from '../route-meta.ts';

export type RouteRecord = {
  path: string;
  title: I18nKey;
  /** Open to visitors (SPEC §2 noLogin); default false: login required. */
  noLogin?: boolean;
  /** No banner under the header. */
  hiddenBanner?: boolean;
  /** No copyright line in the footer. */
  hiddenCopyRight?: boolean;
  /** Default 'main'. */
  layout?: RouteLayout;
  /** Role type codes of which the signed-in user needs one; others are sent to /403. */
  roles?: readonly string[];
  page: PageComponent;
  children?: readonly RouteRecord[];
};

/** A path that forwards elsewhere, keeping its query string and hash unless `keepSearch` is false. */
export type RedirectRecord = { path: string; to: string; keepSearch?: boolean };

/** The meta flags a group of routes shares (a whole area is behind no banner, or in the back office). */
export type SharedMeta = Pick<RouteRecord, 'noLogin' | 'hiddenBanner' | 'hiddenCopyRight' | 'layout' | 'roles'>;

/**
 * Gives every record of a group the flags the group shares, so an area states them once
 * (a record may still set its own, which wins).
 */
export function routeGroup(shared: SharedMeta, records: readonly RouteRecord[]): RouteRecord[] {
  return records.map((record) => ({ ...shared, ...record }));
}

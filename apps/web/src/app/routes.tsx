/**
 * The route table of SPEC §2. Every page of the portal is one record here; a feature adds its
 * pages by adding records (until then their paths fall to /404). Pages load lazily, so each one
 * becomes its own chunk and the initial bundle stays small.
 *
 * - `path` is absolute; children's paths are absolute too and start with the parent's path.
 * - A parent with `children` renders them through `<Outlet />` (e.g. the user centre).
 * - `layout: 'bare'` puts the page outside the main layout (no header, banner or footers), as
 *   /previewContract and /signContract will be.
 */

import type { I18nKey } from '../lib/i18n/keys.ts';
import { lazyPage, type PageComponent } from '../lib/lazy-page.ts';
import type { RouteLayout } from './route-meta.ts';

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
  page: PageComponent;
  children?: readonly RouteRecord[];
};

/** A path that forwards elsewhere, keeping its query string and hash unless `keepSearch` is false. */
export type RedirectRecord = { path: string; to: string; keepSearch?: boolean };

export const HOME_PATH = '/home';
export const NOT_FOUND_PATH = '/404';
export const FORBIDDEN_PATH = '/403';

export const ROUTES: readonly RouteRecord[] = [
  {
    path: HOME_PATH,
    title: 'common:routes.home',
    noLogin: true,
    page: lazyPage(() => import('../pages/home/HomePage.tsx'), 'HomePage'),
  },
  {
    path: FORBIDDEN_PATH,
    title: 'common:routes.forbidden',
    noLogin: true,
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/errors/ForbiddenPage.tsx'), 'ForbiddenPage'),
  },
  {
    path: NOT_FOUND_PATH,
    title: 'common:routes.notFound',
    noLogin: true,
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/errors/NotFoundPage.tsx'), 'NotFoundPage'),
  },
];

export const REDIRECTS: readonly RedirectRecord[] = [{ path: '/', to: HOME_PATH }];

/**
 * The route table of SPEC §2. Every page of the portal is one record; a feature adds its pages by
 * adding records to its area's table in `route-tables/` (until then their paths fall to /404).
 * Pages load lazily, so each one becomes its own chunk and the initial bundle stays small.
 *
 * - `path` is absolute; children's paths are absolute too and start with the parent's path.
 * - A parent with `children` renders them through `<Outlet />` (e.g. the user centre).
 * - `layout: 'bare'` puts the page outside the main layout (no header, banner or footers), as
 *   /previewContract and /signContract are; `layout: 'backoffice'` puts it in the back office
 *   (/backend, its own bar and left menu, `features/backoffice/backoffice-menu.ts`).
 * - `roles`: role type codes of which the user needs one (the back office: '50').
 * - `routeGroup` gives an area's records the flags they share, so each is stated once.
 */

import {
  AGREEMENT_PATH,
  BACKOFFICE_PATH,
  BACKOFFICE_REGISTRATIONS_PATH,
  USER_CENTER_PATH,
  USER_INFO_PATH,
} from '../features/accounts/paths.ts';
import { FORBIDDEN_PATH, HOME_PATH, NOT_FOUND_PATH } from './route-paths.ts';
import { PUBLIC_ROUTES } from './route-tables/account-routes.ts';
import { BACKOFFICE_ROUTES } from './route-tables/backoffice-routes.ts';
import { CONTENT_ROUTES } from './route-tables/content-routes.ts';
import { COOPERATION_ROUTES } from './route-tables/cooperation-routes.ts';
import type { RedirectRecord, RouteRecord } from './route-tables/route-record.ts';
import { USER_CENTER_ROUTE } from './route-tables/user-center-routes.ts';

export type { RedirectRecord, RouteRecord };
export { FORBIDDEN_PATH, HOME_PATH, NOT_FOUND_PATH };

export const ROUTES: readonly RouteRecord[] = [
  ...PUBLIC_ROUTES,
  USER_CENTER_ROUTE,
  ...COOPERATION_ROUTES,
  ...CONTENT_ROUTES,
  ...BACKOFFICE_ROUTES,
];

export const REDIRECTS: readonly RedirectRecord[] = [
  { path: '/', to: HOME_PATH },
  { path: USER_CENTER_PATH, to: USER_INFO_PATH },
  { path: AGREEMENT_PATH, to: `${AGREEMENT_PATH}/0` },
  { path: BACKOFFICE_PATH, to: BACKOFFICE_REGISTRATIONS_PATH },
];

/**
 * The route table of SPEC §2. Every page of the portal is one record here; a feature adds its
 * pages by adding records (until then their paths fall to /404). Pages load lazily, so each one
 * becomes its own chunk and the initial bundle stays small.
 *
 * - `path` is absolute; children's paths are absolute too and start with the parent's path.
 * - A parent with `children` renders them through `<Outlet />` (e.g. the user centre).
 * - `layout: 'bare'` puts the page outside the main layout (no header, banner or footers), as
 *   /previewContract and /signContract will be; `layout: 'backoffice'` puts it in the back office
 *   (/backend, its own bar and left menu, `features/backoffice/backoffice-menu.ts`).
 * - `roles`: role type codes of which the user needs one (the back office: '50').
 */

import { ROLE } from '../features/accounts/account-states.ts';
import {
  AGREEMENT_PATH,
  BACKOFFICE_AUDIT_PATH,
  BACKOFFICE_PATH,
  BACKOFFICE_REGISTRATIONS_PATH,
  MODIFY_PASSWORD_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
  SUBMIT_SUCCESS_PATH,
  UNDER_REVIEW_PATH,
  USER_CENTER_PATH,
  USER_INFO_PATH,
} from '../features/accounts/paths.ts';
import {
  BACKOFFICE_INSTITUTIONS_PATH,
  BACKOFFICE_USERS_PATH,
  INSTITUTION_USERS_PATH,
  INVITATION_PATH,
} from '../features/user-management/paths.ts';
import type { I18nKey } from '../lib/i18n/keys.ts';
import { lazyPage, type PageComponent } from '../lib/lazy-page.ts';
import type { RouteLayout } from './route-meta.ts';
import { FORBIDDEN_PATH, HOME_PATH, NOT_FOUND_PATH } from './route-paths.ts';

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

export { FORBIDDEN_PATH, HOME_PATH, NOT_FOUND_PATH };

const BANK_STAFF = [ROLE.bankStaff] as const;
/** Institution administrators (20) and the system administrator (99) manage their institution's users. */
const INSTITUTION_ADMINS = [ROLE.institutionAdmin, ROLE.systemAdmin] as const;

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

  // Accounts: registration, review, passwords, agreements (SPEC §2).
  {
    path: REGISTER_PATH,
    title: 'accounts:routes.register',
    noLogin: true,
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/accounts/RegisterPage.tsx'), 'RegisterPage'),
  },
  {
    path: SUBMIT_SUCCESS_PATH,
    title: 'accounts:routes.submitSuccess',
    noLogin: true,
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/accounts/SubmitSuccessPage.tsx'), 'SubmitSuccessPage'),
  },
  {
    path: UNDER_REVIEW_PATH,
    title: 'accounts:routes.underReview',
    noLogin: true,
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/accounts/UnderReviewPage.tsx'), 'UnderReviewPage'),
  },
  {
    path: RESET_PASSWORD_PATH,
    title: 'accounts:routes.resetPassword',
    noLogin: true,
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/accounts/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
  },
  {
    path: `${AGREEMENT_PATH}/:type`,
    title: 'accounts:routes.agreement',
    noLogin: true,
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/accounts/AgreementPage.tsx'), 'AgreementPage'),
  },
  {
    path: INVITATION_PATH,
    title: 'users:routes.invitation',
    noLogin: true,
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/accounts/InvitationPage.tsx'), 'InvitationPage'),
  },

  // User centre (SPEC §2): the tabs that exist so far; later features add theirs.
  {
    path: USER_CENTER_PATH,
    title: 'accounts:routes.userCenter',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/user-center/UserCenterLayout.tsx'), 'UserCenterLayout'),
    children: [
      {
        path: USER_INFO_PATH,
        title: 'accounts:routes.userInfo',
        hiddenBanner: true,
        page: lazyPage(() => import('../pages/user-center/UserInfoPage.tsx'), 'UserInfoPage'),
      },
      {
        path: MODIFY_PASSWORD_PATH,
        title: 'accounts:routes.modifyPassword',
        hiddenBanner: true,
        page: lazyPage(() => import('../pages/user-center/ModifyPasswordPage.tsx'), 'ModifyPasswordPage'),
      },
      {
        path: INSTITUTION_USERS_PATH,
        title: 'users:routes.institutionUsers',
        hiddenBanner: true,
        roles: INSTITUTION_ADMINS,
        page: lazyPage(() => import('../pages/user-center/InstitutionUsersPage.tsx'), 'InstitutionUsersPage'),
      },
    ],
  },

  // Back office (bank staff, role 50).
  {
    path: BACKOFFICE_REGISTRATIONS_PATH,
    title: 'backoffice:routes.registrations',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/RegistrationsPage.tsx'), 'RegistrationsPage'),
  },
  {
    path: BACKOFFICE_USERS_PATH,
    title: 'users:routes.accounts',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/AccountsPage.tsx'), 'AccountsPage'),
  },
  {
    path: BACKOFFICE_INSTITUTIONS_PATH,
    title: 'users:routes.institutions',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/InstitutionsPage.tsx'), 'InstitutionsPage'),
  },
  {
    path: BACKOFFICE_AUDIT_PATH,
    title: 'backoffice:routes.audit',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/AuditLogPage.tsx'), 'AuditLogPage'),
  },
];

export const REDIRECTS: readonly RedirectRecord[] = [
  { path: '/', to: HOME_PATH },
  { path: USER_CENTER_PATH, to: USER_INFO_PATH },
  { path: AGREEMENT_PATH, to: `${AGREEMENT_PATH}/0` },
  { path: BACKOFFICE_PATH, to: BACKOFFICE_REGISTRATIONS_PATH },
];

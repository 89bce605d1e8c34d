import {
  AGREEMENT_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
  SUBMIT_SUCCESS_PATH,
  UNDER_REVIEW_PATH,
} from '../../features/accounts/paths.ts';
import { INVITATION_PATH } from '../../features/user-management/paths.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { FORBIDDEN_PATH, HOME_PATH, NOT_FOUND_PATH } from '../route-paths.ts';
import { type RouteRecord, routeGroup } from './route-record.ts';

/** The home page, the error pages and the account pages a visitor reaches before logging in (SPEC §2). */
export const PUBLIC_ROUTES: readonly RouteRecord[] = [
  {
    path: HOME_PATH,
    title: 'common:routes.home',
    noLogin: true,
    page: lazyPage(() => import('../../pages/home/HomePage.tsx'), 'HomePage'),
  },
  ...routeGroup({ noLogin: true, hiddenBanner: true }, [
    {
      path: FORBIDDEN_PATH,
      title: 'common:routes.forbidden',
      page: lazyPage(() => import('../../pages/errors/ForbiddenPage.tsx'), 'ForbiddenPage'),
    },
    {
      path: NOT_FOUND_PATH,
      title: 'common:routes.notFound',
      page: lazyPage(() => import('../../pages/errors/NotFoundPage.tsx'), 'NotFoundPage'),
    },

    // Accounts: registration, review, passwords, agreements (SPEC §2).
    {
      path: REGISTER_PATH,
      title: 'accounts:routes.register',
      page: lazyPage(() => import('../../pages/accounts/RegisterPage.tsx'), 'RegisterPage'),
    },
    {
      path: SUBMIT_SUCCESS_PATH,
      title: 'accounts:routes.submitSuccess',
      page: lazyPage(() => import('../../pages/accounts/SubmitSuccessPage.tsx'), 'SubmitSuccessPage'),
    },
    {
      path: UNDER_REVIEW_PATH,
      title: 'accounts:routes.underReview',
      page: lazyPage(() => import('../../pages/accounts/UnderReviewPage.tsx'), 'UnderReviewPage'),
    },
    {
      path: RESET_PASSWORD_PATH,
      title: 'accounts:routes.resetPassword',
      page: lazyPage(() => import('../../pages/accounts/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
    },
    {
      path: `${AGREEMENT_PATH}/:type`,
      title: 'accounts:routes.agreement',
      page: lazyPage(() => import('../../pages/accounts/AgreementPage.tsx'), 'AgreementPage'),
    },
    {
      path: INVITATION_PATH,
      title: 'users:routes.invitation',
      page: lazyPage(() => import('../../pages/accounts/InvitationPage.tsx'), 'InvitationPage'),
    },
  ]),
];

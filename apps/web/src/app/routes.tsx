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
  BACKOFFICE_AGREEMENT_VERSIONS_PATH,
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
import { CONTENT_PATHS } from '../features/content/ui/content-links.ts';
import { BACKOFFICE_CONTENT_PATHS } from '../features/content-admin/paths.ts';
import { PREVIEW_CONTRACT_PATH, SIGN_CONTRACT_PATH, VERIFY_PATH } from '../features/contracts/paths.ts';
import {
  COOPERATION_DETAIL_PATH,
  MY_ATTENTION_PATH,
  MY_COOPERATION_PATH,
  MY_PUBLISH_PATH,
  RELEASE_PATH,
} from '../features/cooperation/paths.ts';
import { BACKOFFICE_AGREEMENTS_PATH, BACKOFFICE_COOPERATION_PATH } from '../features/cooperation-backoffice/paths.ts';
import { MESSAGE_CENTER_PATH } from '../features/messages/paths.ts';
import { MY_DRAFT_PATH, PUBLISH_PATH } from '../features/publish/paths.ts';
import { BACKOFFICE_SEALS_PATH, MY_SIGNATURE_PATH } from '../features/seals/paths.ts';
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
      {
        path: MY_SIGNATURE_PATH,
        title: 'cooperation:routes.mySignature',
        hiddenBanner: true,
        page: lazyPage(() => import('../pages/user-center/MySignaturePage.tsx'), 'MySignaturePage'),
      },
      {
        path: MY_PUBLISH_PATH,
        title: 'cooperation:routes.myPublish',
        hiddenBanner: true,
        page: lazyPage(() => import('../pages/user-center/MyPublishPage.tsx'), 'MyPublishPage'),
      },
      {
        path: MY_ATTENTION_PATH,
        title: 'cooperation:routes.myAttention',
        hiddenBanner: true,
        page: lazyPage(() => import('../pages/user-center/MyAttentionPage.tsx'), 'MyAttentionPage'),
      },
      {
        path: MY_COOPERATION_PATH,
        title: 'cooperation:routes.myCooperation',
        hiddenBanner: true,
        page: lazyPage(() => import('../pages/user-center/MyCooperationPage.tsx'), 'MyCooperationPage'),
      },
      {
        path: MY_DRAFT_PATH,
        title: 'publish:routes.myDraft',
        hiddenBanner: true,
        page: lazyPage(() => import('../pages/user-center/MyDraftPage.tsx'), 'MyDraftPage'),
      },
      {
        path: MESSAGE_CENTER_PATH,
        title: 'messages:centre.title',
        hiddenBanner: true,
        page: lazyPage(() => import('../pages/user-center/MessageCenterPage.tsx'), 'MessageCenterPage'),
      },
    ],
  },

  // Business Opportunities and the detail of a request (SPEC §2).
  {
    path: RELEASE_PATH,
    title: 'cooperation:routes.release',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/opportunities/OpportunitiesPage.tsx'), 'OpportunitiesPage'),
  },
  {
    path: COOPERATION_DETAIL_PATH,
    title: 'cooperation:routes.detail',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/cooperation-detail/CooperationDetailPage.tsx'), 'CooperationDetailPage'),
  },

  // Contracts (SPEC §2): preview and signing sit outside the main layout with no login flag (the
  // pages decide who may see or sign); /verify checks a signed PDF, open to visitors.
  {
    path: PREVIEW_CONTRACT_PATH,
    title: 'cooperation:routes.previewContract',
    noLogin: true,
    layout: 'bare',
    page: lazyPage(() => import('../pages/contracts/PreviewContractPage.tsx'), 'PreviewContractPage'),
  },
  {
    path: SIGN_CONTRACT_PATH,
    title: 'cooperation:routes.signContract',
    noLogin: true,
    layout: 'bare',
    page: lazyPage(() => import('../pages/contracts/SignContractPage.tsx'), 'SignContractPage'),
  },
  {
    path: VERIFY_PATH,
    title: 'cooperation:routes.verify',
    noLogin: true,
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/contracts/VerifyPage.tsx'), 'VerifyPage'),
  },

  // Publish cooperation information (SPEC §2): category, type, form; drafts resume here.
  {
    path: PUBLISH_PATH,
    title: 'publish:routes.publish',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/publish/PublishPage.tsx'), 'PublishPage'),
  },

  // Public portal content (SPEC §2): about the bank, products, market trends, research, topics.
  {
    path: CONTENT_PATHS.understand,
    title: 'content:routes.understand',
    noLogin: true,
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/understand/UnderstandPage.tsx'), 'UnderstandPage'),
  },
  {
    path: `${CONTENT_PATHS.understand}/essential/:id`,
    title: 'content:routes.essential',
    noLogin: true,
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/understand/EssentialDetailPage.tsx'), 'EssentialDetailPage'),
  },
  {
    path: CONTENT_PATHS.about,
    title: 'content:routes.about',
    noLogin: true,
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/about/AboutPage.tsx'), 'AboutPage'),
  },
  {
    path: CONTENT_PATHS.products,
    title: 'content:routes.products',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/products/ProductsPage.tsx'), 'ProductsPage'),
  },
  {
    path: `${CONTENT_PATHS.products}/detail/:id`,
    title: 'content:routes.productDetail',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/products/ProductDetailPage.tsx'), 'ProductDetailPage'),
  },
  {
    path: CONTENT_PATHS.trends,
    title: 'content:routes.trends',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/market-trends/TrendsPage.tsx'), 'TrendsPage'),
  },
  {
    path: `${CONTENT_PATHS.trends}/interpretation/:id`,
    title: 'content:routes.interpretation',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/market-trends/ArticlePage.tsx'), 'ArticlePage'),
  },
  {
    path: `${CONTENT_PATHS.trends}/informationDetail/:id`,
    title: 'content:routes.informationDetail',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/market-trends/ArticlePage.tsx'), 'ArticlePage'),
  },
  {
    path: CONTENT_PATHS.compliance,
    title: 'content:routes.compliance',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/compliance/ComplianceListPage.tsx'), 'ComplianceListPage'),
  },
  {
    path: CONTENT_PATHS.reports,
    title: 'content:routes.reports',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/reports/ReportsPage.tsx'), 'ReportsPage'),
  },
  {
    path: CONTENT_PATHS.crossBorderRmb,
    title: 'content:routes.crossBorderRmb',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/topics/TopicPages.tsx'), 'CrossBorderRmbPage'),
  },
  {
    path: CONTENT_PATHS.crossBorderRmbPreview,
    title: 'content:routes.crossBorderRmbPreview',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/topics/CrossBorderPreviewPage.tsx'), 'CrossBorderPreviewPage'),
  },
  {
    path: CONTENT_PATHS.beltAndRoad,
    title: 'content:routes.beltAndRoad',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/topics/TopicPages.tsx'), 'BeltAndRoadPage'),
  },
  {
    path: CONTENT_PATHS.greenFinance,
    title: 'content:routes.greenFinance',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/topics/TopicPages.tsx'), 'GreenFinancePage'),
  },
  {
    path: CONTENT_PATHS.portuguese,
    title: 'content:routes.portuguese',
    hiddenBanner: true,
    page: lazyPage(() => import('../pages/content/portuguese/PortuguesePage.tsx'), 'PortuguesePage'),
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
    path: BACKOFFICE_COOPERATION_PATH,
    title: 'backoffice:cooperation.routes.requests',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/CooperationRequestsPage.tsx'), 'CooperationRequestsPage'),
  },
  {
    path: BACKOFFICE_AGREEMENTS_PATH,
    title: 'backoffice:cooperation.routes.agreements',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/MasterAgreementsPage.tsx'), 'MasterAgreementsPage'),
  },
  // Portal content management (issue "Public portal content").
  {
    path: BACKOFFICE_CONTENT_PATHS.banners,
    title: 'backoffice:content.routes.banners',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/content/BannersPage.tsx'), 'BannersPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.modules,
    title: 'backoffice:content.routes.modules',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/content/ModulesPage.tsx'), 'ModulesPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.articles,
    title: 'backoffice:content.routes.articles',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/content/ArticlesPage.tsx'), 'ArticlesPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.reports,
    title: 'backoffice:content.routes.reports',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/content/ReportsPage.tsx'), 'ReportsPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.topics,
    title: 'backoffice:content.routes.topics',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/content/TopicsPage.tsx'), 'TopicsPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.compliance,
    title: 'backoffice:content.routes.compliance',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/content/CompliancePage.tsx'), 'CompliancePage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.institutions,
    title: 'backoffice:content.routes.institutions',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(
      () => import('../pages/backoffice/content/PortugueseInstitutionsPage.tsx'),
      'PortugueseInstitutionsPage',
    ),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.questionnaires,
    title: 'backoffice:content.routes.questionnaires',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/content/QuestionnairesPage.tsx'), 'QuestionnairesPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.feedback,
    title: 'backoffice:content.routes.feedback',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/content/FeedbackPage.tsx'), 'FeedbackPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.leaveMessages,
    title: 'backoffice:leaveMessages.title',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/content/LeaveMessagesPage.tsx'), 'LeaveMessagesPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.visits,
    title: 'backoffice:content.routes.visits',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/content/VisitsPage.tsx'), 'VisitsPage'),
  },
  {
    path: BACKOFFICE_SEALS_PATH,
    title: 'backoffice:routes.seals',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/SealApprovalsPage.tsx'), 'SealApprovalsPage'),
  },
  {
    path: BACKOFFICE_AGREEMENT_VERSIONS_PATH,
    title: 'backoffice:routes.agreementVersions',
    layout: 'backoffice',
    roles: BANK_STAFF,
    page: lazyPage(() => import('../pages/backoffice/AgreementVersionsPage.tsx'), 'AgreementVersionsPage'),
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

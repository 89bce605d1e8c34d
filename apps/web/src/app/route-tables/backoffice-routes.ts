import { ROLE } from '../../features/accounts/account-states.ts';
import {
  BACKOFFICE_AGREEMENT_VERSIONS_PATH,
  BACKOFFICE_AUDIT_PATH,
  BACKOFFICE_REGISTRATIONS_PATH,
} from '../../features/accounts/paths.ts';
import { BACKOFFICE_CONTENT_PATHS } from '../../features/content-admin/paths.ts';
import {
  BACKOFFICE_AGREEMENTS_PATH,
  BACKOFFICE_COOPERATION_PATH,
} from '../../features/cooperation-backoffice/paths.ts';
import { BACKOFFICE_SEALS_PATH } from '../../features/seals/paths.ts';
import { BACKOFFICE_INSTITUTIONS_PATH, BACKOFFICE_USERS_PATH } from '../../features/user-management/paths.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { type RouteRecord, routeGroup } from './route-record.ts';

/** The back office (/backend, its own bar and left menu), for bank staff (role 50) only. */
export const BACKOFFICE_ROUTES: readonly RouteRecord[] = routeGroup({ layout: 'backoffice', roles: [ROLE.bankStaff] }, [
  {
    path: BACKOFFICE_REGISTRATIONS_PATH,
    title: 'backoffice:routes.registrations',
    page: lazyPage(() => import('../../pages/backoffice/RegistrationsPage.tsx'), 'RegistrationsPage'),
  },
  {
    path: BACKOFFICE_USERS_PATH,
    title: 'users:routes.accounts',
    page: lazyPage(() => import('../../pages/backoffice/AccountsPage.tsx'), 'AccountsPage'),
  },
  {
    path: BACKOFFICE_INSTITUTIONS_PATH,
    title: 'users:routes.institutions',
    page: lazyPage(() => import('../../pages/backoffice/InstitutionsPage.tsx'), 'InstitutionsPage'),
  },
  {
    path: BACKOFFICE_COOPERATION_PATH,
    title: 'backoffice:cooperation.routes.requests',
    page: lazyPage(() => import('../../pages/backoffice/CooperationRequestsPage.tsx'), 'CooperationRequestsPage'),
  },
  {
    path: BACKOFFICE_AGREEMENTS_PATH,
    title: 'backoffice:cooperation.routes.agreements',
    page: lazyPage(() => import('../../pages/backoffice/MasterAgreementsPage.tsx'), 'MasterAgreementsPage'),
  },
  // Portal content management (issue "Public portal content").
  {
    path: BACKOFFICE_CONTENT_PATHS.banners,
    title: 'backoffice:content.routes.banners',
    page: lazyPage(() => import('../../pages/backoffice/content/BannersPage.tsx'), 'BannersPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.modules,
    title: 'backoffice:content.routes.modules',
    page: lazyPage(() => import('../../pages/backoffice/content/ModulesPage.tsx'), 'ModulesPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.articles,
    title: 'backoffice:content.routes.articles',
    page: lazyPage(() => import('../../pages/backoffice/content/ArticlesPage.tsx'), 'ArticlesPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.reports,
    title: 'backoffice:content.routes.reports',
    page: lazyPage(() => import('../../pages/backoffice/content/ReportsPage.tsx'), 'ReportsPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.topics,
    title: 'backoffice:content.routes.topics',
    page: lazyPage(() => import('../../pages/backoffice/content/TopicsPage.tsx'), 'TopicsPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.compliance,
    title: 'backoffice:content.routes.compliance',
    page: lazyPage(() => import('../../pages/backoffice/content/CompliancePage.tsx'), 'CompliancePage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.institutions,
    title: 'backoffice:content.routes.institutions',
    page: lazyPage(
      () => import('../../pages/backoffice/content/PortugueseInstitutionsPage.tsx'),
      'PortugueseInstitutionsPage',
    ),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.questionnaires,
    title: 'backoffice:content.routes.questionnaires',
    page: lazyPage(() => import('../../pages/backoffice/content/QuestionnairesPage.tsx'), 'QuestionnairesPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.feedback,
    title: 'backoffice:content.routes.feedback',
    page: lazyPage(() => import('../../pages/backoffice/content/FeedbackPage.tsx'), 'FeedbackPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.leaveMessages,
    title: 'backoffice:leaveMessages.title',
    page: lazyPage(() => import('../../pages/backoffice/content/LeaveMessagesPage.tsx'), 'LeaveMessagesPage'),
  },
  {
    path: BACKOFFICE_CONTENT_PATHS.visits,
    title: 'backoffice:content.routes.visits',
    page: lazyPage(() => import('../../pages/backoffice/content/VisitsPage.tsx'), 'VisitsPage'),
  },
  {
    path: BACKOFFICE_SEALS_PATH,
    title: 'backoffice:routes.seals',
    page: lazyPage(() => import('../../pages/backoffice/SealApprovalsPage.tsx'), 'SealApprovalsPage'),
  },
  {
    path: BACKOFFICE_AGREEMENT_VERSIONS_PATH,
    title: 'backoffice:routes.agreementVersions',
    page: lazyPage(() => import('../../pages/backoffice/AgreementVersionsPage.tsx'), 'AgreementVersionsPage'),
  },
  {
    path: BACKOFFICE_AUDIT_PATH,
    title: 'backoffice:routes.audit',
    page: lazyPage(() => import('../../pages/backoffice/AuditLogPage.tsx'), 'AuditLogPage'),
  },
]);

/**
 * Portal content: public reads and the back office's management, no HTTP
 * (docs/decisions/0007-public-content.md).
 *
 * Every write runs in one transaction that also checks and attaches the entry's files and bumps the
 * content version (public ETags). Visitors see only published entries (banners also only inside
 * their publish window); drafts are for bank staff (list, detail, preview).
 *
 * Split by concern: content's files (content-files.ts), what visitors read
 * (content-public.service.ts), the back office's entries (content-admin.service.ts) and its
 * topics (content-topics.service.ts). This file composes them for the routes and the module.
 */

export {
  adminCreate,
  adminDelete,
  adminGet,
  adminList,
  adminPreview,
  adminSave,
  adminSetStatus,
} from './content-admin.service.ts';
export { contentFileEtag, etagMatches, findContentFile, readContentFile } from './content-files.ts';
export {
  listPublicArticles,
  listPublicBanners,
  listPublicCompliance,
  listPublicInstitutions,
  listPublicModules,
  listPublicReports,
  publicArticleDetail,
  publicComplianceDetail,
  publicModuleDetail,
  publicReportDetail,
  publicTopic,
} from './content-public.service.ts';
export {
  adminSaveTopic,
  adminSetTopicStatus,
  adminTopic,
  adminTopicPreview,
  adminTopics,
} from './content-topics.service.ts';

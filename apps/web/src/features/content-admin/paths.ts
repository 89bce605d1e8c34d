/** The back office's content pages (bank staff, role 50). */
export const BACKOFFICE_CONTENT_PATHS = {
  banners: '/backend/content/banners',
  modules: '/backend/content/modules',
  articles: '/backend/content/articles',
  reports: '/backend/content/reports',
  topics: '/backend/content/topics',
  compliance: '/backend/content/compliance',
  institutions: '/backend/content/portugueseInstitutions',
  questionnaires: '/backend/content/questionnaires',
  feedback: '/backend/content/feedback',
  leaveMessages: '/backend/content/leaveMessages',
  visits: '/backend/content/visits',
} as const;

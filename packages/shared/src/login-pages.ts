/**
 * The pages of the web app that need a login: every path of its route table
 * (apps/web/src/app/routes.tsx) without the `noLogin` flag, as React Router patterns (`:name`
 * stands for one path segment). A web test keeps this list equal to the route table.
 *
 * The server answers a visitor's request for one of them (no session cookie at all) with a
 * redirect to the home page's log-in, `/home?login=<the page>`, so the browser never draws the
 * page it is about to leave (issue 27, layout shifts; apps/server platform/web-app.ts).
 */
export const LOGIN_REQUIRED_PAGES: readonly string[] = [
  // User centre, its tabs.
  '/userCenter',
  '/userCenter/userInfo',
  '/userCenter/modifyPassword',
  '/userCenter/institutionUsers',
  '/userCenter/mySignature',
  '/userCenter/myPublish',
  '/userCenter/myAttention',
  '/userCenter/myCooperation',
  '/userCenter/myDraft',
  '/userCenter/messageCenter',
  // Business opportunities, a request's detail, publishing.
  '/release',
  '/cooperationDetail',
  '/publishInfo',
  // Portal content for members.
  '/productsAndServices',
  '/productsAndServices/detail/:id',
  '/policyInformation',
  '/policyInformation/interpretation/:id',
  '/policyInformation/informationDetail/:id',
  '/PolicyInformation/ComplianceList',
  '/PolicyInformation/fcReport',
  '/crossBorderRmb',
  '/crossBorderRmb/preview',
  '/beltAndRoadInitiative',
  '/greenFinance',
  '/portugueseLanguage',
  // The back office.
  '/backend/registrations',
  '/backend/users',
  '/backend/institutions',
  '/backend/cooperation',
  '/backend/masterAgreements',
  '/backend/content/banners',
  '/backend/content/modules',
  '/backend/content/articles',
  '/backend/content/reports',
  '/backend/content/topics',
  '/backend/content/compliance',
  '/backend/content/portugueseInstitutions',
  '/backend/content/questionnaires',
  '/backend/content/feedback',
  '/backend/content/leaveMessages',
  '/backend/content/visits',
  '/backend/seals',
  '/backend/agreementVersions',
  '/backend/audit',
];

/** A path segment as React Router compares it: percent-decoded, case ignored. */
function segment(text: string): string {
  try {
    return decodeURIComponent(text).toLowerCase();
  } catch {
    return text.toLowerCase();
  }
}

/**
 * Whether `pathname` (no query) is a page of `pattern`, as React Router matches a route: case
 * ignored, a trailing slash allowed, `:name` one non-empty segment.
 */
export function matchesPagePattern(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/');
  const given = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).split('/');
  if (wanted.length !== given.length) return false;
  return wanted.every((part, index) => {
    const actual = given[index] ?? '';
    return part.startsWith(':') ? actual !== '' : segment(part) === segment(actual);
  });
}

/** Whether the page at `pathname` (no query) needs a login. */
export function isLoginRequiredPage(pathname: string): boolean {
  return LOGIN_REQUIRED_PAGES.some((pattern) => matchesPagePattern(pattern, pathname));
}

/** The query parameter of the home page that carries the page a log-in was asked for. */
export const LOGIN_PARAM = 'login';

/** The home page asking for a log-in before `page` (a path with its query). */
export function loginRedirectPath(page: string): string {
  return `/home?${LOGIN_PARAM}=${encodeURIComponent(page)}`;
}

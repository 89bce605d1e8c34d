import { isSafeLink } from '@portal/shared/schemas/links';

/**
 * The one check every staff-entered link passes before it is rendered (the server's save rule,
 * shared): http(s) addresses and same-site paths with a single leading `/`. A stored link that
 * fails it (saved before the rule: `//evil.example`, `/\evil.example`, `javascript:`…) is not
 * rendered at all.
 */
export { isSafeLink };

/** Where a content entry leads: its detail page, a page of the portal, or another site. */
export type ContentTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

export function isExternalUrl(url: string): boolean {
  return isSafeLink(url) && /^https?:\/\//i.test(url);
}

/**
 * A safe link that leads to a page of this portal (a same-site path, or a full address on this
 * origin) as a router path; null for another site's address or an unsafe link.
 */
export function portalPath(url: string): string | null {
  const link = url.trim();
  if (!link || !isSafeLink(link)) return null;
  if (!/^https?:\/\//i.test(link)) return link;
  try {
    const parsed = new URL(link);
    return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * `linkUrl` wins when set and safe (an external report, a list page); otherwise the entry's own
 * page.
 */
export function contentTarget(linkUrl: string, detailPath: string): ContentTarget {
  const url = linkUrl.trim();
  if (!isSafeLink(url)) return { kind: 'internal', to: detailPath };
  if (isExternalUrl(url)) return { kind: 'external', href: url };
  return { kind: 'internal', to: url };
}

export const CONTENT_PATHS = {
  understand: '/understandCCB',
  essential: (id: string) => `/understandCCB/essential/${encodeURIComponent(id)}`,
  about: '/about',
  products: '/productsAndServices',
  product: (id: string) => `/productsAndServices/detail/${encodeURIComponent(id)}`,
  trends: '/policyInformation',
  interpretation: (id: string) => `/policyInformation/interpretation/${encodeURIComponent(id)}`,
  information: (id: string) => `/policyInformation/informationDetail/${encodeURIComponent(id)}`,
  compliance: '/PolicyInformation/ComplianceList',
  reports: '/PolicyInformation/fcReport',
  crossBorderRmb: '/crossBorderRmb',
  crossBorderRmbPreview: '/crossBorderRmb/preview',
  beltAndRoad: '/beltAndRoadInitiative',
  greenFinance: '/greenFinance',
  portuguese: '/portugueseLanguage',
} as const;

/**
 * An article's page: market commentary (the four monthly series and policy interpretation) reads
 * as "interpretation", news items as "information detail" (SPEC §2 children of /policyInformation).
 */
export function articlePath(article: { lgcSn: string; category: string }): string {
  return article.category === 'information'
    ? CONTENT_PATHS.information(article.lgcSn)
    : CONTENT_PATHS.interpretation(article.lgcSn);
}

/** The trends list filtered to one category (or the research reports for 'fcReport'). */
export function seriesPath(key: string | null): string {
  if (key === 'fcReport') return CONTENT_PATHS.reports;
  return key ? `${CONTENT_PATHS.trends}?category=${encodeURIComponent(key)}` : CONTENT_PATHS.trends;
}

/** A document's address that shows it in the browser instead of downloading it. */
export function inlineUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}inline=1`;
}

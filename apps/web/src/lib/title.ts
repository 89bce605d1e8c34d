export const TITLE_SEPARATOR = ' | ';

/** `Home | <portal name>`; the portal name alone when the page has no title. */
export function formatDocumentTitle(pageTitle: string | null | undefined, siteName: string): string {
  const page = pageTitle?.trim();
  const site = siteName.trim();
  if (!page) return site;
  if (!site || page === site) return page;
  return `${page}${TITLE_SEPARATOR}${site}`;
}

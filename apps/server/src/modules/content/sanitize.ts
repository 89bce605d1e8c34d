/**
 * Rich text of portal content: HTML kept to the shared allow-list (`@portal/shared/schemas/rich-text`,
 * the one the web's renderer follows too) by the shared sanitiser, on save AND on every read (so a
 * row written before a rule changed, or straight into the database, is cleaned too). No scripts,
 * no event handlers, no styles, no iframes; links http(s), same-site paths and mailto only;
 * images only from the portal's own content images or https.
 */
import { sanitizeRichText } from '@portal/shared/rich-text';
import { CONTENT_IMAGE_ID, CONTENT_IMAGE_PATH } from '@portal/shared/schemas/rich-text';

export { CONTENT_IMAGE_PATH, sanitizeRichText };
export const CONTENT_DOCUMENT_PATH = '/api/content/document/';

/** Both languages of a rich text, sanitised. */
export function sanitizeBilingual(text: { en: string; zh: string }): { en: string; zh: string } {
  return { en: sanitizeRichText(text.en), zh: sanitizeRichText(text.zh) };
}

const IMAGE_IN_TEXT = new RegExp(`${CONTENT_IMAGE_PATH}(${CONTENT_IMAGE_ID})`, 'g');

/** Ids of the portal content images a rich text shows (<img src="/api/content/image/{id}">). */
export function imageIdsIn(html: string): string[] {
  const ids = new Set<string>();
  for (const match of html.matchAll(IMAGE_IN_TEXT)) ids.add(match[1]!);
  return [...ids];
}

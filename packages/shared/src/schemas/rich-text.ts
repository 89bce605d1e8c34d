/**
 * What portal rich text (article bodies, topic sections, module texts) may contain: ONE allow-list
 * that both sanitisers follow, the server's on save and on every read (sanitize-html, in
 * `@portal/shared/rich-text`) and the web's before anything is rendered (DOMPurify). Headings,
 * paragraphs, emphasis, lists, quotations, links, images and tables; never scripts, frames,
 * forms, styles, event handlers or `javascript:` links.
 */
import { isSafeLink } from './links.ts';

/** Where the portal serves a content image (the server attaches the ones a body refers to). */
export const CONTENT_IMAGE_PATH = '/api/content/image/';

/** The elements kept; any other is dropped (its text stays, except script/style contents). */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'hr',
  'span',
] as const;

/** Elements dropped with everything inside them (their text is code or styling, not content). */
export const RICH_TEXT_DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'noscript',
  'template',
  'iframe',
] as const;

/** The attributes kept, per element; `*`: on every element. No `style`, no `on…`, no `data-…`. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['lang'],
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
};

/** Is `attribute` kept on `tag` (both lower case)? */
export function isRichTextAttribute(tag: string, attribute: string): boolean {
  return (
    (RICH_TEXT_ATTRIBUTES['*']?.includes(attribute) ?? false) ||
    (RICH_TEXT_ATTRIBUTES[tag]?.includes(attribute) ?? false)
  );
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MAILTO = /^mailto:[^\s\u0000-\u001f\u007f-\u009f\\<>"]+$/i;
const FRAGMENT = /^#[A-Za-z0-9_:.-]*$/;

/**
 * A link kept in rich text: the shared link rule (`isSafeLink`: http(s) to another site or a
 * single-slash path on this one), plus the mail and in-page links of existing content. The editor
 * offers only the shared link rule.
 */
export function isRichTextHref(href: string): boolean {
  return isSafeLink(href) || MAILTO.test(href) || FRAGMENT.test(href);
}

/** The shape of a content image's id: a file's public id, a random UUID (`newPublicId`). */
export const CONTENT_IMAGE_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CONTENT_IMAGE_SRC = new RegExp(`^${CONTENT_IMAGE_PATH}${CONTENT_IMAGE_ID}$`);
const PORTAL_ORIGIN = 'https://portal.invalid';

/**
 * What a browser asks for when it loads `src`: whether it stays on this site, and the path as the
 * server's router reads it. The URL standard resolves `..`, `%2e%2e` and backslashes first, then
 * the path is percent-decoded. Null when it cannot be read.
 */
function requestedPath(src: string): { sameSite: boolean; path: string } | null {
  try {
    const url = new URL(src, `${PORTAL_ORIGIN}/`);
    return { sameSite: url.origin === PORTAL_ORIGIN, path: decodeURIComponent(url.pathname) };
  } catch {
    return null;
  }
}

/**
 * An image kept in rich text: an uploaded content image of the portal, written exactly as
 * `/api/content/image/<uuid>` (so the path checked is the path requested: no `..`, encoded dots,
 * backslashes, query or fragment), or an https:// address that is not an API path, under any host
 * (the portal's own included). Anything else is dropped, so no content image fires a request at
 * another portal route (issue 24: `/api/content/image/../../backend/seals/ID`).
 */
export function isRichTextImageSrc(src: string): boolean {
  if (!isSafeLink(src)) return false;
  const requested = requestedPath(src);
  if (!requested) return false;
  if (requested.sameSite) return CONTENT_IMAGE_SRC.test(src) && requested.path === src;
  return /^https:\/\//i.test(src) && !/^\/api(\/|$)/i.test(requested.path);
}

/** The path of the uploaded content image `lgcSn`. */
export const contentImagePath = (lgcSn: string) => `${CONTENT_IMAGE_PATH}${encodeURIComponent(lgcSn)}`;

/**
 * The content image an address that staff paste refers to (`/api/content/image/ID`, or the same
 * on `origin`), as the site path; null for any other address.
 */
export function contentImageFromAddress(address: string, origin: string): string | null {
  let value = address.trim();
  if (value.toLowerCase().startsWith(`${origin.toLowerCase()}/`)) value = value.slice(origin.length);
  const match = new RegExp(`^${CONTENT_IMAGE_PATH}(${CONTENT_IMAGE_ID})$`).exec(value);
  return match ? contentImagePath(match[1]!) : null;
}

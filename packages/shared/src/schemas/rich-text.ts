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

/** An image kept in rich text: an uploaded content image of the portal, or an https:// address. */
export function isRichTextImageSrc(src: string): boolean {
  return isSafeLink(src) && (src.startsWith(CONTENT_IMAGE_PATH) || /^https:\/\//i.test(src));
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
  const match = /^\/api\/content\/image\/([A-Za-z0-9-]{1,64})$/.exec(value);
  return match ? contentImagePath(match[1]!) : null;
}

/**
 * Rich text of portal content: HTML kept to a small allowlist by sanitize-html, on save AND on
 * every read (so a row written before a rule changed, or straight into the database, is cleaned
 * too). No scripts, no event handlers, no styles, no iframes; links http(s)/mailto only; images
 * only from the portal's own content images or https.
 */
import sanitizeHtml from 'sanitize-html';

export const CONTENT_IMAGE_PATH = '/api/content/image/';
export const CONTENT_DOCUMENT_PATH = '/api/content/document/';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
    'tr',
    'th',
    'td',
    'hr',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new window cannot reach back into the portal.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    !(frame.attribs.src?.startsWith(CONTENT_IMAGE_PATH) || frame.attribs.src?.startsWith('https://')),
};

export function sanitizeRichText(html: string): string {
  return html ? sanitizeHtml(html, OPTIONS) : '';
}

/** Both languages of a rich text, sanitised. */
export function sanitizeBilingual(text: { en: string; zh: string }): { en: string; zh: string } {
  return { en: sanitizeRichText(text.en), zh: sanitizeRichText(text.zh) };
}

/** Ids of the portal content images a rich text shows (<img src="/api/content/image/{id}">). */
export function imageIdsIn(html: string): string[] {
  const ids = new Set<string>();
  for (const match of html.matchAll(/\/api\/content\/image\/([A-Za-z0-9-]{1,64})/g)) ids.add(match[1]!);
  return [...ids];
}

/**
 * The rich-text sanitiser of the shared allow-list (`schemas/rich-text.ts`), built on
 * sanitize-html: a parser in plain JavaScript, so the HTML is cleaned BEFORE any browser parses
 * it. The server runs it on save and on every read; the back-office editor runs it on what staff
 * paste or type as source before the editor or its preview parse it (a browser reports an
 * `onerror=` it merely parses as a blocked inline handler). The web's renderer (DOMPurify) follows
 * the same allow-list.
 */
import sanitizeHtml from 'sanitize-html';
import {
  isRichTextHref,
  isRichTextImageSrc,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_TAGS,
} from '../schemas/rich-text.ts';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  transformTags: {
    a: (tagName, attribs) => {
      const { href, target, rel, ...rest } = attribs;
      const kept: Record<string, string> = { ...rest };
      // The shared link rule on top of the schemes: no `/\host`, no control or bidi characters.
      if (href !== undefined && isRichTextHref(href)) kept.href = href;
      // A link that opens a new window cannot reach back into the portal.
      if (target === '_blank') Object.assign(kept, { target, rel: 'noopener noreferrer' });
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isRichTextImageSrc(frame.attribs.src ?? ''),
};

/** `html` reduced to the shared allow-list. */
export function sanitizeRichText(html: string): string {
  return html ? sanitizeHtml(html, OPTIONS) : '';
}

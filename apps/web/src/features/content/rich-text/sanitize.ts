/**
 * Rich text from the back office is sanitised on the server before it is stored, and again here
 * before it is rendered (DESIGN.md, security model): if anything ever slipped past the first
 * pass, it still never reaches the page. Scripts, event-handler attributes, `javascript:` links,
 * frames, forms and styles are removed; links to other sites open in a new window without
 * access to this one.
 */
import { isSafeLink } from '@portal/shared/schemas/links';
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'col',
  'colgroup',
  'div',
  'em',
  'figcaption',
  'figure',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];

const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'width', 'height', 'colspan', 'rowspan', 'scope', 'lang'];

/** Only our own files (relative or same-site paths), https and mail links. */
const ALLOWED_URI = /^(?:(?:https?|mailto):|\/(?!\/)|#)/i;

let hooked = false;

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    // The shared link rule too (isSafeLink): no `/\host` or other backslash forms, no control
    // or bidi characters; mail and in-page links stay.
    const href = node.getAttribute('href');
    if (href !== null && !href.startsWith('#') && !/^mailto:/i.test(href) && !isSafeLink(href)) {
      node.removeAttribute('href');
    }
    const src = node.getAttribute('src');
    if (src !== null && !isSafeLink(src)) node.removeAttribute('src');
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (/^https?:/i.test(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    }
  });
}

/** The HTML with everything executable or out of place removed. */
export function sanitizeRichText(html: string): string {
  installHooks();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ADD_ATTR: ['target', 'rel', 'loading'],
    FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'input', 'svg', 'math'],
    ALLOW_DATA_ATTR: false,
    KEEP_CONTENT: true,
  });
}

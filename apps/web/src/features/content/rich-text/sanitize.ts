/**
 * Rich text from the back office is sanitised on the server before it is stored, and again here
 * before it is rendered (DESIGN.md, security model): if anything ever slipped past the first
 * pass, it still never reaches the page. Both passes follow ONE allow-list
 * (`@portal/shared/schemas/rich-text`): scripts, event-handler attributes, `javascript:` links,
 * frames, forms and styles are removed; links to other sites open in a new window without
 * access to this one.
 */
import {
  isRichTextAttribute,
  isRichTextHref,
  isRichTextImageSrc,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_TAGS,
} from '@portal/shared/schemas/rich-text';
import DOMPurify from 'dompurify';

const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

/** Only our own files (relative or same-site paths), http(s) and mail links; the hooks check the rest. */
const ALLOWED_URI = /^(?:(?:https?|mailto):|\/(?!\/)|#)/i;

let hooked = false;

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  // The allow-list is per element (an `href` only on links, `colspan` only on cells…).
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    if (!isRichTextAttribute(node.nodeName.toLowerCase(), data.attrName)) data.keepAttr = false;
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    // The shared link rule too: no `/\host` or other backslash forms, no control or bidi
    // characters; mail and in-page links stay.
    const href = node.getAttribute('href');
    if (href !== null && !isRichTextHref(href)) node.removeAttribute('href');
    if (node.tagName === 'A') {
      const target = node.getAttribute('target');
      const external = /^https?:/i.test(node.getAttribute('href') ?? '');
      if (external || target === '_blank') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      } else {
        node.removeAttribute('target');
        node.removeAttribute('rel');
      }
    }
    if (node.tagName === 'IMG') {
      // An image from anywhere else is dropped whole, as the server drops it.
      if (!isRichTextImageSrc(node.getAttribute('src') ?? '')) {
        node.parentNode?.removeChild(node);
        return;
      }
      node.setAttribute('loading', 'lazy');
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    }
  });
}

/** The HTML with everything executable or out of place removed. */
export function sanitizeRichText(html: string): string {
  installHooks();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ADD_ATTR: ['target', 'rel', 'loading'],
    // Plain values, not addresses: DOMPurify would otherwise hold them to the URI pattern.
    ADD_URI_SAFE_ATTR: ['colspan', 'rowspan', 'scope', 'start', 'width', 'height', 'lang', 'target', 'rel', 'loading'],
    FORBID_TAGS: [...RICH_TEXT_DROPPED_WITH_CONTENT, 'object', 'embed', 'form', 'input', 'svg', 'math'],
    ALLOW_DATA_ATTR: false,
    KEEP_CONTENT: true,
  });
}

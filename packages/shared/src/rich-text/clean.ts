/**
 * The shared allow-list (`schemas/rich-text.ts`) applied by a tokenizer in plain JavaScript
 * (htmlparser2, the parser under the server's sanitize-html), for the browser: the back-office
 * editor cleans what staff paste or type as source with it BEFORE the editor, its preview or the
 * browser parse it. (A browser reports even an `onerror=` it only parses, never runs, as a blocked
 * inline handler.) The server sanitises again on save, the web's renderer before it shows.
 * No CommonJS, no styles parser: it stays small in the back office's chunk.
 */
import { Parser } from 'htmlparser2';
import {
  isRichTextAttribute,
  isRichTextHref,
  isRichTextImageSrc,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_TAGS,
} from '../schemas/rich-text.ts';

const KEPT = new Set<string>(RICH_TEXT_TAGS);
const DROPPED = new Set<string>(RICH_TEXT_DROPPED_WITH_CONTENT);
const VOID = new Set(['br', 'hr', 'img']);

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

/** The attributes of `tag` that stay, with the link and image rules applied. */
function keptAttributes(tag: string, attributes: Record<string, string>): [string, string][] | null {
  const kept: [string, string][] = [];
  for (const [name, value] of Object.entries(attributes)) {
    if (!isRichTextAttribute(tag, name)) continue;
    if (name === 'href' && !isRichTextHref(value)) continue;
    if (name === 'target' && value !== '_blank') continue;
    if (name === 'rel') continue;
    kept.push([name, value]);
  }
  if (tag === 'a' && kept.some(([name]) => name === 'target')) kept.push(['rel', 'noopener noreferrer']);
  // An image from anywhere else is dropped whole, as the server drops it.
  if (tag === 'img' && !isRichTextImageSrc(attributes.src ?? '')) return null;
  return kept;
}

/** `html` reduced to the shared allow-list, without any DOM. */
export function cleanRichText(html: string): string {
  if (!html) return '';
  let out = '';
  /** Inside an element dropped with its content (script, style…): how deep. */
  let dropping = 0;
  /** The kept elements open, to close only what was opened. */
  const open: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropping || DROPPED.has(name)) {
          if (DROPPED.has(name) && !VOID.has(name)) dropping += 1;
          return;
        }
        if (!KEPT.has(name)) return;
        const kept = keptAttributes(name, attributes);
        if (!kept) return;
        out += `<${name}${kept.map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`).join('')}>`;
        if (!VOID.has(name)) open.push(name);
      },
      ontext(text) {
        if (!dropping) out += escapeText(text);
      },
      onclosetag(name) {
        if (DROPPED.has(name)) {
          dropping = Math.max(0, dropping - 1);
          return;
        }
        if (dropping || VOID.has(name)) return;
        const at = open.lastIndexOf(name);
        if (at < 0) return;
        // Close what is still open inside it too (unbalanced markup).
        for (const inner of open.splice(at).reverse()) out += `</${inner}>`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  parser.write(html);
  parser.end();
  for (const inner of open.reverse()) out += `</${inner}>`;
  return out;
}

/**
 * Links that bank staff enter (banner links, module links, questionnaire addresses): one rule,
 * used by the schemas (the server refuses anything else on save, with a field error) and by the
 * web pages (which refuse to render a stored link that breaks it: rows saved before the rule).
 *
 * A link is either
 * - an absolute `http://` or `https://` address with a host and no user name or password, or
 * - a path on this site: a single `/` not followed by `/` or `\` (`/about`, `/a?b=1#c`).
 * Refused: protocol-relative `//host` and every backslash form (`/\host`, `\\host`, `http:/\host`:
 * browsers read `\` as `/`), other schemes (`javascript:`, `data:`, `mailto:`…), relative paths,
 * and any whitespace, control, bidi or zero-width character anywhere (no trimming tricks).
 */
import { z } from 'zod';

/** The longest link kept. */
export const MAX_LINK_LENGTH = 2000;

// Whitespace (\s covers the Unicode spaces and line separators), C0/C1 controls, DEL, bidi marks
// and overrides, zero-width characters and the BOM.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const FORBIDDEN_CHARS = /[\s\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\\]/u;

/** Is `value` a link staff may store and the portal may render (see the header)? */
export function isSafeLink(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_LINK_LENGTH) return false;
  if (FORBIDDEN_CHARS.test(value)) return false;
  if (value.startsWith('/')) return value.length === 1 || value[1] !== '/';
  if (!/^https?:\/\/[^/?#]/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && !url.username && !url.password;
}

/** Is `value` a safe link to another site over HTTPS (questionnaires)? */
export function isSafeHttpsLink(value: unknown): value is string {
  return isSafeLink(value) && /^https:\/\//i.test(value);
}

/** A staff-entered link (see the header); empty for none. Error rule `link`. */
export const ZLink = z
  .string()
  .trim()
  .max(MAX_LINK_LENGTH)
  .refine((value) => value === '' || isSafeLink(value), { message: 'link' })
  .describe('https://… or http://… (another site) or /path (this site, a single leading /); empty for none');

/** A staff-entered https:// address of another site. Error rule `httpsLink`. */
export const ZHttpsLink = z
  .string()
  .trim()
  .max(MAX_LINK_LENGTH)
  .refine((value) => isSafeHttpsLink(value), { message: 'httpsLink' })
  .describe('https://… address');

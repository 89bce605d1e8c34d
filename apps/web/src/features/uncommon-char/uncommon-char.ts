/**
 * The uncommon-Chinese-character input helper (SPEC §1, §4, §7): a third-party service lets
 * readers type rare characters that input methods lack. It runs only in the Chinese locale and
 * only when the server has it configured: the server asks the service for a token (its
 * `/token` call with channel and txcode) and answers with the token and the two script addresses;
 * then the two scripts load, in order. Any failure is a silent no-op: the portal works the same
 * without the helper.
 */
import type { Locale } from '@portal/shared';
import { readCspNonce } from '../../lib/csp.ts';

/** What the server answers when the helper is configured and its token call succeeded. */
export type UncommonCharSession = {
  tid: string;
  token: string;
  /** The helper's two scripts, loaded in this order. */
  scripts: readonly string[];
};

/** The global the helper's scripts read their session from. */
export const UNCOMMON_CHAR_GLOBAL = '__uncommonCharConfig';
const SCRIPT_MARK = 'data-uncommon-char';
export const SCRIPT_TIMEOUT_MS = 20_000;

export type LoadOutcome = 'loaded' | 'skipped' | 'failed';

export type LoaderDeps = {
  /** The session, or null when the helper is not configured. May reject. */
  fetchSession: () => Promise<UncommonCharSession | null>;
  doc?: Document;
  timeoutMs?: number;
};

function loadScript(doc: Document, src: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = false;
    script.setAttribute(SCRIPT_MARK, '');
    // The page's policy allows scripts that carry its nonce; without one (dev server) none is needed.
    const nonce = readCspNonce(doc);
    if (nonce) script.nonce = nonce;
    const timer = setTimeout(() => {
      script.remove();
      reject(new Error(`uncommon-character script timed out: ${src}`));
    }, timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      reject(new Error(`uncommon-character script failed: ${src}`));
    };
    doc.head.appendChild(script);
  });
}

function isUsable(session: UncommonCharSession | null): session is UncommonCharSession {
  return (
    session !== null &&
    typeof session.token === 'string' &&
    session.token !== '' &&
    Array.isArray(session.scripts) &&
    session.scripts.length > 0 &&
    session.scripts.every((src) => typeof src === 'string' && /^https?:\/\//.test(src))
  );
}

/**
 * Loads the helper for this locale. Resolves with what happened and never rejects:
 * 'skipped' (not Chinese, or not configured), 'loaded', or 'failed' (token call or a script failed).
 */
export async function loadUncommonCharHelper(locale: Locale, deps: LoaderDeps): Promise<LoadOutcome> {
  if (locale !== 'zh-CN') return 'skipped';
  const doc = deps.doc ?? document;
  try {
    const session = await deps.fetchSession();
    if (session === null) return 'skipped';
    if (!isUsable(session)) return 'failed';
    if (doc.defaultView) {
      (doc.defaultView as unknown as Record<string, unknown>)[UNCOMMON_CHAR_GLOBAL] = {
        tid: session.tid,
        token: session.token,
      };
    }
    for (const src of session.scripts) {
      await loadScript(doc, src, deps.timeoutMs ?? SCRIPT_TIMEOUT_MS);
    }
    return 'loaded';
  } catch {
    return 'failed';
  }
}

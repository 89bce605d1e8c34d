/**
 * The API answers the server sent with a public page's document (apps/server/src/platform/
 * first-screen.ts: `<script type="application/json" id="portal-first-screen">`), keyed by the
 * request's URL. Each is used once, by the first read of that URL: later reads ask the server.
 */
const ELEMENT_ID = 'portal-first-screen';

let reads: Map<string, unknown> | undefined;

function embeddedReads(): Map<string, unknown> {
  if (reads) return reads;
  reads = new Map();
  if (typeof document === 'undefined') return reads;
  const element = document.getElementById(ELEMENT_ID);
  if (!element?.textContent) return reads;
  try {
    const parsed = JSON.parse(element.textContent) as { reads?: Record<string, unknown> };
    for (const [url, body] of Object.entries(parsed.reads ?? {})) reads.set(url, body);
  } catch {
    // A document without usable answers: every read goes to the server.
  }
  element.remove();
  return reads;
}

/** The answer (the whole envelope) the document carries for a GET of `url`, once; else undefined. */
export function takeEmbeddedRead(url: string): unknown {
  const all = embeddedReads();
  const body = all.get(url);
  all.delete(url);
  return body;
}

/**
 * The data of a successful answer the document carries for `url`, once; else undefined. For a
 * query's `initialData`: the page renders with it at once, without a frame of placeholder.
 */
export function takeEmbeddedData<T>(url: string): T | undefined {
  const body = takeEmbeddedRead(url) as { code?: unknown; data?: unknown } | undefined;
  return body && body.code === '0' ? (body.data as T) : undefined;
}

/** Forgets the answers not used yet (tests). */
export function resetEmbeddedReads(): void {
  reads = undefined;
}

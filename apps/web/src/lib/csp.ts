/**
 * Content-Security-Policy support. The server sends `style-src 'self' 'nonce-…'` and puts a fresh
 * nonce into index.html, where Vite emits `<meta property="csp-nonce" nonce="…">`.
 */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The nonce of this page load, or undefined (dev server, tests). Browsers hide the attribute's
 * value from getAttribute() once parsed, so the `nonce` property is read first.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  if (!meta) return undefined;
  const value = meta.nonce || meta.getAttribute('nonce') || '';
  if (!value || value === NONCE_PLACEHOLDER) return undefined;
  return value;
}

const patchedDocuments = new WeakSet<Document>();

/**
 * antd takes the nonce through `<ConfigProvider csp>`, but a few helpers underneath it inject
 * `<style>` tags without one (the scroll locker of Modal and Drawer, the scrollbar measurer).
 * Giving every script-created `<style>` the page's nonce keeps those working under the policy.
 * Markup injected as HTML still gets no nonce, so the policy keeps its protective value.
 */
export function stampNonceOnCreatedStyles(nonce: string, doc: Document = document): void {
  if (patchedDocuments.has(doc)) return;
  patchedDocuments.add(doc);
  const createElement = doc.createElement.bind(doc) as (tagName: string, options?: ElementCreationOptions) => Element;
  doc.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = createElement(tagName, options);
    if (element instanceof HTMLStyleElement && !element.nonce) element.nonce = nonce;
    return element;
  }) as Document['createElement'];
}

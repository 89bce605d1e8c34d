import { describe, expect, it } from 'vitest';
import { readCspNonce, stampNonceOnCreatedStyles } from './csp.ts';

function documentWith(head: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');
}

describe('readCspNonce', () => {
  it('reads the nonce Vite puts on <meta property="csp-nonce">', () => {
    expect(readCspNonce(documentWith('<meta property="csp-nonce" nonce="abc123">'))).toBe('abc123');
  });

  it('ignores the unreplaced placeholder (dev server) and a missing meta', () => {
    expect(readCspNonce(documentWith('<meta property="csp-nonce" nonce="__CSP_NONCE__">'))).toBeUndefined();
    expect(readCspNonce(documentWith(''))).toBeUndefined();
  });
});

describe('stampNonceOnCreatedStyles', () => {
  it('gives script-created <style> elements the nonce and leaves other elements alone', () => {
    const doc = documentWith('');
    stampNonceOnCreatedStyles('n0nce', doc);
    expect(doc.createElement('style').nonce).toBe('n0nce');
    expect(doc.createElement('div').getAttribute('nonce')).toBeNull();
  });
});

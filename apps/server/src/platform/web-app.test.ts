import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers.ts';

// A stand-in build output, so this test does not depend on `vite build` having run.
const dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
await mkdir(join(dist, 'assets'));
await writeFile(
  join(dist, 'index.html'),
  '<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"><script type="module" nonce="__CSP_NONCE__" src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>',
);
await writeFile(join(dist, 'assets', 'app-abc.js'), 'console.log("app")');

const { app } = await buildTestApp({ WEB_DIST_DIR: dist });
const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('web app serving', () => {
  it('serves index.html for a page path, with a fresh nonce admitted by the CSP', async () => {
    const first = await page('/home');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/text\/html/);
    const nonce = /nonce="([^"]+)"/.exec(first.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe('__CSP_NONCE__');
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(first.headers['cache-control']).toBe('no-cache');
    const second = await page('/home');
    expect(/nonce="([^"]+)"/.exec(second.body)?.[1]).not.toBe(nonce);
  });

  it('falls back to index.html for deep and unknown page paths (the app shows its 404)', async () => {
    for (const url of ['/', '/userCenter/userInfo', '/definitely/not/a/page?x=1']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with long-lived caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
  });

  it('puts security headers and a deny-all CSP on API answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/site/config' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('compresses large responses when the client accepts it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionCookie } from '../../test/factories.ts';
import { buildTestApp } from '../../test/helpers.ts';

// A stand-in build output, so this test does not depend on `vite build` having run.
const dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
await mkdir(join(dist, 'assets'));
await writeFile(
  join(dist, 'index.html'),
  '<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"><script type="module" nonce="__CSP_NONCE__" src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>',
);
await writeFile(join(dist, 'assets', 'app-abc.js'), 'console.log("app")');

const { app, database } = await buildTestApp({ WEB_DIST_DIR: dist });
const page = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

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
    for (const url of ['/', '/about', '/understandCCB/essential/7', '/definitely/not/a/page?x=1']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  // Issue 27: a visitor's page that needs a login would be drawn, then left for the home page
  // under the log-in dialog (a layout shift); the server sends the visitor there at once.
  it('sends a visitor asking for a page that needs a login to the home page, naming the page', async () => {
    for (const [url, login] of [
      ['/release', '%2Frelease'],
      ['/userCenter/myPublish?tab=2&x=%20y', '%2FuserCenter%2FmyPublish%3Ftab%3D2%26x%3D%2520y'],
      ['/productsAndServices/detail/42', '%2FproductsAndServices%2Fdetail%2F42'],
      ['/backend/registrations', '%2Fbackend%2Fregistrations'],
      // React Router ignores case and a trailing slash: so does the server.
      ['/Release/', '%2FRelease%2F'],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(`/home?login=${login}`);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).toBe('');
    }
    // A device cookie alone is no session.
    const res = await page('/release', 'portal_device=d1');
    expect(res.statusCode).toBe(302);
  });

  it('serves a page that needs a login to a request with a session cookie, and the open pages to anyone', async () => {
    const user = await buildUser(database.db);
    const cookie = await sessionCookie(database.db, user.id);
    const signedIn = await page('/release', cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('<div id="root">');
    // A cookie whose session is over is still a cookie: the web app asks for the log-in itself.
    expect((await page('/release', 'portal_sid=expired-or-foreign')).statusCode).toBe(200);
    for (const url of ['/home', '/about', '/verify', '/register', '/previewContract?id=1', '/404']) {
      expect((await page(url)).statusCode, url).toBe(200);
    }
  });

  it('redirects no request that is not for a page (assets, the API, non-HTML accepts)', async () => {
    const api = await app.inject({ method: 'GET', url: '/release', headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/release', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
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

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@portal/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUser, sessionCookie, uploadFile } from '../../test/factories.ts';
import { buildTestApp } from '../../test/helpers.ts';
import { samplePng } from '../../test/sample-files.ts';

// Issue 27, "The first screen on a phone": the public pages' documents carry their first screen.

const dist = await mkdtemp(join(tmpdir(), 'portal-first-screen-dist-'));
const storageDir = await mkdtemp(join(tmpdir(), 'portal-first-screen-files-'));
afterAll(() =>
  Promise.all([rm(dist, { recursive: true, force: true }), rm(storageDir, { recursive: true, force: true })]),
);
await mkdir(join(dist, '.vite'), { recursive: true });
await writeFile(
  join(dist, 'index.html'),
  '<!doctype html><html><head><script type="module" nonce="__CSP_NONCE__" src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>',
);
await writeFile(
  join(dist, '.vite', 'first-screen.json'),
  JSON.stringify({
    '/home': { scripts: ['/assets/HomePage-1.js'], styles: ['/assets/HomePage-1.css'] },
    '/verify': { scripts: ['/assets/VerifyPage-1.js'], styles: [] },
  }),
);

const { app, database } = await buildTestApp({
  WEB_DIST_DIR: dist,
  STORAGE_DIR: storageDir,
  PORTAL_NAME_EN: 'Cooperation <Portal>',
  PORTAL_NAME_ZH: '同业合作平台',
});
const staffCookie = await sessionCookie(database.db, (await buildUser(database.db, { roles: [ROLE.bankStaff] })).id);

async function publishBanner(title: { en: string; zh: string }): Promise<string> {
  const uploaded = await uploadFile(
    app,
    { cookie: staffCookie },
    { purpose: 'contentImage', name: 'banner.png', data: samplePng() },
  );
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const image = uploaded.json().data.list[0].lgcSn as string;
  const created = await app.inject({
    method: 'POST',
    url: '/api/backend/content/banners',
    headers: { cookie: staffCookie },
    payload: { title, linksUrl: 'https://bank.example/rmb', imageFileId: image },
  });
  expect(created.statusCode, created.body).toBe(200);
  await app.inject({
    method: 'POST',
    url: `/api/backend/content/banners/${created.json().data.lgcSn}/publish`,
    headers: { cookie: staffCookie },
  });
  return image;
}

const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const embedded = (html: string) =>
  JSON.parse(/<script type="application\/json" id="portal-first-screen">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as {
    reads?: Record<string, { code: string; data: unknown }>;
  };

describe('the public pages’ first screen', () => {
  it('gives /home the banner: preloaded at high priority, drawn sized in #root, its list in the document', async () => {
    const image = await publishBanner({ en: 'RMB week', zh: '人民币周' });
    const res = await page('/home');
    expect(res.statusCode).toBe(200);
    const nonce = /nonce="([^"]+)"/.exec(res.body)?.[1];
    const imageUrl = `/api/content/image/${image}`;
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(`<link rel="preload" as="image" href="${imageUrl}" fetchpriority="high">`);
    expect(head).toContain(`<link rel="modulepreload" crossorigin href="/assets/HomePage-1.js" nonce="${nonce}">`);
    expect(head).toContain(`<link rel="stylesheet" crossorigin href="/assets/HomePage-1.css" nonce="${nonce}">`);
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toContain(`<img class="banner__image" src="${imageUrl}" alt="RMB week" width="1920" height="420"`);
    // The names in both languages, escaped; the page's language shows (the web app's global.css).
    expect(root).toContain('<span data-first-screen-lang="en">Cooperation &lt;Portal&gt;</span>');
    expect(root).toContain('<span data-first-screen-lang="zh">同业合作平台</span>');
    // The reads as the API answers them: the app takes them instead of asking again.
    const { reads } = embedded(res.body);
    const banners = await app.inject({ method: 'GET', url: '/api/bannerP1/bannerListForP1' });
    expect(reads?.['/api/bannerP1/bannerListForP1']).toEqual(banners.json());
    expect(reads?.['/api/site/config']).toEqual((await app.inject({ method: 'GET', url: '/api/site/config' })).json());
    expect(res.body).not.toContain('__CSP_NONCE__');
  });

  it('keeps the embedded answers inert: nothing in them closes the script element', async () => {
    await publishBanner({ en: '</script><script>alert(1)</script>', zh: '横幅' });
    const res = await page('/home');
    const json = /<script type="application\/json" id="portal-first-screen">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('</script>');
    expect(JSON.stringify(embedded(res.body).reads)).toContain('</script><script>alert(1)</script>');
  });

  it('gives /about the module reads the page makes first, and /verify its chunks and trust anchor, without a banner', async () => {
    const about = await page('/about');
    expect(Object.keys(embedded(about.body).reads ?? {})).toContain(
      '/api/moduleInfoP1/moduleListForP1?moduleType=0&pageNo=1&pageSize=100',
    );
    const verify = await page('/verify');
    expect(verify.body).toContain('href="/assets/VerifyPage-1.js"');
    expect(verify.body).not.toContain('class="banner');
    expect(verify.body).toContain('<header class="portal-header">');
    expect(Object.keys(embedded(verify.body).reads ?? {})).toContain('/api/pki/authority');
  });

  it('sends other pages index.html as built', async () => {
    for (const res of [
      await page('/register'),
      // A page that needs a login, asked for with a session (a visitor is sent to the home page).
      await app.inject({
        method: 'GET',
        url: '/userCenter/userInfo',
        headers: { accept: 'text/html', cookie: staffCookie },
      }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('portal-first-screen');
    }
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@portal/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUser, sessionCookie, uploadFile } from '../../test/factories.ts';
import { buildTestApp } from '../../test/helpers.ts';
import { samplePng } from '../../test/sample-files.ts';
import { withoutEntryTags } from './first-screen.ts';

// Issue 27, "The first screen on a phone": the public pages' documents carry their first screen.

const dist = await mkdtemp(join(tmpdir(), 'portal-first-screen-dist-'));
const storageDir = await mkdtemp(join(tmpdir(), 'portal-first-screen-files-'));
afterAll(() =>
  Promise.all([rm(dist, { recursive: true, force: true }), rm(storageDir, { recursive: true, force: true })]),
);
await mkdir(join(dist, '.vite'), { recursive: true });
// As Vite writes it: the entry script, then a modulepreload for each chunk the entry imports.
await writeFile(
  join(dist, 'index.html'),
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/app-abc.js" nonce="__CSP_NONCE__"></script>\n    <link rel="modulepreload" crossorigin href="/assets/vendor-abc.js" nonce="__CSP_NONCE__">\n    <link rel="stylesheet" crossorigin href="/assets/app-abc.css" nonce="__CSP_NONCE__"></head><body><div id="root"></div></body></html>',
);
await writeFile(
  join(dist, '.vite', 'first-screen.json'),
  JSON.stringify({
    entry: ['/assets/app-abc.js', '/assets/vendor-abc.js'],
    pages: {
      '/home': { scripts: ['/assets/HomePage-1.js'], styles: ['/assets/HomePage-1.css'] },
      '/verify': { scripts: ['/assets/VerifyPage-1.js'], styles: [] },
    },
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

/** The start script's nonce and arguments (first-screen.ts, START_APP). */
const startApp = (html: string) => {
  const match =
    /<script nonce="([^"]+)">\((function \(entry, modules\) \{.*?\})\)\(("[^"]+"),(\[[^\]]*\])\)<\/script>/.exec(html);
  if (!match) return undefined;
  // The script is JavaScript a browser runs: it must at least parse.
  new Function(`return (${match[2]})`);
  return {
    nonce: match[1],
    entry: JSON.parse(match[3] ?? '""') as string,
    modules: JSON.parse(match[4] ?? '[]') as string[],
  };
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
    expect(head).toContain(`<link rel="stylesheet" crossorigin href="/assets/HomePage-1.css" nonce="${nonce}">`);
    expect(head).toContain(`<link rel="stylesheet" crossorigin href="/assets/app-abc.css" nonce="${nonce}">`);
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
    expect(startApp(verify.body)?.modules).toContain('/assets/VerifyPage-1.js');
    expect(verify.body).not.toContain('class="banner');
    expect(verify.body).toContain('<header class="portal-header">');
    expect(Object.keys(embedded(verify.body).reads ?? {})).toContain('/api/pki/authority');
  });

  it('starts the app only once the first screen is drawn: no script or preload in the document, one nonced start script', async () => {
    for (const path of ['/home', '/about', '/verify']) {
      const res = await page(path);
      const nonce = /nonce="([^"]+)"/.exec(res.body)?.[1];
      // Nothing the browser would fetch before drawing the first screen besides its styles and image.
      expect(res.body, path).not.toContain('<script type="module"');
      expect(res.body, path).not.toContain('rel="modulepreload"');
      const start = startApp(res.body);
      expect(start?.nonce, path).toBe(nonce);
      expect(start?.entry, path).toBe('/assets/app-abc.js');
      expect(start?.modules, path).toContain('/assets/vendor-abc.js');
      // After #root: the first screen's image is in the document when it runs.
      expect(res.body.indexOf('<script nonce'), path).toBeGreaterThan(res.body.indexOf('<div id="root">'));
    }
    expect(startApp((await page('/home')).body)?.modules).toContain('/assets/HomePage-1.js');
  });

  it('draws /verify’s title and introduction, its largest text, in both languages', async () => {
    const root = (await page('/verify')).body.split('<div id="root">')[1] ?? '';
    expect(root).toContain(
      '<h1 class="verify-page__title"><span data-first-screen-lang="en">Verify a signed PDF</span>',
    );
    expect(root).toContain('<span data-first-screen-lang="zh">验证签章文件</span>');
    expect(root).toMatch(
      /<p class="verify-page__intro"><span data-first-screen-lang="en">Check a PDF signed on this portal:/,
    );
  });

  it('draws /about’s head band and its first section’s cover, the page’s largest element, preloaded', async () => {
    const uploaded = await uploadFile(
      app,
      { cookie: staffCookie },
      { purpose: 'contentImage', name: 'cover.png', data: samplePng() },
    );
    const image = uploaded.json().data.list[0].lgcSn as string;
    // Published in the page's order the other way round: the introduction still comes first.
    for (const [key, title, imageFileId] of [
      ['profile', { en: 'Profile', zh: '概况' }, null],
      ['introduction', { en: 'Introduction', zh: '简介' }, image],
    ] as const) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/backend/content/modules',
        headers: { cookie: staffCookie },
        payload: {
          moduleType: '0',
          key,
          title,
          summary: { en: 'Summary', zh: '摘要' },
          body: { en: '<p>Body</p>', zh: '<p>正文</p>' },
          imageFileId,
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      await app.inject({
        method: 'POST',
        url: `/api/backend/content/modules/${created.json().data.lgcSn}/publish`,
        headers: { cookie: staffCookie },
      });
    }
    const res = await page('/about');
    const imageUrl = `/api/content/image/${image}`;
    expect(res.body).toContain(`<link rel="preload" as="image" href="${imageUrl}" fetchpriority="high">`);
    const root = res.body.split('<div id="root">')[1] ?? '';
    expect(root).toContain('<h1 class="content-page__title"><span data-first-screen-lang="en">About the Bank</span>');
    // The first section's title in both languages, and its cover.
    expect(root).toContain(
      `<h2 class="content-section__title"><span data-first-screen-lang="en">Introduction</span><span data-first-screen-lang="zh">简介</span></h2><img class="content-article__cover" src="${imageUrl}"`,
    );
    expect(root).not.toContain('Profile');
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
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/app-abc.js"');
      expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/vendor-abc.js"');
    }
  });
});

describe('withoutEntryTags', () => {
  const html =
    '<head><script type="module" crossorigin src="/assets/a.js" nonce="N"></script>\n<link rel="modulepreload" crossorigin href="/assets/b.js" nonce="N"><link rel="stylesheet" href="/assets/a.css"></head>';

  it('takes out the entry script and its preloads, and nothing else', () => {
    expect(withoutEntryTags(html, ['/assets/a.js', '/assets/b.js'])).toBe(
      '<head><link rel="stylesheet" href="/assets/a.css"></head>',
    );
  });

  it('gives up (the page then loads as built) when the build named a tag index.html does not carry', () => {
    expect(withoutEntryTags(html, ['/assets/a.js', '/assets/c.js'])).toBeUndefined();
    expect(withoutEntryTags(html, ['/assets/x.js'])).toBeUndefined();
    expect(withoutEntryTags(html, [])).toBeUndefined();
  });
});

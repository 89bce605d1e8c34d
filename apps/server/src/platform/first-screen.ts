/**
 * The first screen of the public pages, sent with the document (issue 27, "The first screen on a
 * phone"): without it a phone shows nothing until about 250 KB of script has arrived and run, the
 * page's chunk has been fetched after that, and the page's API reads after that; the home's
 * largest image (the first banner) was found only at the end of that chain.
 *
 * For each page of PAGES the document gets, in the server's answer to GET /home (and the rest):
 * - in <head>: `stylesheet` links for the page's styles (from dist/.vite/first-screen.json, which
 *   the web build writes), and a `preload` of the page's largest image (on /home the first banner,
 *   on /about the first section's cover) with `fetchpriority="high"`;
 * - before #root: the answers of the public API reads the page makes first (`<script
 *   type="application/json" id="portal-first-screen">`), exactly as the API sends them; the web
 *   app's api-client answers those reads from it once instead of asking again (lib/api/embedded.ts);
 * - inside #root: the header (the portal's and the bank's name, in both languages: the page's
 *   language shows, global.css) and the page's largest element, placed where React draws it: on
 *   /home the banner with its first image, sized; on /about the head band and the first
 *   section's cover; on /verify the title and introduction. React replaces it with the same on
 *   its first render;
 * - after #root, instead of index.html's entry script and preloads: a script that starts the app
 *   once the browser has shown that largest element. A phone's first paint then waits only for
 *   the document, the styles and that image, not for 330 KB of scripts fetched beside them
 *   (Lighthouse counted them into FCP and LCP: 3.2-3.7 s on its mobile preset).
 *
 * Every read goes through the route itself (`app.inject`), so what the page finds is what the API
 * answers, from the same cache. A read that fails is left out (the app then asks for it itself).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resources } from '@portal/shared/i18n';
import { texts as contractsTexts } from '@portal/shared/i18n/namespaces/contracts';
import type { FastifyInstance } from 'fastify';

type Bilingual = { en: string; zh: string };
type Envelope = { code?: string; data?: unknown };
type Banner = { title?: Bilingual; imageUrl?: string | null };
type ModuleEntry = { lgcSn?: string; key?: string | null; title?: Bilingual };
type ModuleDetail = { image?: { url?: string } | null };

/** The page's reads, in order; `read` fetches one and returns its parsed answer. */
type Reads = (read: (url: string) => Promise<Envelope | undefined>) => Promise<void>;

const SITE_CONFIG = '/api/site/config';
const BANNERS = '/api/bannerP1/bannerListForP1';
/** The "understand the bank" entries /about shows (apps/web/src/pages/content/about/AboutPage.tsx). */
const ABOUT_MODULES = '/api/moduleInfoP1/moduleListForP1?moduleType=0&pageNo=1&pageSize=100';
const ABOUT_KEYS = ['introduction', 'profile', 'keyFinancialData'];
const moduleDetail = (lgcSn: string) => `/api/moduleInfoP1/moduleDetail/${encodeURIComponent(lgcSn)}`;
/** /verify's trust-anchor panel (apps/web/src/lib/trust-anchor.ts). */
const TRUST_ANCHOR = '/api/pki/authority';

/** A text of /verify's (`verify.*` of the contracts namespace), in both languages. */
const verifyText = (name: 'title' | 'intro'): Bilingual => ({
  en: contractsTexts['en-US'].contracts.verify[name],
  zh: contractsTexts['zh-CN'].contracts.verify[name],
});

/** A text of the content pages' namespace, in both languages. */
const contentText = (pick: (texts: (typeof resources)['en-US']['content']) => string): Bilingual => ({
  en: pick(resources['en-US'].content),
  zh: pick(resources['zh-CN'].content),
});

/** What a page's first screen draws inside <main>, and the image among it the page shows largest. */
type Main = { html: string; image?: string };

/**
 * /about's head band (breadcrumbs, title, introduction) and its first section's title and cover
 * image, the page's largest element (apps/web/src/pages/content/about/AboutPage.tsx and
 * features/content/ui/ContentFrame.tsx draw the same).
 */
function aboutMain(reads: Record<string, Envelope>): Main {
  const list = (reads[ABOUT_MODULES]?.data as { list?: ModuleEntry[] } | undefined)?.list ?? [];
  const first = ABOUT_KEYS.flatMap((key) => list.filter((entry) => entry.key === key && entry.lgcSn))[0];
  const detail = first ? (reads[moduleDetail(first.lgcSn ?? '')]?.data as ModuleDetail | undefined) : undefined;
  const image = detail?.image?.url ?? undefined;
  const section =
    first?.title && detail
      ? `<section class="content-section"><h2 class="content-section__title">${bilingual(first.title)}</h2>${
          image
            ? `<img class="content-article__cover" src="${escapeHtml(image)}" alt="" width="1280" height="720" fetchpriority="high">`
            : ''
        }</section>`
      : '';
  const html = `<div class="content-page"><header class="content-page__head"><div class="container"><nav class="content-breadcrumbs"><ol><li><a href="/home">${bilingual(
    contentText((texts) => texts.common.home),
  )}</a></li><li><span aria-current="page">${bilingual(
    contentText((texts) => texts.routes.about),
  )}</span></li></ol></nav><div class="content-page__head-row"><div class="content-page__head-copy"><h1 class="content-page__title">${bilingual(
    contentText((texts) => texts.about.title),
  )}</h1><p class="content-page__intro">${bilingual(
    contentText((texts) => texts.about.intro),
  )}</p></div></div></div></header><div class="content-page__body container"><div class="content-layout"><div class="content-article">${section}</div></div></div></div>`;
  return { html, image };
}

/**
 * The public pages that get a first screen: the reads each makes before anything else, and what
 * the first screen draws under the header (the page's largest element, so that the page's first
 * paint is its largest: the app's scripts start only after it, below).
 */
const PAGES: Record<string, { banner: boolean; reads: Reads; main?: (reads: Record<string, Envelope>) => Main }> = {
  '/home': {
    banner: true,
    reads: async (read) => {
      await Promise.all([read(SITE_CONFIG), read(BANNERS)]);
    },
  },
  '/about': {
    banner: false,
    reads: async (read) => {
      const [, modules] = await Promise.all([read(SITE_CONFIG), read(ABOUT_MODULES)]);
      const list = ((modules?.data as { list?: ModuleEntry[] } | undefined)?.list ?? []).filter(
        (entry) => entry.key && ABOUT_KEYS.includes(entry.key) && entry.lgcSn,
      );
      await Promise.all(list.map((entry) => read(moduleDetail(entry.lgcSn ?? ''))));
    },
    main: aboutMain,
  },
  '/verify': {
    banner: false,
    reads: async (read) => {
      await Promise.all([read(SITE_CONFIG), read(TRUST_ANCHOR)]);
    },
    // The page's title and introduction (apps/web/src/pages/contracts/VerifyPage.tsx), its largest text.
    main: () => ({
      html: `<div class="container verify-page"><h1 class="verify-page__title">${bilingual(verifyText('title'))}</h1><p class="verify-page__intro">${bilingual(
        verifyText('intro'),
      )}</p></div>`,
    }),
  },
};

export type FirstScreen = {
  /** index.html to complete: as built, or without the tags that load the app (started by `afterRoot`). */
  template: string;
  head: string;
  beforeRoot: string;
  root: string;
  afterRoot: string;
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Text in both languages; the page's language shows (apps/web global.css, `data-first-screen-lang`). */
const bilingual = (text: Bilingual) =>
  text.en === text.zh
    ? escapeHtml(text.en)
    : `<span data-first-screen-lang="en">${escapeHtml(text.en)}</span><span data-first-screen-lang="zh">${escapeHtml(text.zh)}</span>`;

const BRAND_MARK =
  '<svg width="40" height="40" viewBox="0 0 64 64" aria-hidden="true" focusable="false" class="brand-mark"><rect width="64" height="64" rx="14" fill="#0a3d91"/><circle cx="25" cy="32" r="13" fill="none" stroke="#ffffff" stroke-width="5"/><circle cx="39" cy="32" r="13" fill="none" stroke="#e0b95b" stroke-width="5"/></svg>';

function headerHtml(site: { portalName?: Bilingual; bankName?: Bilingual } | undefined): string {
  const names = site?.portalName
    ? `<span class="brand__text"><span class="brand__portal">${bilingual(site.portalName)}</span>${
        site.bankName ? `<span class="brand__bank">${bilingual(site.bankName)}</span>` : ''
      }</span>`
    : '';
  return `<header class="portal-header"><div class="portal-header__bar container"><a href="/home" class="brand">${BRAND_MARK}${names}</a></div><div class="main-nav main-nav--bar first-screen__nav"></div></header>`;
}

function bannerHtml(banner: Banner): string {
  const alt = banner.title ? escapeHtml(banner.title.en) : '';
  return `<section class="banner"><div class="banner__viewport"><div class="banner__slide is-current"><div class="banner__link"><img class="banner__image" src="${escapeHtml(
    banner.imageUrl ?? '',
  )}" alt="${alt}" width="1920" height="420" fetchpriority="high"></div></div></div></section>`;
}

/** dist/.vite/first-screen.json (apps/web/vite.config.ts): the entry's chunks and each page's. */
type Assets = { entry: string[]; pages: Record<string, { scripts: string[]; styles: string[] }> };

/** Reads the build's list of chunks once; an older build without it gets none. */
function loadAssets(distDir: string): Assets {
  try {
    const read = JSON.parse(readFileSync(join(distDir, '.vite', 'first-screen.json'), 'utf8')) as Partial<Assets>;
    return { entry: read.entry ?? [], pages: read.pages ?? {} };
  } catch {
    return { entry: [], pages: {} };
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * index.html without the tags that load the app (its entry `<script type="module">` and the
 * `modulepreload` links of what the entry imports), or undefined when one of them is not found (a
 * build that writes them otherwise: the page then keeps them and loads as built).
 */
export function withoutEntryTags(html: string, entry: readonly string[]): string | undefined {
  const [script, ...imports] = entry;
  if (!script) return undefined;
  let rest = html;
  const patterns = [
    new RegExp(`\\s*<script\\b[^>]*\\bsrc="${escapeRegExp(script)}"[^>]*></script>`),
    ...imports.map((href) => new RegExp(`\\s*<link\\b[^>]*\\bhref="${escapeRegExp(href)}"[^>]*>`)),
  ];
  for (const pattern of patterns) {
    if (!pattern.test(rest)) return undefined;
    rest = rest.replace(pattern, '');
  }
  return rest;
}

/**
 * The script that starts the app once the browser has shown the first screen's largest element
 * (the banner image, else what the first screen draws; where the browser reports no largest
 * contentful paint, once the image has loaded or the first frame is drawn). It adds the entry
 * script that index.html carried and `modulepreload` links for what the entry and the page import.
 * Until then the page's bytes and main thread go to what it draws first. Each link costs the
 * browser a request set up on the main thread (15-25 ms on a phone, traced), so each goes in a
 * task of its own, not fifty in one long task. A tab opened in the background (nothing is
 * painted) or an image that never ends still starts within 1.5 s.
 */
const START_APP = `function (entry, modules) {
  var d = document, nonce = d.currentScript.nonce, started = false;
  function add(element) {
    element.crossOrigin = '';
    element.nonce = nonce;
    d.head.appendChild(element);
  }
  function preload() {
    modules.splice(0, 1).forEach(function (href) {
      var link = d.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      add(link);
    });
    if (modules.length) setTimeout(preload, 0);
  }
  function start() {
    if (started) return;
    started = true;
    var script = d.createElement('script');
    script.type = 'module';
    script.src = entry;
    add(script);
    preload();
  }
  setTimeout(start, 1500);
  var image = d.querySelector('#root img[fetchpriority="high"]');
  var observer = window.PerformanceObserver;
  if (observer && (observer.supportedEntryTypes || []).indexOf('largest-contentful-paint') >= 0) {
    new observer(function (list) {
      list.getEntries().forEach(function (entry) {
        if (!image || entry.element === image) start();
      });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    if (image) image.addEventListener('error', start);
  } else if (image && !image.complete) {
    image.addEventListener('load', start);
    image.addEventListener('error', start);
  } else {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
}`.replace(/\n\s*/g, ' ');

function startAppScript(entry: readonly string[], pageScripts: readonly string[], nonce: string): string {
  const [script, ...imports] = entry;
  return `<script nonce="${nonce}">(${START_APP})(${scriptJson(script)},${scriptJson([
    ...imports,
    ...pageScripts,
  ])})</script>`;
}

/**
 * Returns the first screen of a page path, or undefined for pages that have none. `nonce` is the
 * placeholder the page's tags carry (replaced per response).
 */
export function createFirstScreen(app: FastifyInstance, distDir: string, indexHtml: string, nonce: string) {
  const assets = loadAssets(distDir);
  const deferred = withoutEntryTags(indexHtml, assets.entry);
  if (!deferred && Object.keys(assets.pages).length) {
    app.log.warn('first screen: index.html does not carry the entry the build listed; the app starts as built');
  }
  return async (path: string): Promise<FirstScreen | undefined> => {
    const page = PAGES[path];
    if (!page) return undefined;
    const reads: Record<string, Envelope> = {};
    await page.reads(async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      if (res.statusCode !== 200) return undefined;
      const body = res.json() as Envelope;
      if (body.code !== '0') return undefined;
      reads[url] = body;
      return body;
    });
    const site = reads[SITE_CONFIG]?.data as { portalName?: Bilingual; bankName?: Bilingual } | undefined;
    const banner = page.banner ? ((reads[BANNERS]?.data as { list?: Banner[] } | undefined)?.list ?? [])[0] : undefined;
    const image = banner?.imageUrl ? banner : undefined;
    const main = page.main?.(reads);
    const largestImage = image?.imageUrl ?? main?.image;

    const { scripts = [], styles = [] } = assets.pages[path] ?? {};
    const head = [
      ...(largestImage
        ? [`<link rel="preload" as="image" href="${escapeHtml(largestImage)}" fetchpriority="high">`]
        : []),
      ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" nonce="${nonce}">`),
      // With the app's start deferred, the page's chunks are preloaded with the entry's, by the start script.
      ...(deferred
        ? []
        : scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" nonce="${nonce}">`)),
    ].join('');
    return {
      template: deferred ?? indexHtml,
      head,
      beforeRoot: `<script type="application/json" id="portal-first-screen">${scriptJson({ reads })}</script>`,
      root: `<div class="portal-layout first-screen">${headerHtml(site)}${image ? bannerHtml(image) : ''}${
        main ? `<main class="portal-main">${main.html}</main>` : ''
      }</div>`,
      afterRoot: deferred ? startAppScript(assets.entry, scripts, nonce) : '',
    };
  };
}

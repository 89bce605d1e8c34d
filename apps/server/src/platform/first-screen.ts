/**
 * The first screen of the public pages, sent with the document (issue 27, "The first screen on a
 * phone"): without it a phone shows nothing until about 250 KB of script has arrived and run, the
 * page's chunk has been fetched after that, and the page's API reads after that; the home's
 * largest image (the first banner) was found only at the end of that chain.
 *
 * For each page of PAGES the document gets, in the server's answer to GET /home (and the rest):
 * - in <head>: `modulepreload` links for the page's own chunks and `stylesheet` links for its
 *   styles (from dist/.vite/first-screen.json, which the web build writes), and on /home a
 *   `preload` of the first banner image with `fetchpriority="high"`;
 * - before #root: the answers of the public API reads the page makes first (`<script
 *   type="application/json" id="portal-first-screen">`), exactly as the API sends them; the web
 *   app's api-client answers those reads from it once instead of asking again (lib/api/embedded.ts);
 * - inside #root: the header (the portal's and the bank's name, in both languages: the page's
 *   language shows, global.css) and on /home the banner with its first image, sized. React
 *   replaces it with the same header and banner on its first render.
 *
 * Every read goes through the route itself (`app.inject`), so what the page finds is what the API
 * answers, from the same cache. A read that fails is left out (the app then asks for it itself).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

type Bilingual = { en: string; zh: string };
type Envelope = { code?: string; data?: unknown };
type Banner = { title?: Bilingual; imageUrl?: string | null };
type ModuleEntry = { lgcSn?: string; key?: string | null };

/** The page's reads, in order; `read` fetches one and returns its parsed answer. */
type Reads = (read: (url: string) => Promise<Envelope | undefined>) => Promise<void>;

const SITE_CONFIG = '/api/site/config';
const BANNERS = '/api/bannerP1/bannerListForP1';
/** The "understand the bank" entries /about shows (apps/web/src/pages/content/about/AboutPage.tsx). */
const ABOUT_MODULES = '/api/moduleInfoP1/moduleListForP1?moduleType=0&pageNo=1&pageSize=100';
const ABOUT_KEYS = ['introduction', 'profile', 'keyFinancialData'];
/** /verify's trust-anchor panel (apps/web/src/lib/trust-anchor.ts). */
const TRUST_ANCHOR = '/api/pki/authority';

/** The public pages that get a first screen, and the reads each makes before anything else. */
const PAGES: Record<string, { banner: boolean; reads: Reads }> = {
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
      await Promise.all(
        list.map((entry) => read(`/api/moduleInfoP1/moduleDetail/${encodeURIComponent(entry.lgcSn ?? '')}`)),
      );
    },
  },
  '/verify': {
    banner: false,
    reads: async (read) => {
      await Promise.all([read(SITE_CONFIG), read(TRUST_ANCHOR)]);
    },
  },
};

export type FirstScreen = { head: string; beforeRoot: string; root: string };

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

type Assets = Record<string, { scripts: string[]; styles: string[] }>;

/** Reads the build's list of each page's chunks once; an older build without it gets none. */
function loadAssets(distDir: string): Assets {
  try {
    return JSON.parse(readFileSync(join(distDir, '.vite', 'first-screen.json'), 'utf8')) as Assets;
  } catch {
    return {};
  }
}

/**
 * Returns the first screen of a page path, or undefined for pages that have none. `nonce` is the
 * placeholder the page's tags carry (replaced per response).
 */
export function createFirstScreen(app: FastifyInstance, distDir: string, nonce: string) {
  const assets = loadAssets(distDir);
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

    const { scripts = [], styles = [] } = assets[path] ?? {};
    const head = [
      ...(image
        ? [`<link rel="preload" as="image" href="${escapeHtml(image.imageUrl ?? '')}" fetchpriority="high">`]
        : []),
      ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" nonce="${nonce}">`),
      ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" nonce="${nonce}">`),
    ].join('');
    return {
      head,
      beforeRoot: `<script type="application/json" id="portal-first-screen">${scriptJson({ reads })}</script>`,
      root: `<div class="portal-layout">${headerHtml(site)}${image ? bannerHtml(image) : ''}</div>`,
    };
  };
}

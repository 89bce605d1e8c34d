/**
 * The portal on a phone (390 px) and a desktop (1440 px), in both languages: the header's
 * controls on one row without overlap and of a sensible height, for a visitor and a signed-in
 * user; no main page scrolls sideways; the menu in a drawer; Business Opportunities as cards with
 * a Filters drawer and paging; the publish form's errors clear of its sticky action bar.
 * Screenshots: `phone-<width>-<lang>-<page>.png`.
 */
import { describe, expect, it } from 'vitest';
import { type Locale, logInAt, settle, useLocale } from '../content/content-helpers.ts';
import { DEMO, drawWholePage, type JourneyPage, mailbox, screenshot, useBrowser } from '../support.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const WIDTHS = [PHONE, DESKTOP] as const;
const LANG: Record<Locale, string> = { 'en-US': 'en', 'zh-CN': 'zh' };

type Box = { name: string; x: number; y: number; width: number; height: number };

/** The header's controls as the eye sees them: the brand, then each visible control of the bar. */
async function headerControls(page: JourneyPage): Promise<Box[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('.portal-header__bar');
    if (!bar) throw new Error('no header bar');
    const controls = Array.from(
      bar.querySelectorAll<HTMLElement>(
        '.brand, .language-switch__option, .portal-header__actions a, .portal-header__actions button, .account-menu__name--pending, .nav-toggle',
      ),
    );
    return controls
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden')
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') || element.textContent?.trim() || element.className;
        return { name, x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      })
      .filter((box) => box.width > 0 && box.height > 0);
  });
}

function overlaps(a: Box, b: Box): boolean {
  // Half a pixel of rounding allowed.
  return (
    a.x + a.width > b.x + 0.5 && b.x + b.width > a.x + 0.5 && a.y + a.height > b.y + 0.5 && b.y + b.height > a.y + 0.5
  );
}

/** What is wrong with the header at this width: overlapping or cut-off controls, its height, a stacked name. */
async function headerProblems(page: JourneyPage, label: string, expected: string[]): Promise<string[]> {
  const problems: string[] = [];
  const boxes = await headerControls(page);
  const width = page.viewportSize()?.width ?? 0;
  for (const name of expected) {
    if (!boxes.some((box) => box.name.includes(name))) problems.push(`${label}: no "${name}" in the header`);
  }
  for (const [i, a] of boxes.entries()) {
    if (a.x < 0 || a.x + a.width > width + 0.5) problems.push(`${label}: "${a.name}" leaves the window`);
    for (const b of boxes.slice(i + 1)) {
      if (overlaps(a, b)) problems.push(`${label}: "${a.name}" overlaps "${b.name}"`);
    }
  }
  const bar = await page.locator('.portal-header__bar').boundingBox();
  const header = await page.getByRole('banner').boundingBox();
  const barLimit = width < 768 ? 64 : 80;
  if (!bar || bar.height > barLimit) problems.push(`${label}: header bar ${bar?.height} px tall (at most ${barLimit})`);
  if (!header || header.height > (width < 768 ? 64 : 130)) problems.push(`${label}: header ${header?.height} px tall`);
  // The site name by whole words: one or two lines, never a character a line.
  const name = await page.locator('.brand__portal').evaluate((element) => {
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
    return { lines: Math.round(element.getBoundingClientRect().height / lineHeight), width: element.scrollWidth };
  });
  if (name.lines > 2) problems.push(`${label}: the site name takes ${name.lines} lines`);
  return problems;
}

/** The pages whose whole length is saved; of the others, the window (tall pages are slow to shoot). */
const FULL_PAGE = new Set(['home', 'release', 'cooperation-detail', 'my-attention', 'message-center']);

async function shot(page: JourneyPage, name: string, fullPage: boolean) {
  if (fullPage) await drawWholePage(page);
  await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage, timeout: 90_000 });
}

async function sidewaysScroll(page: JourneyPage): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The id of a request in the list (to open its detail page). */
async function firstRequestId(page: JourneyPage): Promise<string> {
  const answer = (await (await page.context().request.get('/api/bthw/listPage?pageNo=1&pageSize=1')).json()) as {
    data: { list: { lgcSn: string }[]; total: number };
  };
  const first = answer.data.list[0];
  if (!first) throw new Error('the demo data has no cooperation request');
  return first.lgcSn;
}

function mainRoutes(requestId: string): { name: string; path: string }[] {
  return [
    { name: 'home', path: '/home' },
    { name: 'release', path: '/release' },
    { name: 'cooperation-detail', path: `/cooperationDetail?lgcSn=${encodeURIComponent(requestId)}` },
    { name: 'publish-info', path: '/publishInfo' },
    { name: 'user-info', path: '/userCenter/userInfo' },
    { name: 'modify-password', path: '/userCenter/modifyPassword' },
    { name: 'my-publish', path: '/userCenter/myPublish' },
    { name: 'my-attention', path: '/userCenter/myAttention' },
    { name: 'my-cooperation', path: '/userCenter/myCooperation' },
    { name: 'message-center', path: '/userCenter/messageCenter' },
    { name: 'understand', path: '/understandCCB' },
    { name: 'products', path: '/productsAndServices' },
    { name: 'trends', path: '/policyInformation' },
    { name: 'compliance', path: '/PolicyInformation/ComplianceList' },
    { name: 'about', path: '/about' },
  ];
}

const TEXT = {
  'en-US': {
    filters: 'Filters',
    apply: 'Apply',
    reset: 'Reset',
    keyword: 'Keyword',
    menu: 'Menu',
    close: 'Close menu',
  },
  'zh-CN': { filters: '筛选', apply: '确定', reset: '重置', keyword: '关键字', menu: '菜单', close: '关闭菜单' },
} as const;

/** The publish form's texts: its title, a category and one of its types, the Publish button. */
const PUBLISH_TEXT = {
  'en-US': {
    title: 'Publish cooperation information',
    category: 'Trade finance and factoring',
    type: 'Export negotiation',
    publish: 'Publish',
  },
  'zh-CN': { title: '发布合作信息', category: '贸易融资及保理', type: '出口押汇', publish: '发布' },
} as const;

/** How far an element's box reaches under the publish form's sticky action bar (0: not at all). */
function underTheBar(page: JourneyPage, selector: string): Promise<number> {
  return page.evaluate((target) => {
    const element = document.querySelector(target);
    const bar = document.querySelector('.publish-actions');
    if (!element || !bar) throw new Error(`no ${element ? 'action bar' : target}`);
    const box = element.getBoundingClientRect();
    return Math.max(0, Math.round(box.bottom - bar.getBoundingClientRect().top));
  }, selector);
}

/** The names of the cards on the page. */
function cardNames(page: JourneyPage): Promise<string[]> {
  return page.locator('.opportunity-card .opportunity-name').allTextContents();
}

async function waitForCards(page: JourneyPage) {
  await page.locator('.opportunity-card').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 10_000 });
}

/** The longest word (Latin) or first four characters (Chinese) of a name, to search with. */
function searchWord(name: string): string {
  const words = name.split(/[\s,./()'"-]+/).filter((word) => /^[A-Za-z]{5,}$/.test(word));
  return words.sort((a, b) => b.length - a.length)[0] ?? name.slice(0, 4);
}

describe('[SHELL][PHONE]: the portal at 390 and 1440 px in both languages', () => {
  const browser = useBrowser();
  const mail = mailbox();
  let user: JourneyPage | undefined;

  async function userPage(): Promise<JourneyPage> {
    if (!user) {
      user = await browser.newPage({ locale: 'en-US' });
      await logInAt(user, mail, '/userCenter/userInfo', DEMO.partnerB, DEMO.password);
    }
    return user;
  }

  it('a visitor sees one row of header controls, none overlapping', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const page = await browser.newPage({ locale });
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await page.goto('/home');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await settle(page);
        const label = `${LANG[locale]} visitor ${size.width}`;
        const login = locale === 'en-US' ? 'Log in' : '登录';
        problems.push(...(await headerProblems(page, label, [login])));
        const sideways = await sidewaysScroll(page);
        if (sideways > 0) problems.push(`${label}: /home scrolls ${sideways} px sideways`);
        await screenshot(page, `phone-${size.width}-${LANG[locale]}-visitor-home`);
      }
      expect(page.consoleErrors).toEqual([]);
    }
    expect(problems).toEqual([]);
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`signed in (${locale}): the header fits and no main page scrolls sideways`, { timeout: 600_000 }, async () => {
      const page = await userPage();
      await useLocale(page, locale);
      const routes = mainRoutes(await firstRequestId(page));
      const problems: string[] = [];
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        for (const route of routes) {
          page.consoleErrors.length = 0;
          await page.goto(route.path);
          await settle(page);
          const label = `${LANG[locale]} ${size.width} ${route.path}`;
          const sideways = await sidewaysScroll(page);
          if (sideways > 0) problems.push(`${label}: scrolls ${sideways} px sideways`);
          for (const error of page.consoleErrors) problems.push(`${label}: console error ${error}`);
          if (route.name === 'home') {
            const name = size === PHONE ? 'Ingrid' : 'Ingrid Berg';
            // The account's name arrives with its own request, which a busy machine answers late.
            await expect
              .poll(async () => (await headerControls(page)).some((box) => box.name.includes(name)), {
                timeout: 15_000,
              })
              .toBe(true)
              .catch(() => {});
            problems.push(...(await headerProblems(page, label, [name])));
            if (size === PHONE) {
              // The bell and the menu button sit on the row too.
              const bell = page
                .getByRole('banner')
                .getByRole('link', { name: locale === 'en-US' ? /^Messages/ : /^消息/ });
              expect(await bell.isVisible()).toBe(true);
              expect(await page.getByRole('button', { name: TEXT[locale].menu, exact: true }).isVisible()).toBe(true);
            }
          }
          await shot(page, `phone-${size.width}-${LANG[locale]}-${route.name}`, FULL_PAGE.has(route.name));
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('opens the menu in a drawer on a phone and follows a link from it', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const page = await browser.newPage({ locale });
      await page.setViewportSize(PHONE);
      await page.goto('/home');
      await page.getByRole('heading', { level: 1 }).waitFor();
      // No menu bar on a phone: the menu button opens the drawer.
      expect(await page.locator('.main-nav--bar').count()).toBe(0);
      const toggle = page.getByRole('button', { name: TEXT[locale].menu, exact: true });
      await toggle.click();
      const drawer = page.getByRole('dialog');
      const nav = drawer.getByRole('navigation');
      await nav.waitFor();
      const links = await nav.getByRole('link').allTextContents();
      if (links.length !== 9) problems.push(`${LANG[locale]}: ${links.length} menu links (${links.join(', ')})`);
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await page.waitForTimeout(400);
      await screenshot(page, `phone-390-${LANG[locale]}-menu-drawer`);
      await nav.getByRole('link', { name: locale === 'en-US' ? 'About the Bank' : '了解我行' }).click();
      await page.waitForURL('**/understandCCB');
      await drawer.waitFor({ state: 'hidden' });
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(page.consoleErrors).toEqual([]);
    }
    expect(problems).toEqual([]);
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`Business Opportunities on a phone (${locale}): cards, the Filters drawer and paging`, {
      timeout: 180_000,
    }, async () => {
      const page = await userPage();
      await useLocale(page, locale);
      const text = TEXT[locale];
      await page.setViewportSize(PHONE);
      await page.goto('/release');
      await waitForCards(page);
      // Cards, not a table; no filter panel before the results.
      expect(await page.locator('.opportunity-table').count()).toBe(0);
      expect(await page.getByRole('search').count()).toBe(0);
      const names = await cardNames(page);
      expect(names.length).toBeGreaterThan(0);
      const card = page.locator('.opportunity-card').first();
      for (const field of await card.locator('dt').allTextContents()) expect(field.trim()).not.toBe('');
      expect(await card.locator('dt').count()).toBe(6);
      expect(await card.getByRole('link', { name: locale === 'en-US' ? /^View / : /^查看/ }).count()).toBe(1);

      // The Filters drawer: a keyword from the first card's name narrows the cards to it.
      const word = searchWord(names[0]!);
      const filtersButton = page.getByRole('button', { name: text.filters, exact: true });
      await filtersButton.click();
      const drawer = page.getByRole('dialog');
      const form = drawer.getByRole('search');
      await form.waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, `phone-390-${LANG[locale]}-filters-drawer`);
      await form.getByLabel(text.keyword, { exact: true }).fill(word);
      await form.getByRole('button', { name: text.apply, exact: true }).click();
      await drawer.waitFor({ state: 'hidden' });
      await page.waitForURL((url) => url.searchParams.get('q') === word);
      await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 10_000 });
      await waitForCards(page);
      const filtered = await cardNames(page);
      expect(filtered.length).toBeGreaterThan(0);
      for (const name of filtered) expect(name.toLowerCase()).toContain(word.toLowerCase());
      // The button counts the filters set.
      const counted = page.getByRole('button', {
        name: locale === 'en-US' ? 'Filters, 1 applied' : '筛选（已选 1 项）',
        exact: true,
      });
      expect(await counted.isVisible()).toBe(true);
      expect(await counted.locator('.ant-badge').textContent()).toBe('1');
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await page.waitForTimeout(400);
      await screenshot(page, `phone-390-${LANG[locale]}-release-filtered`);

      // Reset from the drawer: all requests again.
      await counted.click();
      await drawer.getByRole('button', { name: text.reset, exact: true }).click();
      await drawer.waitFor({ state: 'hidden' });
      await page.waitForURL((url) => !url.searchParams.has('q'));
      await page.getByRole('button', { name: text.filters, exact: true }).waitFor();

      // Paging: three to a page (the address's size), the pager's Next goes to page 2.
      await page.goto('/release?size=3');
      await waitForCards(page);
      const first = await cardNames(page);
      expect(first).toHaveLength(3);
      await page.locator('.paged-list__pager .ant-pagination-next').click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await page.waitForFunction(
        (before) =>
          Array.from(document.querySelectorAll('.opportunity-card .opportunity-name'))
            .map((e) => e.textContent)
            .join('|') !== before,
        first.join('|'),
      );
      const second = await cardNames(page);
      expect(second.length).toBeGreaterThan(0);
      expect(second.some((name) => first.includes(name))).toBe(false);
      // Back: page 1 again, from the address.
      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has('page'));
      await page.waitForFunction(
        (expected) =>
          Array.from(document.querySelectorAll('.opportunity-card .opportunity-name'))
            .map((e) => e.textContent)
            .join('|') === expected,
        first.join('|'),
      );

      // The feedback button is a small tab at the window's edge.
      const fab = (await page.locator('.feedback-fab').boundingBox()) as Box | null;
      expect(fab).not.toBeNull();
      expect(fab!.width).toBeLessThanOrEqual(44);
      expect(Math.round(fab!.x + fab!.width)).toBe(PHONE.width);
      expect(page.consoleErrors).toEqual([]);
    });
  }

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`the publish form on a phone (${locale}): its errors are never under the sticky action bar`, {
      timeout: 120_000,
    }, async () => {
      const page = await userPage();
      await useLocale(page, locale);
      const text = PUBLISH_TEXT[locale];
      await page.setViewportSize(PHONE);
      await page.goto('/publishInfo');
      await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
      await settle(page);
      await page.getByRole('button', { name: new RegExp(`^${text.category}`) }).click();
      await page.getByRole('button', { name: new RegExp(`^${text.type}`) }).click();
      // The form's step is a navigation: the page goes back to the top 200 ms after it.
      await page.locator('.publish-actions').waitFor();
      await settle(page);
      // Published empty: the error summary takes the focus, scrolled into view whole, above the bar.
      await page.getByRole('button', { name: text.publish, exact: true }).click();
      const summary = page.getByRole('alert').filter({ has: page.locator('.form-error-summary__list') });
      await summary.waitFor();
      await page.waitForFunction(() => document.activeElement?.classList.contains('form-error-summary'));
      await page.waitForTimeout(300);
      const problems: string[] = [];
      const hidden = await underTheBar(page, '.form-error-summary');
      if (hidden > 0) problems.push(`the error summary's last ${hidden} px are under the action bar`);
      await shot(page, `phone-390-${LANG[locale]}-publish-errors`, false);

      // Its last link: the field takes the focus above the bar.
      const link = summary.getByRole('link').last();
      const target = (await link.getAttribute('href')) ?? '';
      await link.click();
      await page.waitForFunction((id) => document.activeElement?.id === id, target.slice(1));
      await page.waitForTimeout(300);
      const field = await underTheBar(page, target);
      if (field > 0) problems.push(`${target}, reached from the summary, is ${field} px under the action bar`);

      // A field that sits under the bar when it takes the focus (Tab, a link) comes out from under it.
      await page.evaluate((id) => {
        const element = document.querySelector<HTMLElement>(id);
        const bar = document.querySelector('.publish-actions');
        if (!element || !bar) return;
        window.scrollBy(0, element.getBoundingClientRect().top - bar.getBoundingClientRect().top - 8);
        element.focus();
      }, '#publish-release_amount');
      await page.waitForTimeout(300);
      const focused = await underTheBar(page, '#publish-release_amount');
      if (focused > 0) problems.push(`the focused amount field is ${focused} px under the action bar`);
      expect(problems).toEqual([]);
      // Leave without the form's question (nothing was typed, but a type was chosen).
      page.once('dialog', (dialog) => void dialog.accept());
      await page.goto('/home');
    });
  }
});

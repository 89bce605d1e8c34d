/**
 * Issue 26, item 8: four layout findings of the walk, each asserted in a real browser, in English
 * and in Chinese (decision 0022, "Layout"):
 * - at 1366 px the floating Feedback tab never covers the home page's "Browse opportunities"
 *   link, wherever the page is scrolled (a pill at the bottom right used to);
 * - at 390 px the home page shows the greeting, the welcome line and the quick links (the
 *   welcome card used to be `display: none` beside no room for it);
 * - at 390 px the user centre's menu is one row of tabs that scrolls sideways, not a nine-item
 *   list filling the first screen;
 * - a SWIFT code in the registration review drawer stays whole, on one line, at 390 and 1366 px.
 * Screenshots: `layout-<width>-<lang>-<which>.png`.
 */
import { describe, expect, it } from 'vitest';
import { type Locale, logInAt, settle, useLocale } from '../content/content-helpers.ts';
import { DEMO, type JourneyPage, mailbox, screenshot, useBrowser } from '../support.ts';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const LOCALES = ['en-US', 'zh-CN'] as const;
const LANG: Record<Locale, string> = { 'en-US': 'en', 'zh-CN': 'zh' };

const TEXT = {
  'en-US': {
    browse: 'Browse opportunities',
    greeting: /^Hello, /,
    lines: [
      'Welcome back. Here is where you left off.',
      'Welcome to the portal. These shortcuts take you to the places you will use most.',
    ],
    quickLinks: 'Your shortcuts',
    userCentre: 'User centre',
  },
  'zh-CN': {
    browse: '浏览合作商机',
    greeting: /^您好，/,
    lines: ['欢迎回来，您可以从这里继续办理业务。', '欢迎使用本平台，以下快捷入口可带您前往常用功能。'],
    quickLinks: '快捷入口',
    userCentre: '用户中心',
  },
} as const;

type Rect = { x: number; y: number; width: number; height: number };

/**
 * Scrolls the page from top to bottom in steps and, wherever `target` is in the window, where it
 * meets the fixed `.feedback-fab` (nothing when they never meet). Also how often it was in the window.
 */
function coverings(page: JourneyPage, target: string): Promise<{ seen: number; covered: string[] }> {
  return page.evaluate(async (text) => {
    const link = Array.from(document.querySelectorAll('a')).find((a) => a.textContent?.trim() === text);
    const fab = document.querySelector('.feedback-fab');
    if (!link || !fab) throw new Error(link ? 'no feedback tab' : `no link "${text}"`);
    const covered: string[] = [];
    let seen = 0;
    const end = document.documentElement.scrollHeight - window.innerHeight;
    for (let y = 0; y <= end + 20; y += 20) {
      window.scrollTo({ top: Math.min(y, end), behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const a = link.getBoundingClientRect();
      const b = fab.getBoundingClientRect();
      if (a.bottom <= 0 || a.top >= window.innerHeight) continue;
      seen += 1;
      const meet = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      if (meet) covered.push(`scrolled to ${Math.min(y, end)}: link ${JSON.stringify(a)}, tab ${JSON.stringify(b)}`);
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return { seen, covered };
  }, target);
}

/** Shown (no `display: none` or hidden ancestor, a box), reached by scrolling, inside the window. */
async function shownProblems(page: JourneyPage, what: string, element: ReturnType<JourneyPage['locator']>) {
  const problems: string[] = [];
  if ((await element.count()) === 0) return [`${what}: not on the page`];
  const rendered = await element.evaluate((el) => el.checkVisibility({ checkVisibilityCSS: true, checkOpacity: true }));
  if (!rendered || !(await element.isVisible())) return [`${what}: hidden`];
  await element.scrollIntoViewIfNeeded();
  const box = (await element.boundingBox()) as Rect | null;
  const size = page.viewportSize();
  if (!box || !size) return [`${what}: no box`];
  if (box.width < 1 || box.height < 1) problems.push(`${what}: ${box.width}×${box.height} px`);
  if (box.x < 0 || box.x + box.width > size.width + 0.5) problems.push(`${what}: leaves the window sideways`);
  if (box.y < 0 || box.y + box.height > size.height + 0.5)
    problems.push(`${what}: not inside the window when scrolled to`);
  return problems;
}

/**
 * Each SWIFT code in the open drawer: how many lines its characters take, and the white-space and
 * word-break of the element holding it (a code must be on one line, and kept from breaking).
 */
function swiftCodes(
  page: JourneyPage,
): Promise<{ code: string; lines: number; whiteSpace: string; wordBreak: string }[]> {
  return page.evaluate(() => {
    const drawer = document.querySelector('[data-testid="registration-detail"]');
    if (!drawer) throw new Error('no registration drawer');
    const walker = document.createTreeWalker(drawer, NodeFilter.SHOW_TEXT);
    const found: { code: string; lines: number; whiteSpace: string; wordBreak: string }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const code = node.textContent?.trim() ?? '';
      if (!/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(code)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set(
        Array.from(range.getClientRects())
          .filter((rect) => rect.width > 0)
          .map((rect) => Math.round(rect.top)),
      );
      const style = getComputedStyle(node.parentElement as Element);
      found.push({ code, lines: tops.size, whiteSpace: style.whiteSpace, wordBreak: style.wordBreak });
    }
    return found;
  });
}

describe('[LAYOUT]: the walk’s layout findings at 390 and 1366 px, in both languages', () => {
  const browser = useBrowser();
  const mail = mailbox();
  let partner: JourneyPage | undefined;
  let staff: JourneyPage | undefined;

  async function partnerPage(): Promise<JourneyPage> {
    if (!partner) {
      partner = await browser.newPage({ locale: 'en-US' });
      await logInAt(partner, mail, '/userCenter/userInfo', DEMO.partnerA, DEMO.password);
    }
    return partner;
  }

  async function staffPage(): Promise<JourneyPage> {
    if (!staff) {
      staff = await browser.newPage({ locale: 'en-US' });
      await logInAt(staff, mail, '/backend/registrations', DEMO.staff, DEMO.password);
    }
    return staff;
  }

  for (const locale of LOCALES) {
    it(`1366 px (${locale}): the Feedback tab never covers "Browse opportunities"`, { timeout: 120_000 }, async () => {
      const page = await browser.newPage({ locale });
      await page.setViewportSize(LAPTOP);
      await page.goto('/home');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settle(page);
      const { seen, covered } = await coverings(page, TEXT[locale].browse);
      expect(seen, 'the link was in the window at some scroll position').toBeGreaterThan(0);
      expect(covered).toEqual([]);
      await page.getByRole('link', { name: TEXT[locale].browse, exact: true }).scrollIntoViewIfNeeded();
      await screenshot(page, `layout-1366-${LANG[locale]}-browse-and-feedback`);
      expect(page.consoleErrors).toEqual([]);
    });
  }

  for (const locale of LOCALES) {
    it(`390 px (${locale}): the home page shows the greeting, the welcome line and the quick links`, {
      timeout: 180_000,
    }, async () => {
      const page = await partnerPage();
      await useLocale(page, locale);
      await page.setViewportSize(PHONE);
      await page.goto('/home');
      await settle(page);
      const text = TEXT[locale];
      // Found by their classes, not their roles: a card hidden by CSS has none, and the test is to
      // say "hidden" rather than time out.
      const card = page.locator('.welcome-card');
      const greeting = card.locator('.welcome-card__title').filter({ hasText: text.greeting });
      await greeting.waitFor({ state: 'attached', timeout: 20_000 });
      const problems = await shownProblems(page, 'greeting', greeting);
      const line = card.locator('.welcome-card__text');
      expect(text.lines).toContain(((await line.textContent()) ?? '').trim());
      problems.push(...(await shownProblems(page, 'welcome line', line)));
      expect(await card.locator('nav').getAttribute('aria-label')).toBe(text.quickLinks);
      const links = card.locator('.welcome-card__links a');
      expect(await links.count()).toBeGreaterThan(0);
      for (const [i, link] of (await links.all()).entries()) {
        problems.push(...(await shownProblems(page, `quick link ${i + 1}`, link)));
      }
      await screenshot(page, `layout-390-${LANG[locale]}-home-welcome`);
      expect(problems).toEqual([]);
    });
  }

  for (const locale of LOCALES) {
    it(`390 px (${locale}): the user centre's menu is one row of tabs that scrolls sideways`, {
      timeout: 180_000,
    }, async () => {
      const page = await partnerPage();
      await useLocale(page, locale);
      await page.setViewportSize(PHONE);
      await page.goto('/userCenter/userInfo');
      await settle(page);
      const nav = page.getByRole('navigation', { name: TEXT[locale].userCentre, exact: true });
      await nav.waitFor();
      const menu = await nav.evaluate((element) => {
        const links = Array.from(element.querySelectorAll('a'));
        const tops = new Set(links.map((link) => Math.round(link.getBoundingClientRect().top)));
        return {
          height: element.getBoundingClientRect().height,
          links: links.length,
          rows: tops.size,
          overflowX: getComputedStyle(element).overflowX,
          scrolls: element.scrollWidth > element.clientWidth,
        };
      });
      expect(menu.links).toBeGreaterThanOrEqual(5);
      expect(menu.rows, 'rows of menu links').toBe(1);
      expect(menu.height, 'the menu’s height').toBeLessThan(80);
      expect(['auto', 'scroll']).toContain(menu.overflowX);
      // The chosen tab's content starts on the first screen.
      const content = await page.locator('.user-center__content').boundingBox();
      expect(content?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(PHONE.height / 2);
      // The page itself never scrolls sideways; the menu scrolls inside itself when it is wider.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      if (menu.scrolls) {
        await nav.evaluate((element) => element.scrollBy({ left: 200, behavior: 'instant' }));
        expect(await nav.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      }
      await screenshot(page, `layout-390-${LANG[locale]}-user-centre`);
      expect(page.consoleErrors).toEqual([]);
    });
  }

  it('390 and 1366 px: a SWIFT code in the registration drawer stays whole on one line, in both languages', {
    timeout: 300_000,
  }, async () => {
    const page = await staffPage();
    const problems: string[] = [];
    for (const locale of LOCALES) {
      await useLocale(page, locale);
      for (const size of [PHONE, LAPTOP]) {
        await page.setViewportSize(size);
        await page.goto('/backend/registrations?status=all');
        await settle(page);
        await page.locator('.ant-table-row').first().getByRole('button').first().click();
        await page.locator('[data-testid="registration-detail"]').waitFor({ timeout: 20_000 });
        await settle(page);
        const label = `${LANG[locale]} ${size.width}`;
        const codes = await swiftCodes(page);
        if (codes.length === 0) problems.push(`${label}: no SWIFT code in the drawer`);
        for (const { code, lines, whiteSpace, wordBreak } of codes) {
          if (lines !== 1) problems.push(`${label}: ${code} takes ${lines} lines`);
          // Kept from breaking, not merely short enough for today's column.
          if (!/^(nowrap|pre)$/.test(whiteSpace))
            problems.push(`${label}: ${code} may break (white-space ${whiteSpace}, word-break ${wordBreak})`);
        }
        await screenshot(page, `layout-${size.width}-${LANG[locale]}-registration-swift`);
        await page.keyboard.press('Escape');
      }
    }
    expect(problems).toEqual([]);
    expect(page.consoleErrors).toEqual([]);
  });
});

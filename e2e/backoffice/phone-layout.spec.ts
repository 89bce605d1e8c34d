/**
 * Bank staff on a phone (390 px), in English and in Chinese: the back office's menu is behind a
 * "Menu" button and opens in a drawer (named, keyboard-usable, closed by following a link); two
 * screens reached through it, and the registration review drawer, never scroll the page
 * sideways (a table scrolls inside itself); the review drawer takes the phone's width and can be
 * read and closed. Screenshots: `backoffice-phone-<lang>-<which>.png`.
 */
import { describe, expect, it } from 'vitest';
import {
  logInAt,
  seriousAxeViolations,
  settle,
  untranslatedKeys,
  useLocale,
  visibleText,
} from '../content/content-helpers.ts';
import { DEMO, type JourneyPage, mailbox, screenshot, useBrowser } from '../support.ts';

const PHONE = { width: 390, height: 844 };

const TEXT = {
  'en-US': {
    lang: 'en',
    menu: 'Menu',
    menuName: 'Back-office menu',
    close: 'Close menu',
    audit: 'Audit log',
    cooperation: 'Cooperation requests',
    backToPortal: 'Back to the portal',
    logout: 'Log out',
  },
  'zh-CN': {
    lang: 'zh',
    menu: '菜单',
    menuName: '后台菜单',
    close: '关闭菜单',
    audit: '审计日志',
    cooperation: '合作需求管理',
    backToPortal: '返回门户',
    logout: '退出登录',
  },
} as const;

/** How far the page scrolls sideways (0 when it does not). */
function sidewaysScroll(page: JourneyPage): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

describe('[BACKOFFICE][PHONE]: the back office on a phone, in both languages', () => {
  const browser = useBrowser();
  const mail = mailbox();

  it('staff open the menu, reach two screens and review a registration without sideways scrolling', {
    timeout: 300_000,
  }, async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    await logInAt(page, mail, '/backend/registrations', DEMO.staff, DEMO.password);
    await page.setViewportSize(PHONE);
    const problems: string[] = [];
    const noSidewaysScroll = async (where: string) => {
      const overflow = await sidewaysScroll(page);
      if (overflow > 0) problems.push(`${where}: the page scrolls ${overflow} px sideways`);
    };

    for (const locale of ['en-US', 'zh-CN'] as const) {
      const text = TEXT[locale];
      await useLocale(page, locale);
      await page.goto('/backend/registrations?status=all');
      await settle(page);
      await page.locator('.ant-table-row').first().waitFor();
      await noSidewaysScroll(`${locale} registrations`);
      // No menu column squeezed beside the page: the menu is behind the button.
      expect(await page.getByRole('navigation', { name: text.menuName }).count()).toBe(0);
      await screenshot(page, `backoffice-phone-${text.lang}-registrations`);

      // The keyboard opens the menu; the drawer is a named dialog holding the named menu.
      const toggle = page.getByRole('button', { name: text.menu, exact: true });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: text.menuName });
      const nav = drawer.getByRole('navigation', { name: text.menuName });
      await nav.waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await toggle.getAttribute('aria-controls')).toBe(await nav.getAttribute('id'));
      await drawer.getByRole('link', { name: text.backToPortal }).waitFor();
      await drawer.getByRole('button', { name: text.logout }).waitFor();
      await page.waitForTimeout(400); // the opening animation
      await noSidewaysScroll(`${locale} menu`);
      for (const v of await seriousAxeViolations(page, '.ant-drawer')) problems.push(`${locale} menu: ${v}`);
      await screenshot(page, `backoffice-phone-${text.lang}-menu`);

      // Escape closes it and gives the focus back to the button.
      await page.keyboard.press('Escape');
      await nav.waitFor({ state: 'detached' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);

      // First screen: the audit log, followed from the keyboard.
      await page.keyboard.press('Enter');
      await nav.waitFor();
      const audit = nav.getByRole('link', { name: text.audit, exact: true });
      await audit.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/backend/audit');
      await nav.waitFor({ state: 'detached' });
      await page.locator('.audit-event__sentence').first().waitFor();
      await settle(page);
      await noSidewaysScroll(`${locale} audit log`);
      for (const key of untranslatedKeys(await visibleText(page))) problems.push(`${locale} audit log: "${key}"`);
      await screenshot(page, `backoffice-phone-${text.lang}-audit`);

      // Second screen: the cooperation requests, followed by a tap.
      await toggle.click();
      await nav.getByRole('link', { name: text.cooperation, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/backend/cooperation');
      await nav.waitFor({ state: 'detached' });
      await page.locator('.ant-table-row').first().waitFor();
      await settle(page);
      await noSidewaysScroll(`${locale} cooperation requests`);
      await screenshot(page, `backoffice-phone-${text.lang}-cooperation`);

      // The registration review drawer takes the phone's width, reads and closes.
      await page.goto('/backend/registrations?status=all');
      await settle(page);
      await page.locator('.ant-table-row').first().getByRole('button').first().click();
      const review = page.locator('.ant-drawer:visible');
      await review.locator('[data-testid="registration-detail"]').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(400);
      await noSidewaysScroll(`${locale} review drawer`);
      const box = await review.locator('.ant-drawer-section, .ant-drawer-content').first().boundingBox();
      if (!box || box.x > 1 || Math.abs(box.width - PHONE.width) > 1)
        problems.push(`${locale} review drawer: not the phone's width (${JSON.stringify(box)})`);
      const close = review.locator('.ant-drawer-close');
      const closeBox = await close.boundingBox();
      if (!closeBox || closeBox.x < 0 || closeBox.x + closeBox.width > PHONE.width)
        problems.push(`${locale} review drawer: its close button is off the screen`);
      for (const v of await seriousAxeViolations(page, '.ant-drawer')) problems.push(`${locale} review drawer: ${v}`);
      for (const key of untranslatedKeys(await visibleText(page))) problems.push(`${locale} review drawer: "${key}"`);
      await screenshot(page, `backoffice-phone-${text.lang}-review`);
      await close.click();
      await review.waitFor({ state: 'hidden' });
    }

    expect(problems).toEqual([]);
    expect(page.consoleErrors).toEqual([]);
  });
});

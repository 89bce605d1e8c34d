import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support.ts';
import { allStylesHaveNonce, cspViolations, menuLabels } from './shell-helpers.ts';

describe('[SHELL][LANDING]: a visitor opens the portal', () => {
  const browser = useBrowser();

  it('lands on /home from the root, in English, with the menu, footer and page title', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.waitForURL('**/home');
    await page.getByRole('heading', { level: 1 }).waitFor();

    expect(await page.title()).toBe('Home | Interbank Cooperation Portal');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(await menuLabels(page, 'Main navigation')).toEqual([
      'Home',
      'About the Bank',
      'International Business',
      'Compliance Materials',
      'Products and Services',
      'Market Trends',
      'Trends',
      'Research Reports',
      'Business Opportunities',
    ]);
    expect(await page.getByRole('link', { name: 'Home', exact: true }).first().getAttribute('aria-current')).toBe(
      'page',
    );

    const footer = page.getByRole('contentinfo');
    await footer.getByText('0086-95533').waitFor();
    expect(await footer.getByRole('link', { name: 'User Agreement' }).getAttribute('href')).toBe('/agreement/0');
    expect(
      await footer.getByRole('link', { name: 'Personal Information Protection Policy' }).getAttribute('href'),
    ).toBe('/agreement/1');
    const afcaEn = await footer
      .getByRole('link', { name: /Asian Financial Cooperation Association/ })
      .getAttribute('href');
    expect(afcaEn).toBeTruthy();

    await screenshot(page, 'shell-home-en');
    expect(await allStylesHaveNonce(page)).toBe(true);
    expect(cspViolations(page)).toEqual([]);
    expect(page.consoleErrors).toEqual([]);
  });

  it('keeps the query string of an e-mail link through the root redirect', async () => {
    const page = await browser.newPage();
    await page.goto('/?emailAdr=a%40b.example&lgcSn=42');
    await page.waitForURL('**/home?emailAdr=a%40b.example&lgcSn=42');
    expect(page.consoleErrors).toEqual([]);
  });

  it('shows the Business Opportunities tooltip, with its text, on hover and on keyboard focus, in English and Chinese', async () => {
    const page = await browser.newPage();
    await page.goto('/home');
    const languages = [
      {
        nav: 'Main navigation',
        link: 'Business Opportunities',
        tip: 'Click to view or publish cooperation intentions',
      },
      { nav: '主导航', link: '合作商机', tip: '点击查看或发布合作意向', switchTo: '中文' },
    ];
    for (const lang of languages) {
      if (lang.switchTo) {
        await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: lang.switchTo }).click();
      }
      const link = page.getByRole('navigation', { name: lang.nav }).getByRole('link', { name: lang.link });
      const tooltip = page.getByRole('tooltip');
      await link.hover();
      await tooltip.waitFor({ state: 'visible' });
      expect(await tooltip.textContent()).toBe(lang.tip);
      await page.mouse.move(0, 0);
      await tooltip.waitFor({ state: 'hidden' });
      await link.focus();
      await tooltip.waitFor({ state: 'visible' });
      expect(await tooltip.textContent()).toBe(lang.tip);
      // Screen readers hear it too: the link is described by the tooltip.
      expect(await link.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
      await page.keyboard.press('Escape');
      await tooltip.waitFor({ state: 'hidden' });
    }
  });

  it('starts keyboard users at a skip link to the main content', async () => {
    const page = await browser.newPage();
    await page.goto('/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it('opens a submenu with the keyboard and closes it with Escape', async () => {
    const page = await browser.newPage();
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const toggle = nav.getByRole('button', { name: 'Show the Market Trends submenu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Research Reports' }).waitFor({ state: 'visible' });
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Trends');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Research Reports');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

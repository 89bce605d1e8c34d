import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support.ts';
import { cspViolations, menuLabels } from './shell-helpers.ts';

describe('[SHELL][LANGUAGE]: a visitor switches between English and Chinese', () => {
  const browser = useBrowser();

  it('switches menu, footer and page title to Chinese and keeps the choice across a reload', async () => {
    const page = await browser.newPage();
    await page.goto('/home');
    const footer = page.getByRole('contentinfo');
    await footer.getByText('0086-95533').waitFor();
    const afcaEn = await footer
      .getByRole('link', { name: /Asian Financial Cooperation Association/ })
      .getAttribute('href');

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).click();

    await page.getByRole('navigation', { name: '主导航' }).waitFor();
    expect(await menuLabels(page, '主导航')).toEqual([
      '首页',
      '了解我行',
      '国际业务',
      '合规资料',
      '产品与服务',
      '市场动态',
      '最新动态',
      '研究报告',
      '合作商机',
    ]);
    expect(await page.title()).toMatch(/^首页 \| /);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await footer.getByRole('heading', { name: '联系我们' }).isVisible()).toBe(true);
    expect(await footer.getByRole('link', { name: '用户协议' }).isVisible()).toBe(true);
    const afcaZh = await footer.getByRole('link', { name: /亚洲金融合作协会/ }).getAttribute('href');
    expect(afcaZh).toBeTruthy();
    expect(afcaZh).not.toBe(afcaEn);
    expect(await page.evaluate(() => window.localStorage.getItem('locale'))).toBe('zh-CN');
    await screenshot(page, 'shell-home-zh');

    await page.reload();
    await page.getByRole('navigation', { name: '主导航' }).waitFor();
    expect(await page.title()).toMatch(/^首页 \| /);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');

    await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await page.title()).toBe('Home | Interbank Cooperation Portal');
    expect(await page.evaluate(() => window.localStorage.getItem('locale'))).toBe('en-US');

    expect(cspViolations(page)).toEqual([]);
    expect(page.consoleErrors).toEqual([]);
  });

  it('opens in Chinese when Chinese was chosen before', async () => {
    const page = await browser.newPage({ locale: 'zh-CN' });
    await page.goto('/home');
    await page.getByRole('navigation', { name: '主导航' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('金融同业');
    expect(await page.title()).toMatch(/^首页 \| /);
    expect(page.consoleErrors).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support.ts';
import { cspViolations } from './shell-helpers.ts';

describe('[SHELL][NOT_FOUND]: a visitor follows a broken or forbidden link', () => {
  const browser = useBrowser();

  it('shows the 404 page for an unknown path, in both languages', async () => {
    const page = await browser.newPage();
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByRole('heading', { level: 1, name: 'We cannot find this page' }).waitFor();
    expect(await page.title()).toBe('Page not found | Interbank Cooperation Portal');
    await screenshot(page, 'shell-404-en');

    await page.getByRole('button', { name: '中文' }).click();
    await page.getByRole('heading', { level: 1, name: '抱歉，您访问的页面不存在' }).waitFor();
    expect(await page.title()).toMatch(/^页面不存在 \| /);

    await page.getByRole('link', { name: '返回首页' }).click();
    await page.waitForURL('**/home');
    expect(cspViolations(page)).toEqual([]);
    expect(page.consoleErrors).toEqual([]);
  });

  it('does not trap the Back button on the redirect to /404', async () => {
    const page = await browser.newPage();
    await page.goto('/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto('/definitely-missing');
    await page.waitForURL('**/404');
    await page.goBack();
    await page.waitForURL('**/home');
    expect(page.consoleErrors).toEqual([]);
  });

  it('has a 403 page', async () => {
    const page = await browser.newPage({ locale: 'zh-CN' });
    await page.goto('/403');
    await page.getByRole('heading', { level: 1, name: '您暂无权限访问此页面' }).waitFor();
    expect(await page.title()).toMatch(/^无权访问 \| /);
    expect(page.consoleErrors).toEqual([]);
  });

  it('reports a page that fails to load with a toast and offers a reload', async () => {
    const page = await browser.newPage();
    await page.route('**/assets/NotFoundPage-*.js', (route) => route.abort());
    await page.goto('/missing-again');
    await page.waitForURL('**/404');
    await page.getByRole('heading', { level: 1, name: 'Part of the page failed to load' }).waitFor();
    await page
      .locator('.ant-message-notice')
      .getByText('Part of the page failed to load. Please refresh the page.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Reload page' }).isVisible()).toBe(true);
    expect(cspViolations(page)).toEqual([]);
  });
});

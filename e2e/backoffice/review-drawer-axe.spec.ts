/**
 * Bank staff open the registration review drawer and the seal review drawer in both languages:
 * axe-core finds no serious or critical violation (the scrolling body is a focusable, named
 * region), the body scrolls from the keyboard, and no raw id is shown as a "Reference". Also the
 * audit log reads as sentences and an export downloads a CSV of the list. Screenshots:
 * `backoffice-drawer-<lang>-<which>.png`, `backoffice-audit-<lang>.png`.
 */
import { readFile } from 'node:fs/promises';
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

const LANG = { 'en-US': 'en', 'zh-CN': 'zh' } as const;

/** Opens the first row's drawer on a back-office list and waits for its content. */
async function openFirst(page: JourneyPage, path: string, content: string) {
  await page.goto(path);
  await settle(page);
  await page.locator('.ant-table-row').first().getByRole('button').first().click();
  await page.locator(content).waitFor({ timeout: 20_000 });
  await settle(page);
}

/** The drawer's scrolling region: focusable, named, and scrolled by the keyboard. */
async function checkScrollRegion(page: JourneyPage): Promise<string[]> {
  const problems: string[] = [];
  const region = page.locator('.ant-drawer .drawer-scroll');
  if ((await region.getAttribute('tabindex')) !== '0') problems.push('scroll region not focusable');
  if (!(await region.getAttribute('aria-label'))) problems.push('scroll region has no name');
  await region.focus();
  const scrollable = await region.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  if (!scrollable) return problems;
  await page.keyboard.press('PageDown');
  // Smooth scrolling takes a moment on a busy machine: wait until the region has moved.
  const moved = await page
    .waitForFunction((el) => (el as HTMLElement).scrollTop > 0, await region.elementHandle(), { timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (!moved) problems.push('PageDown did not scroll the drawer body');
  return problems;
}

describe('[BACKOFFICE][DRAWER_AXE]: review drawers, audit log and exports for bank staff', () => {
  const browser = useBrowser();
  const mail = mailbox();
  let staff: JourneyPage | undefined;

  /** Bank staff, logged in once for both tests. */
  async function staffPage(): Promise<JourneyPage> {
    if (!staff) {
      staff = await browser.newPage({ locale: 'en-US' });
      await logInAt(staff, mail, '/backend/registrations', DEMO.staff, DEMO.password);
    }
    return staff;
  }

  it('the review drawers have no serious or critical axe violation, in both languages', {
    timeout: 300_000,
  }, async () => {
    const page = await staffPage();
    const problems: string[] = [];
    for (const locale of ['en-US', 'zh-CN'] as const) {
      await useLocale(page, locale);

      await openFirst(page, '/backend/registrations?status=all', '[data-testid="registration-detail"]');
      await screenshot(page, `backoffice-drawer-${LANG[locale]}-registration`);
      for (const v of await seriousAxeViolations(page, '.ant-drawer')) problems.push(`${locale} registration: ${v}`);
      for (const p of await checkScrollRegion(page)) problems.push(`${locale} registration: ${p}`);
      const drawerText = (await page.locator('.ant-drawer').textContent()) ?? '';
      if (/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/.test(drawerText))
        problems.push(`${locale} registration: raw id shown`);
      for (const key of untranslatedKeys(await visibleText(page))) problems.push(`${locale} registration: "${key}"`);
      await page.keyboard.press('Escape');

      await openFirst(page, '/backend/seals?state=all', '[data-testid="seal-review"]');
      await screenshot(page, `backoffice-drawer-${LANG[locale]}-seal`);
      for (const v of await seriousAxeViolations(page, '.ant-drawer')) problems.push(`${locale} seal: ${v}`);
      for (const p of await checkScrollRegion(page)) problems.push(`${locale} seal: ${p}`);
      for (const key of untranslatedKeys(await visibleText(page))) problems.push(`${locale} seal: "${key}"`);
      await page.keyboard.press('Escape');
    }
    expect(problems).toEqual([]);
    expect(page.consoleErrors).toEqual([]);
  });

  it('the audit log reads as sentences and the review queue exports a CSV, in both languages', {
    timeout: 300_000,
  }, async () => {
    const page = await staffPage();
    for (const locale of ['en-US', 'zh-CN'] as const) {
      await useLocale(page, locale);
      await page.goto('/backend/audit');
      await settle(page);
      await page.locator('.audit-event__sentence').first().waitFor();
      await screenshot(page, `backoffice-audit-${LANG[locale]}`);
      const text = (await page.locator('.ant-table').textContent()) ?? '';
      expect(text).not.toMatch(/note: null|subTypeCode|auth\.login\b/);
      expect(text).toMatch(locale === 'en-US' ? /Logged in/ : /登录门户/);
      expect(await seriousAxeViolations(page, 'main')).toEqual([]);

      await page.goto('/backend/registrations?status=all');
      await settle(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: locale === 'en-US' ? 'Export' : '导出' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^registrations-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const header = bytes.toString('utf8').slice(1).split('\r\n')[0];
      expect(header).toBe(
        locale === 'en-US'
          ? 'Submitted (UTC),Applicant,E-mail,Institution,SWIFT code,Country/region,Review status'
          : '提交时间（UTC）,申请人,电子邮箱,机构,SWIFT 代码,国家/地区,审核状态',
      );
      await screenshot(page, `backoffice-export-${LANG[locale]}`);
    }
    expect(page.consoleErrors).toEqual([]);
  });
});

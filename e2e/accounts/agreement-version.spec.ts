/**
 * A new version of the agreements reaches every account (issue 26, SPEC §2 and §4): Kevin Lau
 * (English) and Ingrid Berg (Chinese) are logged in; staff publish a new version from
 * /backend/agreementVersions, after the confirmation; at each partner's next page load the
 * agreement dialog opens with the new version, and "Agree" stays disabled until the box is
 * ticked; once agreed, the dialog is gone and stays gone after another load.
 *
 * Every account must accept the new version, the demo staff's included: the e2e sequencer runs
 * this journey after all the others (e2e/vitest.config.ts).
 */
import { describe, expect, it } from 'vitest';
import { settle, logInAt as staffLogInAt } from '../content/content-helpers.ts';
import { enterDate, logInAt, named } from '../cooperation/cooperation-helpers.ts';
import { DEMO, type JourneyPage, LOGIN_TEXT, mailbox, screenshot, useBrowser } from '../support.ts';

type Locale = 'en-US' | 'zh-CN';

/** The agreement dialog's texts (packages/shared/src/i18n/<locale>/accounts.json, "agreement"). */
const DIALOG = {
  'en-US': {
    title: 'User Agreement and Personal Information Protection Policy',
    tick: 'I have read and agree to the User Agreement and the Personal Information Protection Policy',
    agree: 'Agree',
    version: (version: string, date: string) => `Version ${version}, effective from ${date}`,
  },
  'zh-CN': {
    title: '用户协议及个人信息保护政策',
    tick: '我已阅读并同意《用户协议》和《个人信息保护政策》',
    agree: '同意',
    version: (version: string, date: string) => `${version}版，自${date}起生效`,
  },
} as const;

const PAGE = '/userCenter/userInfo';
const today = () => new Date().toISOString().slice(0, 10);

const agreementDialog = (page: JourneyPage, locale: Locale) =>
  page.getByRole('dialog').filter({ has: page.getByText(DIALOG[locale].title, { exact: true }) });

/** Opens the page again (a new page load) and waits until it has loaded. */
async function reload(page: JourneyPage) {
  await page.reload();
  await settle(page);
}

describe('[ACCOUNTS][AGREEMENT_VERSION]: a new agreement version is put to every logged-in account', () => {
  const browser = useBrowser();
  const mail = mailbox();

  it('staff publish a version; at the next page load each partner, in English and in Chinese, is asked to agree', {
    timeout: 300_000,
  }, async () => {
    const partners = {
      'en-US': { page: await browser.newPage({ locale: 'en-US' }), email: DEMO.partnerA },
      'zh-CN': { page: await browser.newPage({ locale: 'zh-CN' }), email: DEMO.partnerB },
    } as const;
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const { page, email } = partners[locale];
      await logInAt(page, mail, LOGIN_TEXT[locale], { email, password: DEMO.password }, PAGE);
      await settle(page);
      expect(await agreementDialog(page, locale).count()).toBe(0);
    }

    const staff = await browser.newPage({ locale: 'en-US' });
    await staffLogInAt(staff, mail, '/backend/agreementVersions', DEMO.staff, DEMO.password);
    const version = `E2E-${Date.now().toString(36)}`;
    await staff.getByLabel(named('New version')).fill(version);
    await enterDate(staff, 'Effective from', today());
    await staff.getByRole('button', { name: 'Publish', exact: true }).click();
    // The confirmation says what publishing does before anything is sent.
    const confirm = staff.locator('.ant-popconfirm').filter({ hasText: `Publish version ${version}?` });
    await confirm.waitFor();
    const published = staff.waitForResponse((r) => r.url().endsWith('/api/backend/agreements/publish'));
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await published).status()).toBe(200);
    await staff.getByText(`Version ${version}, effective from ${today()}`).first().waitFor();

    for (const locale of ['en-US', 'zh-CN'] as const) {
      const { page } = partners[locale];
      const text = DIALOG[locale];
      await reload(page);
      const dialog = agreementDialog(page, locale);
      await dialog.waitFor();
      await dialog.getByText(text.version(version, today()), { exact: true }).waitFor();
      await screenshot(page, `agreement-version-dialog-${locale}`);
      const agree = dialog.getByRole('button', { name: text.agree, exact: true });
      expect(await agree.isDisabled()).toBe(true);
      await dialog.getByRole('checkbox', { name: text.tick }).check();
      const accepted = page.waitForResponse((r) => /\/agree/.test(new URL(r.url()).pathname));
      await agree.click();
      expect((await accepted).status()).toBe(200);
      await dialog.waitFor({ state: 'hidden' });
      // Accepted once: the next load does not ask again, and the page is the one the user was on.
      await reload(page);
      expect(await agreementDialog(page, locale).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(PAGE);
      expect(page.consoleErrors).toEqual([]);
    }
  });
});

/**
 * The banner jump (SPEC §2, §3, §7 /qtn/checkEmail): on the home page the banner with jump flag
 * '1' asks for a work e-mail in a dialog, validated on blur; a valid address opens the
 * questionnaire in a new window with the encrypted parameter string in its address.
 */
import { describe, expect, it } from 'vitest';
import { type JourneyPage, screenshot, useBrowser } from '../support.ts';

/** The questionnaire link of the demo content (apps/server/src/db/seed/demo-content.ts). */
const QUESTIONNAIRE_LINK = 'https://survey.bank.example/s/partner-2026';
const WORK_EMAIL = 'li.wei@harbourview.example';

const TEXT = {
  'en-US': {
    banner: /^Tell us what you need: the 2026 partner institution survey/,
    goTo: 'Show slide 2 of 6',
    pause: 'Pause the slideshow',
    title: 'Confirm your work e-mail',
    field: 'Work e-mail',
    required: /is required\.$/,
    invalid: /is not a valid e-mail address\.$/,
    submit: 'Continue',
  },
  'zh-CN': {
    banner: /^说出您的需求：2026年合作机构问卷调查/,
    goTo: '显示第 2 张，共 6 张',
    pause: '暂停轮播',
    title: '确认工作邮箱',
    field: '工作邮箱',
    required: /./,
    invalid: /./,
    submit: '继续',
  },
} as const;

/** Opens the survey dialog from the jumping banner (the second slide, shown by its dot). */
async function openSurveyDialog(page: JourneyPage, text: (typeof TEXT)[keyof typeof TEXT]) {
  await page.goto('/home');
  const carousel = page.locator('section.banner');
  await carousel.getByRole('button', { name: text.pause }).click();
  await carousel.getByRole('button', { name: text.goTo }).click();
  await carousel.getByRole('button', { name: text.banner }).click();
  const dialog = page.getByRole('dialog', { name: text.title });
  await dialog.waitFor();
  return dialog;
}

describe('[CONTENT][BANNER_JUMP]: the questionnaire banner asks for a work e-mail and opens the survey', () => {
  const browser = useBrowser();

  it('validates the e-mail on blur, then opens the questionnaire with the encrypted parameter', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    const text = TEXT['en-US'];
    // The questionnaire is an outside site; the new window gets a stand-in page from it.
    await page.context().route(`${QUESTIONNAIRE_LINK}**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Survey</title><p>Survey</p>',
      }),
    );
    const dialog = await openSurveyDialog(page, text);
    // 420 px wide once its opening animation has ended.
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(420);

    const field = dialog.getByRole('textbox', { name: text.field });
    const error = dialog.locator('.ant-form-item-explain-error');
    // Empty, then left: the required message.
    await field.focus();
    await field.blur();
    await error.filter({ hasText: text.required }).waitFor();
    // An invalid address, then left: the format message.
    await field.fill('not-an-address');
    await field.blur();
    await error.filter({ hasText: text.invalid }).waitFor();
    await screenshot(page, 'content-banner-jump-invalid-en');

    await field.fill(WORK_EMAIL);
    await field.blur();
    await expect.poll(() => error.count()).toBe(0);
    const checked = page.waitForResponse((r) => r.url().includes('/api/qtn/checkEmail'));
    const popup = page.context().waitForEvent('page');
    await dialog.getByRole('button', { name: text.submit }).click();
    expect((await checked).status()).toBe(200);
    const survey = await popup;
    await survey.waitForURL((url) => url.href.startsWith(QUESTIONNAIRE_LINK));
    const url = new URL(survey.url());
    expect(`${url.origin}${url.pathname}`).toBe(QUESTIONNAIRE_LINK);
    const param = url.searchParams.get('param') ?? '';
    // base64url(iv 12 ‖ ciphertext ‖ tag 16): longer than the tag and iv, not the address itself.
    expect(param).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(survey.url()).not.toContain(WORK_EMAIL);
    expect(survey.url()).not.toContain(encodeURIComponent(WORK_EMAIL));
    expect(Buffer.from(param, 'base64url').toString('latin1')).not.toContain(WORK_EMAIL);
    // The dialog closes once the questionnaire has opened.
    await dialog.waitFor({ state: 'hidden' });
    await survey.close();
    expect(page.consoleErrors).toEqual([]);
  });

  it('shows the dialog and its validation in Chinese', async () => {
    const page = await browser.newPage({ locale: 'zh-CN' });
    const text = TEXT['zh-CN'];
    const dialog = await openSurveyDialog(page, text);
    const field = dialog.getByRole('textbox', { name: text.field });
    await field.focus();
    await field.blur();
    const message = dialog.locator('.ant-form-item-explain-error');
    await message.waitFor();
    expect(await message.textContent()).toMatch(/[\u4e00-\u9fff]/);
    await screenshot(page, 'content-banner-jump-required-zh');
    expect(page.consoleErrors).toEqual([]);
  });
});

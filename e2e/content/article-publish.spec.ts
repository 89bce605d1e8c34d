/**
 * Bank staff keep the portal current without a developer (issue "Public portal content"): staff
 * write a bilingual market-trend article with a cover image in the back office, save it as a
 * draft and publish it; a partner user (market trends need a log-in, SPEC §2) then finds it in
 * the list and reads it, in English and in Chinese. A `<script>` and an `onerror=` written into
 * the body never reach the page.
 */
import { describe, expect, it } from 'vitest';
import { type JourneyPage, screenshot, useBrowser } from '../support.ts';
import {
  drawnPng,
  named,
  publishFromList,
  publishThenRead,
  saveDraft,
  settle,
  startMarketTrend,
} from './content-helpers.ts';

const stamp = Date.now().toString(36);
const ARTICLE = {
  title: { en: `Offshore RMB liquidity, week ${stamp}`, zh: `离岸人民币流动性周报 ${stamp}` },
  summary: {
    en: 'CNH funding costs eased as the quarter closed; what it means for trade-finance pricing.',
    zh: '季末离岸人民币资金成本回落，对贸易融资定价的影响。',
  },
  body: {
    en: '<h2>Funding costs eased</h2><p>Overnight CNH HIBOR fell by 40 basis points over the week.</p><script>window.__injected = "script"</script><p><img src="x" onerror="window.__injected = \'onerror\'">Pricing of forfaiting followed.</p>',
    zh: '<h2>资金成本回落</h2><p>本周隔夜离岸人民币香港银行同业拆息下降40个基点。</p><script>window.__injected = "script"</script><p><img src="x" onerror="window.__injected = \'onerror\'">福费廷报价随之下调。</p>',
  },
};

/**
 * The cover image: a 640×360 PNG drawn here (the portal's blue with a rising bar chart in gold),
 * so the journey needs no binary fixture.
 */
function coverPng(width = 640, height = 360): Buffer {
  return drawnPng(width, height, (x, y) => {
    const bar = Math.floor((x - 360) / 48);
    const inBar = x >= 360 && x < 600 && (x - 360) % 48 < 32 && y > height - 60 - bar * 50;
    return inBar ? [201, 161, 74] : [10, 61 + Math.round((y / height) * 40), 145];
  });
}
const COVER_PNG = coverPng();

async function writeAndPublish(staff: JourneyPage) {
  const editor = await startMarketTrend(staff, ARTICLE);
  await editor.getByRole('textbox', { name: named('Source (English)') }).fill('Financial Markets Department');
  await editor.getByRole('textbox', { name: named('Source (Chinese)') }).fill('金融市场部');

  const uploaded = staff.waitForResponse((r) => r.url().includes('/api/fileP1/upload'));
  const chooser = staff.waitForEvent('filechooser');
  await editor.getByRole('button', { name: 'Upload: Cover image' }).click();
  await (await chooser).setFiles({ name: 'cnh-liquidity.png', mimeType: 'image/png', buffer: COVER_PNG });
  expect((await uploaded).status()).toBe(200);
  await editor.getByRole('button', { name: 'Replace: Cover image' }).waitFor();

  // The bodies as HTML, through the editor's source view.
  for (const [field, body] of [
    ['Body (English)', ARTICLE.body.en],
    ['Body (Chinese)', ARTICLE.body.zh],
  ] as const) {
    await editor
      .getByRole('toolbar', { name: `Formatting of ${field}` })
      .getByRole('button', { name: 'Edit the HTML source' })
      .click();
    await editor.getByRole('textbox', { name: `HTML source of ${field}` }).fill(body);
  }
  await screenshot(staff, 'content-article-editor-en');

  await saveDraft(staff, editor, ARTICLE.title.en);
  const row = await publishFromList(staff, ARTICLE.title.en);
  await row.getByRole('button', { name: `Withdraw ${ARTICLE.title.en}` }).waitFor();
  await screenshot(staff, 'content-article-published-en');
}

/** The partner finds the article in the market-trend list and opens it. */
async function readArticle(page: JourneyPage, language: 'en' | 'zh') {
  await page.goto('/policyInformation');
  const link = page.getByRole('link', { name: ARTICLE.title[language], exact: true });
  await link.waitFor();
  const item = page.locator('.content-list__item').filter({ has: link });
  await item.getByText(ARTICLE.summary[language]).waitFor();
  // The cover is served and is the uploaded image.
  await expect.poll(() => item.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await screenshot(page, `content-article-list-${language}`);

  await link.click();
  await page.waitForURL(/\/policyInformation\/interpretation\//);
  await page.getByRole('heading', { level: 1, name: ARTICLE.title[language] }).waitFor();
  const article = page.locator('article.content-article');
  await article
    .getByRole('heading', { level: 2, name: language === 'en' ? 'Funding costs eased' : '资金成本回落' })
    .waitFor();
  await article.getByText(language === 'en' ? /Pricing of forfaiting followed/ : /福费廷报价随之下调/).waitFor();
  await settle(page);
  // The sanitiser removed the script and the event handler, on save and on render.
  const html = await article.innerHTML();
  expect(html).not.toMatch(/<script|onerror|__injected/i);
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
  await screenshot(page, `content-article-detail-${language}`);
}

describe('[CONTENT][ARTICLE_PUBLISH]: staff publish a bilingual article, a partner reads it in both languages', () => {
  const browser = useBrowser();

  it('creates the article with a cover in the back office, publishes it, and shows it in English and Chinese', {
    timeout: 240_000,
  }, async () => {
    const { staff, partner } = await publishThenRead(browser, writeAndPublish, readArticle);

    // The editor cleans the hostile source before any parser sees it: not even a CSP report.
    expect(await staff.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
    expect(staff.consoleErrors).toEqual([]);
    expect(partner.consoleErrors).toEqual([]);
  });
});

/**
 * Bank staff keep the portal current without a developer (issue "Public portal content"): staff
 * write a bilingual market-trend article with a cover image in the back office, save it as a
 * draft and publish it; a partner user (market trends need a log-in, SPEC §2) then finds it in
 * the list and reads it, in English and in Chinese. A `<script>` and an `onerror=` written into
 * the body never reach the page.
 */
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO, type JourneyPage, mailbox, screenshot, useBrowser } from '../support.ts';
import { logInAt, settle, useLocale } from './content-helpers.ts';

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
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const bar = Math.floor((x - 360) / 48);
      const inBar = x >= 360 && x < 600 && (x - 360) % 48 < 32 && y > height - 60 - bar * 50;
      const [r, g, b] = inBar ? [201, 161, 74] : [10, 61 + Math.round((y / height) * 40), 145];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const COVER_PNG = coverPng();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const named = (label: string) => new RegExp(`^(\\*\\s*)?${escapeRegExp(label)}$`);

async function writeAndPublish(staff: JourneyPage) {
  await staff.getByRole('heading', { level: 1, name: 'Market trends and policy' }).waitFor();
  await staff.getByRole('button', { name: 'New', exact: true }).click();
  const editor = staff.locator('.ant-drawer:visible');
  await editor.getByText('New entry', { exact: true }).waitFor();

  const category = editor.getByRole('combobox', { name: named('Category') });
  await category.click();
  await staff
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Financial Markets' })
    .click();
  await editor.getByRole('textbox', { name: named('Title (English)') }).fill(ARTICLE.title.en);
  await editor.getByRole('textbox', { name: named('Title (Chinese)') }).fill(ARTICLE.title.zh);
  await editor.getByRole('textbox', { name: named('Summary (English)') }).fill(ARTICLE.summary.en);
  await editor.getByRole('textbox', { name: named('Summary (Chinese)') }).fill(ARTICLE.summary.zh);
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

  const saved = staff.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/backend/content/articles'),
  );
  await editor.getByRole('button', { name: 'Save as draft' }).click();
  expect((await saved).status()).toBe(200);
  await staff.getByText(`“${ARTICLE.title.en}” is saved as a draft.`, { exact: false }).first().waitFor();
  await editor.waitFor({ state: 'hidden' }).catch(() => staff.keyboard.press('Escape'));

  const row = staff.getByRole('row').filter({ hasText: ARTICLE.title.en });
  await row.getByRole('button', { name: `Publish ${ARTICLE.title.en}` }).click();
  const confirm = staff.locator('.ant-popover:visible');
  await confirm.getByText(`Publish “${ARTICLE.title.en}”?`).waitFor();
  await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
  await staff.getByText(`“${ARTICLE.title.en}” is published.`).first().waitFor();
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
    const mail = mailbox();
    const staff = await browser.newPage({ locale: 'en-US' });
    await logInAt(staff, mail, '/backend/content/articles', DEMO.staff, DEMO.password);
    await writeAndPublish(staff);

    const partner = await browser.newPage({ locale: 'en-US' });
    await logInAt(partner, mail, '/policyInformation', DEMO.partnerA, DEMO.password);
    await readArticle(partner, 'en');
    await useLocale(partner, 'zh-CN');
    await readArticle(partner, 'zh');

    // The editor cleans the hostile source before any parser sees it: not even a CSP report.
    expect(await staff.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
    expect(staff.consoleErrors).toEqual([]);
    expect(partner.consoleErrors).toEqual([]);
  });
});

/**
 * Content staff write with a real editor (issue 16): a market-trend article whose body, in
 * English and in Chinese, gets a heading, a bulleted list, a link (an unsafe address refused
 * first), a table and an uploaded image through the editor's toolbar, and a hostile
 * `<img onerror>` and `<script>` through its HTML source view. Staff publish it; a partner reads
 * it in both languages: everything rendered, nothing executable, and no console error anywhere
 * (the editor cleans the typed source before any parser sees it, so not even a CSP report). The
 * visits report's chart is drawn by the chart library. Screenshots at 1366 and 390 px, both
 * languages.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type JourneyPage, screenshot, useBrowser } from '../support.ts';
import {
  drawnPng,
  escapeRegExp,
  publishFromList,
  publishThenRead,
  saveDraft,
  settle,
  startMarketTrend,
  useLocale,
} from './content-helpers.ts';

const stamp = Date.now().toString(36);
const TITLE = { en: `Interbank rates, week ${stamp}`, zh: `同业拆借利率周报 ${stamp}` };
const TEXT = {
  en: {
    heading: 'Rates eased',
    paragraph: 'Overnight funding fell over the week.',
    items: ['Overnight: 1.82%', 'One week: 1.95%'],
    link: 'Annual report',
    cells: ['Tenor', 'Rate', '1M', '2.10%'],
    alt: 'Rate chart',
  },
  zh: {
    heading: '利率回落',
    paragraph: '本周隔夜资金成本下降。',
    items: ['隔夜：1.82%', '一周：1.95%'],
    link: '年度报告',
    cells: ['期限', '利率', '1个月', '2.10%'],
    alt: '利率走势图',
  },
} as const;
const LINK = 'https://www.example.org/annual-report';
const HOSTILE = '<img src="x" onerror="window.__injected = \'onerror\'"><script>window.__injected = "script"</script>';

/** A 320×180 PNG drawn here (blue with gold bars), so the journey needs no binary fixture. */
function chartPng(width = 320, height = 180): Buffer {
  return drawnPng(width, height, (x, y) =>
    x % 40 < 26 && y > height - 30 - Math.floor(x / 40) * 18 ? [201, 161, 74] : [10, 61, 145],
  );
}

/** Writes one language's body with the toolbar, then adds hostile markup through the source view. */
async function writeBody(staff: JourneyPage, drawer: Locator, language: 'en' | 'zh') {
  const field = language === 'en' ? 'Body (English)' : 'Body (Chinese)';
  const text = TEXT[language];
  const toolbar = drawer.getByRole('toolbar', { name: `Formatting of ${field}` });
  const box = drawer.getByRole('textbox', { name: field, exact: true });
  const tool = (name: string) => toolbar.getByRole('button', { name, exact: true });
  const keyboard = staff.keyboard;

  await box.click();
  await keyboard.type(text.heading);
  await tool('Heading (Ctrl+Alt+2)').click();
  await keyboard.press('End');
  await keyboard.press('Enter');
  await keyboard.type(text.paragraph);
  await keyboard.press('Enter');
  await tool('Bulleted list (Ctrl+Shift+8)').click();
  await keyboard.type(text.items[0]);
  await keyboard.press('Enter');
  await keyboard.type(text.items[1]);
  await keyboard.press('Enter');
  await keyboard.press('Enter'); // an empty item ends the list

  // A link by Ctrl+K: its address (a script address is refused with the rule) and its text.
  await keyboard.press('Control+k');
  const linkDialog = staff.getByRole('dialog', { name: 'Insert a link' });
  const address = linkDialog.getByRole('textbox', { name: /Address of the link/ });
  await address.fill('javascript:alert(1)');
  await address.press('Enter');
  await linkDialog
    .getByRole('alert')
    .filter({ hasText: 'Enter an address starting with https:// or http://, or a page of the portal' })
    .waitFor();
  await address.fill(LINK);
  await linkDialog.getByRole('textbox', { name: /Text of the link/ }).fill(text.link);
  await linkDialog.getByRole('button', { name: 'Insert link' }).click();
  await linkDialog.waitFor({ state: 'hidden' });
  await box.locator(`a[href="${LINK}"]`).filter({ hasText: text.link }).waitFor();
  await keyboard.press('End');
  await keyboard.press('Enter');

  // A table (3×3, header row) filled cell by cell with Tab; from its last cell, its last column
  // and last row go again: a 2×2 table with a header row stays.
  await tool('Insert a table').click();
  // The table is in (its first cell holds the cursor) before anything is typed: a key pressed
  // while the command still runs went to the paragraph before it (CI: "enor" for "Tenor").
  await box.locator('table th').first().waitFor();
  const [tenor, rate, month, value] = text.cells;
  for (const [index, cell] of [tenor, rate, '-', month, value, '-', '-', '-', '-'].entries()) {
    if (index > 0) await keyboard.press('Tab');
    await keyboard.type(cell);
  }
  await tool('Delete this column').click();
  await tool('Delete this row').click();
  expect(await box.locator('table tr').count()).toBe(2);
  expect(await box.locator('table th').allTextContents()).toEqual([tenor, rate]);
  expect(await box.locator('table td').allTextContents()).toEqual([month, value]);

  // An image uploaded from the editor, with its description, at the end.
  await keyboard.press('Control+End');
  await tool('Insert an image').click();
  const imageDialog = staff.getByRole('dialog', { name: 'Insert an image' });
  const uploaded = staff.waitForResponse((r) => r.url().includes('/api/fileP1/upload'));
  const chooser = staff.waitForEvent('filechooser');
  await imageDialog.getByRole('button', { name: 'Upload an image (JPG or PNG, up to 10 MB)' }).click();
  await (await chooser).setFiles({ name: 'rates.png', mimeType: 'image/png', buffer: chartPng() });
  expect((await uploaded).status()).toBe(200);
  const imageAddress = imageDialog.getByRole('textbox', { name: /Address of the image/ });
  await expect.poll(() => imageAddress.inputValue()).toMatch(/^\/api\/content\/image\//);
  await imageDialog.getByRole('textbox', { name: /Description of the image/ }).fill(text.alt);
  await imageDialog.getByRole('button', { name: 'Insert image' }).click();
  await imageDialog.waitFor({ state: 'hidden' });
  await expect.poll(() => box.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

  // Hostile markup typed into the source view: cleaned before anything parses it.
  await tool('Edit the HTML source').click();
  const source = drawer.getByRole('textbox', { name: `HTML source of ${field}` });
  const html = await source.inputValue();
  expect(html).toContain(`<h2>${text.heading}</h2>`);
  expect(html).toContain(`<a href="${LINK}">${text.link}</a>`);
  await source.fill(`${html}${HOSTILE}`);
  await drawer.locator('.rich-editor__preview h2').filter({ hasText: text.heading }).waitFor();
  await tool('Edit the HTML source').click();
  await box.waitFor();
  expect(await box.innerHTML()).not.toMatch(/onerror|<script|__injected/);
}

async function createAndPublish(staff: JourneyPage) {
  const drawer = await startMarketTrend(staff, {
    title: TITLE,
    summary: { en: 'Money-market rates over the week.', zh: '本周货币市场利率回顾。' },
  });

  await writeBody(staff, drawer, 'en');
  await writeBody(staff, drawer, 'zh');
  await drawer.getByRole('toolbar', { name: 'Formatting of Body (English)' }).scrollIntoViewIfNeeded();
  await screenshot(staff, 'rich-editor-1366-en');

  const saved = await saveDraft(staff, drawer, TITLE.en);
  expect(JSON.stringify(await saved.json())).not.toMatch(/onerror|<script|__injected/);
  await publishFromList(staff, TITLE.en);
}

/** The editor of the saved entry, in the staff's current language, at the page's current width. */
async function lookAtEditor(staff: JourneyPage, name: string, labels: { edit: string; field: string }) {
  await staff.goto('/backend/content/articles');
  // The list names an entry in the reader's language.
  const row = staff
    .getByRole('row')
    .filter({ hasText: new RegExp(`${escapeRegExp(TITLE.en)}|${escapeRegExp(TITLE.zh)}`) });
  await row
    .getByRole('button', { name: new RegExp(`^${labels.edit}`) })
    .first()
    .click();
  const drawer = staff.locator('.ant-drawer:visible');
  const box = drawer.getByRole('textbox', { name: labels.field, exact: true });
  await box.locator('table').waitFor();
  await settle(staff);
  await screenshot(staff, name);
  return drawer;
}

async function readArticle(page: JourneyPage, language: 'en' | 'zh') {
  await page.goto('/policyInformation');
  const link = page.getByRole('link', { name: TITLE[language], exact: true });
  await link.click();
  await page.waitForURL(/\/policyInformation\/interpretation\//);
  const article = page.locator('article.content-article');
  const text = TEXT[language];
  await article.getByRole('heading', { level: 2, name: text.heading }).waitFor();
  expect(await article.locator('ul li').allTextContents()).toEqual([...text.items]);
  const anchor = article.getByRole('link', { name: text.link });
  expect(await anchor.getAttribute('href')).toBe(LINK);
  expect(await anchor.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await article.locator('table th').allTextContents()).toEqual([text.cells[0], text.cells[1]]);
  expect(await article.locator('table td').allTextContents()).toEqual([text.cells[2], text.cells[3]]);
  const image = article.getByRole('img', { name: text.alt });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await settle(page);
  const html = await article.innerHTML();
  expect(html).not.toMatch(/<script|onerror|__injected|style=/i);
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
  await screenshot(page, `rich-editor-article-${language}`);
}

/** The visits report: the chart is ECharts' (its SVG and its aria description of the series). */
async function lookAtChart(staff: JourneyPage, name: string, series: [string, string]) {
  await staff.goto('/backend/content/visits');
  const chart = staff.locator('.visits-chart__canvas');
  await chart.locator('svg').waitFor();
  const description = (await chart.getAttribute('aria-label')) ?? '';
  for (const label of series) expect(description).toContain(label);
  const drawn = await chart.locator('svg text').allTextContents();
  expect(drawn).toEqual(expect.arrayContaining(series));
  // Bars (views) and a line (clicks) as SVG paths.
  expect(await chart.locator('svg path').count()).toBeGreaterThan(3);
  await settle(staff);
  await screenshot(staff, name);
}

describe('[CONTENT][RICH_EDITOR]: staff write a rich bilingual page with the editor; readers see it sanitised', () => {
  const browser = useBrowser();

  it('heading, list, link, table and image in both languages, published, read, and the visits chart', {
    timeout: 420_000,
  }, async () => {
    const { staff, partner } = await publishThenRead(browser, createAndPublish, readArticle);

    // The editor and the chart at both widths, in both languages.
    await lookAtChart(staff, 'rich-editor-visits-1366-en', ['Views', 'Clicks']);
    await staff.setViewportSize({ width: 390, height: 844 });
    await lookAtEditor(staff, 'rich-editor-390-en', { edit: 'Edit', field: 'Body (English)' });
    await lookAtChart(staff, 'rich-editor-visits-390-en', ['Views', 'Clicks']);
    await useLocale(staff, 'zh-CN');
    await lookAtChart(staff, 'rich-editor-visits-390-zh', ['浏览量', '点击量']);
    const drawer = await lookAtEditor(staff, 'rich-editor-390-zh', { edit: '编辑', field: '正文（英文）' });
    const toolbar = drawer.getByRole('toolbar', { name: '正文（英文）的格式工具' });
    for (const label of [
      '标题（Ctrl+Alt+2）',
      '项目符号列表（Ctrl+Shift+8）',
      '插入表格',
      '插入图片',
      '撤销（Ctrl+Z）',
    ]) {
      await toolbar.getByRole('button', { name: label, exact: true }).waitFor();
    }
    await staff.setViewportSize({ width: 1366, height: 900 });
    await lookAtEditor(staff, 'rich-editor-1366-zh', { edit: '编辑', field: '正文（英文）' });
    await lookAtChart(staff, 'rich-editor-visits-1366-zh', ['浏览量', '点击量']);

    // Nothing executed, and nothing reported: no CSP refusal from the editor's preview either.
    expect(await staff.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
    expect(staff.consoleErrors).toEqual([]);
    expect(partner.consoleErrors).toEqual([]);
  });
});

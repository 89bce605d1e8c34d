/**
 * Issue 16, Chinese typography: on cooperation detail pages of several kinds (forfaiting with L/C
 * details, a guarantee, loans, a project) and on the publish form, no field name breaks inside a
 * word (合作方/向), SWIFT codes and amounts stay on one line, antd's icons carry no icon names
 * or English on a Chinese page; on a phone (390 px) each label stands above its value and
 * nothing scrolls sideways.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, type JourneyPage, LOGIN_TEXT, mailbox, screenshot, useBrowser } from '../support.ts';
import { FORFAITING_TEXT, logInAt, startForfaiting } from './cooperation-helpers.ts';

type Locale = 'en-US' | 'zh-CN';

const TEXT = {
  'en-US': {
    short: 'en',
    ...FORFAITING_TEXT['en-US'],
    lcSection: 'Letter of credit information',
    menu: 'Menu',
    ptDescription: 'Description (in Portuguese)',
  },
  'zh-CN': {
    short: 'zh',
    ...FORFAITING_TEXT['zh-CN'],
    lcSection: '信用证信息',
    menu: '菜单',
    ptDescription: '简介（葡萄牙语）',
  },
} as const;

/** Demo requests of several kinds (apps/server/src/db/seed/demo-cooperation.ts). */
const REQUESTS = [
  { lgcSn: 'demo-req-01', kind: 'forfaiting-lc' },
  { lgcSn: 'demo-req-29', kind: 'guarantee' },
  { lgcSn: 'demo-req-14', kind: 'bilateral-loan' },
  { lgcSn: 'demo-req-15', kind: 'syndicated-loan' },
  { lgcSn: 'demo-req-28', kind: 'settlement' },
  { lgcSn: 'demo-req-41', kind: 'project' },
] as const;

const DETAIL_LABELS = '.field-list__label, .detail-header__meta dt, .stat-row dt';
const PUBLISH_LABELS = '.publish-sections .ant-form-item-label > label';

type Broken = { text: string; lines: number };

/**
 * The labels under `selector` that break inside a word: for each word (a whole Chinese label
 * has no spaces, so it is one word), the lines its characters sit on, measured with a Range per
 * character. Also whether the element `.text-code` (codes, amounts, dates) takes more than one line.
 */
async function brokenWords(page: JourneyPage, selector: string): Promise<{ labels: Broken[]; codes: Broken[] }> {
  return page.evaluate(
    ({ selector }) => {
      const linesOf = (element: Element, sameWord: boolean): number => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        let most = 1;
        let tops = new Set<number>();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (let i = 0; i < text.length; i += 1) {
            if (sameWord && /\s/.test(text[i] ?? '')) {
              most = Math.max(most, tops.size);
              tops = new Set();
              continue;
            }
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (rect && rect.width > 0) tops.add(Math.round(rect.top / 4));
          }
        }
        return Math.max(most, tops.size);
      };
      const visible = (element: Element) => (element as HTMLElement).offsetParent !== null;
      const labels = Array.from(document.querySelectorAll(selector))
        .filter(visible)
        .map((element) => ({ text: (element.textContent ?? '').trim(), lines: linesOf(element, true) }))
        .filter((entry) => entry.text && entry.lines > 1);
      const codes = Array.from(document.querySelectorAll('.text-code'))
        .filter(visible)
        .map((element) => ({ text: (element.textContent ?? '').trim(), lines: linesOf(element, false) }))
        .filter((entry) => entry.lines > 1);
      return { labels, codes };
    },
    { selector },
  );
}

/** How many labels the selector finds on the page (the check above is not vacuous). */
const countOf = (page: JourneyPage, selector: string) => page.locator(selector).count();

/** aria-labels that are an antd icon's name ("close-circle") or English words on a Chinese page. */
async function untranslatedNames(page: JourneyPage, locale: Locale): Promise<string[]> {
  return page.evaluate(
    ({ chinese }) =>
      Array.from(document.querySelectorAll('[aria-label]'))
        .filter((element) => {
          const label = element.getAttribute('aria-label') ?? '';
          if (element.classList.contains(`anticon-${label}`)) return true;
          return chinese && /^[A-Za-z][a-z]+([ -][A-Za-z][a-z]+)*$/.test(label);
        })
        .map((element) => `${element.tagName.toLowerCase()}[aria-label="${element.getAttribute('aria-label')}"]`),
    { chinese: locale === 'zh-CN' },
  );
}

/**
 * Narrows the window to a phone's and waits until the page has laid itself out for it: the header
 * swaps its menu for the Menu button when the media query fires, a moment after the resize, and
 * a measure taken before that sees the desktop header's width.
 */
async function toPhone(page: JourneyPage, menu: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('banner').getByRole('button', { name: menu, exact: true }).waitFor();
}

/** At a phone's width: no sideways scroll, and each label above its value. */
async function phoneLayout(page: JourneyPage) {
  return page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    const sideBySide = Array.from(document.querySelectorAll('.field-list__item'))
      .map((item) => {
        const label = item.querySelector('.field-list__label')?.getBoundingClientRect();
        const value = item.querySelector('.field-list__value')?.getBoundingClientRect();
        return label && value && label.bottom > value.top + 1 ? (item.textContent ?? '') : null;
      })
      .filter(Boolean);
    return { overflow, sideBySide };
  });
}

describe('[COOPERATION][DETAIL_LABELS]: field names never break inside a word', () => {
  const browser = useBrowser();

  for (const locale of ['zh-CN', 'en-US'] as const) {
    const text = TEXT[locale];

    it(`detail pages and the publish form at 1366 px and 390 px (${locale})`, { timeout: 300_000 }, async () => {
      const page = await browser.newPage({ locale });
      await logInAt(
        page,
        mailbox(),
        LOGIN_TEXT[locale],
        { email: DEMO.partnerA, password: DEMO.password },
        `/cooperationDetail?lgcSn=${REQUESTS[0].lgcSn}`,
      );

      for (const request of REQUESTS) {
        await page.setViewportSize({ width: 1366, height: 900 });
        await page.goto(`/cooperationDetail?lgcSn=${request.lgcSn}`);
        await page.locator('.field-list__label').first().waitFor();
        expect(await countOf(page, DETAIL_LABELS)).toBeGreaterThan(8);
        const wide = await brokenWords(page, DETAIL_LABELS);
        expect(wide.labels, `${request.lgcSn} labels`).toEqual([]);
        expect(wide.codes, `${request.lgcSn} codes and amounts`).toEqual([]);
        expect(await untranslatedNames(page, locale), request.lgcSn).toEqual([]);
        await screenshot(page, `detail-labels-${request.kind}-1366-${text.short}`);

        await toPhone(page, text.menu);
        await page.locator('.field-list__label').first().waitFor();
        const phone = await phoneLayout(page);
        expect(phone.overflow, `${request.lgcSn} scrolls sideways`).toBeLessThanOrEqual(0);
        expect(phone.sideBySide, `${request.lgcSn} label beside its value`).toEqual([]);
        const narrow = await brokenWords(page, DETAIL_LABELS);
        expect(narrow.codes, `${request.lgcSn} codes and amounts at 390 px`).toEqual([]);
        if (locale === 'zh-CN') expect(narrow.labels, `${request.lgcSn} labels at 390 px`).toEqual([]);
        await screenshot(page, `detail-labels-${request.kind}-390-${text.short}`);
      }

      // The forfaiting L/C shows its SWIFT codes and amount whole.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`/cooperationDetail?lgcSn=${REQUESTS[0].lgcSn}`);
      const lc = page.getByRole('region', { name: text.lcSection });
      await lc.locator('.text-code').filter({ hasText: 'ANMBTRIS' }).first().waitFor();

      // The publish form (forfaiting: the longest labels).
      await page.goto('/publishInfo');
      await startForfaiting(page, text);
      expect(await countOf(page, PUBLISH_LABELS)).toBeGreaterThan(20);
      expect((await brokenWords(page, PUBLISH_LABELS)).labels).toEqual([]);
      expect(await untranslatedNames(page, locale)).toEqual([]);
      await screenshot(page, `publish-labels-1366-${text.short}`);
      await toPhone(page, text.menu);
      await page.getByRole('heading', { name: text.formHeading }).waitFor();
      expect((await phoneLayout(page)).overflow).toBeLessThanOrEqual(0);
      if (locale === 'zh-CN') expect((await brokenWords(page, PUBLISH_LABELS)).labels).toEqual([]);
      await screenshot(page, `publish-labels-390-${text.short}`);

      // The Portuguese-speaking countries topic: the institutions table is headed in the
      // reader's language (no "Descrição" on the English page); the descriptions stay Portuguese.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto('/portugueseLanguage');
      const table = page.locator('.institution-table');
      await table.getByRole('columnheader', { name: text.ptDescription }).waitFor();
      expect(await table.locator('th').allTextContents()).not.toContain('Descrição');
      expect(await untranslatedNames(page, locale)).toEqual([]);
      await page
        .locator('section[aria-labelledby="topic-institutions"]')
        .screenshot({ path: `e2e/artifacts/portuguese-institutions-${text.short}.png` });

      expect(page.consoleErrors).toEqual([]);
    });
  }
});

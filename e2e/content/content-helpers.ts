/**
 * Pieces of the public-content journeys: log-in through the dialog, waiting for a page to
 * settle, writing and publishing an entry in the back office, PNG images drawn in code, and the
 * page checks of the all-routes run (untranslated i18n keys, console errors, axe-core serious
 * and critical violations).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { encodePng } from '../../apps/server/src/platform/signing/test-fixtures.ts';
import { named } from '../cooperation/cooperation-helpers.ts';
import {
  captchaAnswer,
  chooseOption,
  DEMO,
  type JourneyPage,
  LOGIN_TEXT,
  loggedIn,
  mailbox,
  networkQuiet,
  rememberDevice,
  type useBrowser,
  useKnownDevice,
} from '../support.ts';

export { escapeRegExp, named } from '../cooperation/cooperation-helpers.ts';

export type Mailbox = ReturnType<typeof mailbox>;
export type Locale = 'en-US' | 'zh-CN';

/** The log-in dialog of the page, by its title in either language. */
export function loginDialog(page: Page) {
  return page.getByRole('dialog').filter({ has: page.getByText(/^(Log in|登录)$/) });
}

/**
 * Opens `path` (a page behind the log-in, so the guard opens the dialog), logs in in English
 * and waits to be back on `path`. On a new device the pre-check asks for an e-mail code too; if
 * another journey asked for one for the same address less than a minute ago, the server says
 * how long to wait, and the helper waits and asks again.
 */
export async function logInAt(page: JourneyPage, mail: Mailbox, path: string, email: string, password: string) {
  const answer = await captchaAnswer(page, () => page.goto(path));
  await useKnownDevice(page, email);
  const dialog = loginDialog(page);
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  const precheck = page.waitForResponse((r) => r.url().includes('/api/user/p1/queryLoginEmailFlag'));
  await dialog.getByLabel('Password', { exact: true }).focus();
  const flag = ((await (await precheck).json()) as { data: { flag: string } }).data.flag;
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  // A fresh picture for this try: the one the page load showed may have been replaced since.
  let picture =
    flag === '1'
      ? answer
      : await captchaAnswer(page, () => dialog.getByRole('button', { name: LOGIN_TEXT['en-US'].newPicture }).click());
  await dialog.getByLabel('Picture code', { exact: true }).fill(picture);
  if (flag === '1') {
    // The code request takes the password and picture code and uses the picture up: the log-in
    // then takes the next picture's answer.
    mail.skipExisting(email);
    for (let attempt = 0; ; attempt += 1) {
      await dialog.getByLabel('Picture code', { exact: true }).fill(picture);
      const sent = page.waitForResponse((r) => r.url().includes('/api/user/p1/getEmailCode'));
      picture = await captchaAnswer(page, () => dialog.getByRole('button', { name: 'Send code' }).click());
      const reply = (await (await sent).json()) as { code: string; data: { seconds?: number } | null };
      if (reply.code === '0') break;
      if (reply.code !== 'PRT_RESEND_TOO_SOON' || attempt > 0)
        throw new Error(`no e-mail code for ${email}: ${reply.code}`);
      // Another journey asked for this address's code less than a minute ago: the 429 is the
      // expected answer, not a fault of the page.
      await page.waitForTimeout(((reply.data?.seconds ?? 60) + 1) * 1000);
      const expected = page.consoleErrors.findLastIndex((line) => /status of 429/.test(line));
      if (expected >= 0) page.consoleErrors.splice(expected, 1);
    }
    await dialog.getByLabel('Picture code', { exact: true }).fill(picture);
    await dialog.getByLabel('E-mail verification code', { exact: true }).fill(await mail.waitForCode(email));
  }
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await loggedIn(dialog, page.getByText('Login Successfully').first(), email);
  await rememberDevice(page, email);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/** Chooses the portal's language for the next page loads of this page's context. */
export async function useLocale(page: Page, locale: Locale) {
  await page.evaluate((value) => window.localStorage.setItem('locale', value), locale);
}

/**
 * Waits until the page has stopped loading: no request open (networkQuiet), then no spinner or
 * active skeleton (data still arriving), then fonts and (lazy ones included) images.
 */
export async function settle(page: JourneyPage) {
  await networkQuiet(page);
  // Up to 30 s: on a loaded CI machine a page's chunk and reads have taken more than 10 s, and a
  // screenshot of the spinner shows nothing of the screen.
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), null, {
      timeout: 30_000,
    })
    .catch(() => {});
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Lazy images load only near the window: scroll through the page once so full-page
  // screenshots show them, then back to the top, and wait for them (at most 5 s).
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await page
    .waitForFunction(() => Array.from(document.images).every((image) => image.complete), null, { timeout: 5_000 })
    .catch(() => {});
}

// ---------------------------------------------------------------------------------------------
// Writing in the back office

type Bilingual = { en: string; zh: string };

/**
 * The frame of the market-trend journeys: staff, logged in on the back office's list, write and
 * publish an entry with `publish`; then a partner (market trends need a log-in), logged in on the
 * public list, reads it with `read` in English and then in Chinese. Answers both pages.
 */
export async function publishThenRead(
  browser: ReturnType<typeof useBrowser>,
  publish: (staff: JourneyPage) => Promise<void>,
  read: (partner: JourneyPage, language: 'en' | 'zh') => Promise<void>,
) {
  const mail = mailbox();
  const staff = await browser.newPage({ locale: 'en-US' });
  await logInAt(staff, mail, '/backend/content/articles', DEMO.staff, DEMO.password);
  await publish(staff);
  const partner = await browser.newPage({ locale: 'en-US' });
  await logInAt(partner, mail, '/policyInformation', DEMO.partnerA, DEMO.password);
  await read(partner, 'en');
  await useLocale(partner, 'zh-CN');
  await read(partner, 'zh');
  return { staff, partner };
}

/**
 * On the back office's market trends list: opens the editor of a new Financial Markets entry
 * and fills its titles and summaries; answers the editor's drawer.
 */
export async function startMarketTrend(staff: Page, entry: { title: Bilingual; summary: Bilingual }) {
  await staff.getByRole('heading', { level: 1, name: 'Market trends and policy' }).waitFor();
  await staff.getByRole('button', { name: 'New', exact: true }).click();
  const editor = staff.locator('.ant-drawer:visible');
  await editor.getByText('New entry', { exact: true }).waitFor();
  await chooseOption(staff, editor.getByRole('combobox', { name: named('Category') }), 'Financial Markets');
  await editor.getByRole('textbox', { name: named('Title (English)') }).fill(entry.title.en);
  await editor.getByRole('textbox', { name: named('Title (Chinese)') }).fill(entry.title.zh);
  await editor.getByRole('textbox', { name: named('Summary (English)') }).fill(entry.summary.en);
  await editor.getByRole('textbox', { name: named('Summary (Chinese)') }).fill(entry.summary.zh);
  return editor;
}

/** Saves the entry in `editor` as a draft; answers the server's answer to the save. */
export async function saveDraft(staff: Page, editor: Locator, title: string) {
  const saved = staff.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/backend/content/articles'),
  );
  await editor.getByRole('button', { name: 'Save as draft' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  await staff.getByText(`“${title}” is saved as a draft.`, { exact: false }).first().waitFor();
  await editor.waitFor({ state: 'hidden' }).catch(() => staff.keyboard.press('Escape'));
  return response;
}

/** Publishes the entry titled `title` from its row of the list, confirming; answers the row. */
export async function publishFromList(staff: Page, title: string) {
  const row = staff.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: `Publish ${title}` }).click();
  const confirm = staff.locator('.ant-popover:visible');
  await confirm.getByText(`Publish “${title}”?`).waitFor();
  // The answer may take long on a saturated machine (CI runs the PostgreSQL pass beside the
  // journeys); the journey's own time-out still bounds the wait.
  const published = staff.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/publish'), {
    timeout: 90_000,
  });
  await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
  const answer = await published;
  expect(answer.status(), await answer.text()).toBe(200);
  // The toast is one slot (app/providers/ToastBridge.tsx): a later notice may already have taken
  // it on a busy machine, so the server's answer is the proof and the toast only a courtesy.
  await staff
    .getByText(`“${title}” is published.`)
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => {});
  return row;
}

/**
 * A PNG of `width`×`height` whose pixel (x, y) has the colour (red, green, blue) `colourAt`
 * gives, opaque, so a journey needs no binary fixture.
 */
export function drawnPng(width: number, height: number, colourAt: (x: number, y: number) => number[]): Buffer {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rgba.set([...colourAt(x, y), 255], (y * width + x) * 4);
  return Buffer.from(encodePng(width, height, rgba));
}

// ---------------------------------------------------------------------------------------------
// Untranslated keys

const I18N_DIR = 'packages/shared/src/i18n/en-US';
const NAMESPACES = readdirSync(I18N_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

function flatten(value: unknown, prefix: string, into: Set<string>) {
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix.includes('.')) {
    into.add(prefix);
  }
}

/** Every key path of every namespace ("routes.home"), and the names of their top-level groups. */
const KEYS = new Set<string>();
const GROUPS = new Set<string>();
for (const ns of NAMESPACES) {
  const json = JSON.parse(readFileSync(join(I18N_DIR, `${ns}.json`), 'utf8')) as Record<string, unknown>;
  for (const [group, value] of Object.entries(json)) if (value && typeof value === 'object') GROUPS.add(group);
  flatten(json, '', KEYS);
}

const NAMESPACED_KEY = new RegExp(`\\b(?:${NAMESPACES.join('|')}):[a-zA-Z]+(?:\\.[a-zA-Z0-9_]+)*\\b`, 'g');
/** A dotted identifier standing on its own: not part of an e-mail address, path or file name. */
const DOTTED = /(?<![\w@./-])[a-zA-Z][a-zA-Z0-9_]*(?:\.[a-zA-Z][a-zA-Z0-9_]*)+(?![\w@/-])/g;
const FILE_NAME = /\.(pdf|png|jpe?g|bmp|gif|svg|docx?|xlsx?|zip|txt|csv)$/i;

/**
 * Text on the page that is an i18n key rather than a translation: `ns:key.path`, a known key
 * path, a dotted path under a known group (a key missing from the resources), or an
 * interpolation left as `{{name}}`.
 */
export function untranslatedKeys(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(NAMESPACED_KEY)) found.add(match[0]);
  for (const match of text.matchAll(DOTTED)) {
    const token = match[0];
    if (FILE_NAME.test(token)) continue;
    if (KEYS.has(token) || GROUPS.has(token.split('.')[0]!)) found.add(token);
  }
  for (const match of text.matchAll(/\{\{\s*\w+\s*\}\}/g)) found.add(match[0]);
  return [...found];
}

/** The visible text of the page and the accessible names/labels it gives to controls. */
export function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'))
      .map((element) =>
        ['aria-label', 'placeholder', 'title', 'alt']
          .map((name) => element.getAttribute(name) ?? '')
          .filter(Boolean)
          .join('\n'),
      )
      .join('\n');
    // Identifiers shown on purpose as code (an audit action such as `review.approved`) are not
    // texts to translate: read the page without them.
    const codes = Array.from(document.querySelectorAll<HTMLElement>('code'));
    const hidden = codes.map((element) => [element, element.style.display] as const);
    for (const [element] of hidden) element.style.display = 'none';
    // biome-ignore lint/performance/useDomNodeTextContent: only rendered (visible) text counts here
    const text = document.body.innerText;
    for (const [element, display] of hidden) element.style.display = display;
    return `${text}\n${document.title}\n${attributes}`;
  });
}

// ---------------------------------------------------------------------------------------------
// Accessibility

const AXE_SOURCE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * Runs axe-core in the page, or in the part `within` selects (evaluate is not subject to the
 * page's CSP, a script tag would be), and answers its serious and critical violations as
 * "rule: help — targets".
 */
export async function seriousAxeViolations(page: Page, within?: string): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const context = selector ? { include: [selector] } : document;
    const result = (await axe.run(context as Document, { resultTypes: ['violations'] })) as {
      violations: AxeViolation[];
    };
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target.map(String) })),
    }));
  }, within);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 4)
          .map((node) => node.target.join(' '))
          .join(' | ')}${violation.nodes.length > 4 ? ` (+${violation.nodes.length - 4} more)` : ''}`,
    );
}

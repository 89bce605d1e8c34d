/**
 * Shared pieces for the Chromium journeys: one browser per spec file, pages that record
 * console errors, and the base URL of the server started by `global-setup.ts`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function baseUrl(): string {
  return inject('baseURL');
}

export type JourneyPage = Page & {
  consoleErrors: string[];
  inFlight: Set<Request>;
  /** Requests that ended without an answer (aborted, refused), for the record of a failure. */
  unanswered: string[];
  /** API answers with an error status (4xx, 5xx) and their code, for the record of a failure. */
  refused: string[];
};

/**
 * Call once at the top of a spec file: launches Chromium before the file's tests and closes it
 * after. `newPage(locale)` opens a fresh context (clean localStorage and cookies) with the
 * portal's locale preset, or the portal default when none is given.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  /** The pages of the running test, for the record of a failure. */
  let pages: JourneyPage[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    });
  });
  // A failed journey leaves what each of its pages showed, and the requests still waiting for an
  // answer: CI keeps only the output's end, and "time-out waiting for X" alone does not tell
  // whether the server was slow, the page never asked, or the page showed an error.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await recordFailure(task.name, pages);
    pages = [];
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
  });
  return {
    async newPage(options: { locale?: 'en-US' | 'zh-CN' } = {}): Promise<JourneyPage> {
      if (!browser) throw new Error('useBrowser(): browser not launched yet');
      // Each browser context is a person at an address of their own (the server trusts the
      // forwarded address in e2e), so per-address rate limits do not couple the journeys.
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: 1366, height: 900 },
        extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress() },
      });
      // Waits and actions get a minute, not Playwright's 30 s: CI runs the PostgreSQL pass beside
      // the journeys, and on two saturated cores a file chooser or a save's answer has taken
      // longer than 30 s. The journeys' own time-outs still bound each journey.
      context.setDefaultTimeout(60_000);
      contexts.push(context);
      if (options.locale) {
        const locale = options.locale;
        await context.addInitScript((value) => {
          if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', value);
        }, locale);
      }
      const page = (await context.newPage()) as JourneyPage;
      page.consoleErrors = [];
      // The requests this page has open, for `networkQuiet`: a live stream never ends, so it is
      // not counted.
      page.inFlight = new Set();
      page.on('request', (request) => {
        if (!LONG_LIVED.has(request.resourceType())) page.inFlight.add(request);
      });
      page.on('requestfinished', (request) => page.inFlight.delete(request));
      page.unanswered = [];
      page.refused = [];
      page.on('response', (response) => {
        if (response.status() < 400 || !response.url().includes('/api/')) return;
        const where = `${response.request().method()} ${new URL(response.url()).pathname}`;
        response.json().then(
          (body: { code?: string }) => page.refused.push(`${where}: ${response.status()} ${body.code ?? ''}`),
          () => page.refused.push(`${where}: ${response.status()}`),
        );
      });
      page.on('requestfailed', (request) => {
        page.inFlight.delete(request);
        page.unanswered.push(`${request.method()} ${new URL(request.url()).pathname}: ${request.failure()?.errorText}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') page.consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => page.consoleErrors.push(String(error)));
      pages.push(page);
      return page;
    },
  };
}

const LONG_LIVED = new Set(['eventsource', 'websocket']);

/** Screenshots of a failed journey's pages (e2e/artifacts/failed-*.png), and what each was waiting for. */
async function recordFailure(testName: string, pages: JourneyPage[]): Promise<void> {
  const slug = testName.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 60);
  for (const [index, page] of pages.entries()) {
    if (page.isClosed()) continue;
    const file = `e2e/artifacts/failed-${slug}-${index + 1}.png`;
    await drawWholePage(page);
    await page.screenshot({ path: file, fullPage: true, timeout: 10_000 }).catch(() => {});
    const waiting = [...page.inFlight].map((request) => `${request.method()} ${new URL(request.url()).pathname}`);
    // biome-ignore lint/suspicious/noConsole: the run's output is where CI keeps this
    console.log(
      `[failed] page ${index + 1} of "${testName}": ${page.url()} (${file}); ` +
        `waiting for: ${waiting.join(', ') || 'nothing'}; ended unanswered: ${page.unanswered.slice(-5).join(', ') || 'none'}; ` +
        `error answers: ${page.refused.slice(-5).join(', ') || 'none'}; ` +
        `console errors: ${page.consoleErrors.join(' | ') || 'none'}`,
    );
  }
}

/**
 * Waits until `page` has had no request open for `quietMs` (at most `timeoutMs`). Playwright's
 * 'networkidle' waits a fixed 500 ms after the last request, on every page of every journey;
 * this waits only as long as the page is actually loading.
 */
export async function networkQuiet(page: JourneyPage, { quietMs = 150, timeoutMs = 10_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = page.inFlight.size === 0 ? Date.now() : Number.POSITIVE_INFINITY;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (page.inFlight.size > 0) quietSince = Number.POSITIVE_INFINITY;
    else if (quietSince === Number.POSITIVE_INFINITY) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
  }
}

let clientCounter = 0;
/** A documentation-range address (RFC 5737), different for every browser context of a run. */
function nextClientAddress(): string {
  clientCounter += 1;
  return `198.51.100.${(clientCounter % 250) + 1}`;
}

/** Saves a full-page screenshot under e2e/artifacts/ for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await drawWholePage(page);
  await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true });
}

/**
 * Before a full-page screenshot: the browser draws a `content-visibility: auto` element (the
 * home's sections: pages/home/home.css) only near the window, so the shot would show them
 * empty. Each is drawn for the rest of the page's life (only the screenshot looks after this).
 */
export async function drawWholePage(page: Page): Promise<void> {
  await page
    .evaluate(() => {
      for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
        if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
      }
    })
    .catch(() => {});
}

/** The portal's long-lived browser cookie behind its "new browser" check (platform/session.ts). */
const DEVICE_COOKIE = 'portal_device';

function deviceFile(email: string): string {
  return join(`${inject('mailDir')}-devices`, `${email.toLowerCase()}.json`);
}

/**
 * A browser new to an account takes an e-mailed code at log-in, and an address gets at most 20
 * log-in codes a day (platform/rate-limit.ts). So that the run's journeys stay within that, and do not wait out
 * the 60 s between two codes, the shared log-in helpers give a fresh browser the device cookie of
 * the first browser that logged in as that account (`rememberDevice`): only each account's first
 * log-in in the run takes a code. Call before the log-in's pre-check.
 */
export async function useKnownDevice(page: Page, email: string): Promise<void> {
  const file = deviceFile(email);
  if (existsSync(file)) await page.context().addCookies([JSON.parse(readFileSync(file, 'utf8'))]);
}

/** After a log-in: remembers this browser's device cookie for the account (see useKnownDevice). */
export async function rememberDevice(page: Page, email: string): Promise<void> {
  const file = deviceFile(email);
  if (existsSync(file)) return;
  const cookie = (await page.context().cookies()).find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) return;
  mkdirSync(`${inject('mailDir')}-devices`, { recursive: true });
  writeFileSync(file, JSON.stringify(cookie));
}

/** Waits for the log-in's success message; a refused log-in fails with what the dialog says. */
export async function loggedIn(dialog: Locator, success: Locator, email: string): Promise<void> {
  try {
    await success.waitFor();
  } catch (error) {
    const said = (await dialog.textContent({ timeout: 1000 }).catch(() => '')) ?? '';
    throw new Error(`log-in as ${email} not confirmed; the dialog says: ${said.replace(/\s+/g, ' ')}`, {
      cause: error,
    });
  }
}

/** Demo accounts loaded on first start (apps/server/src/db/seed/demo-accounts.ts). */
export const DEMO = {
  password: 'Portal#2026',
  staff: 'staff@bank.example',
  admin: 'admin@bank.example',
  institutionAdmin: 'amy.chan@harbourview.example',
  partnerA: 'kevin.lau@harbourview.example',
  partnerB: 'ingrid.berg@nordlys.example',
  pending: 'maria.silva@atlantico.example',
} as const;

/** What the log-in dialog shows: its title, field labels and buttons, and the success message. */
export type LoginText = {
  loginTitle: string;
  email: string;
  password: string;
  pictureCode: string;
  newPicture: string;
  emailCode: string;
  sendCode: string;
  logIn: string;
  loggedIn: string;
};

/** The log-in dialog's texts in each language (the i18n files' texts). */
export const LOGIN_TEXT = {
  'en-US': {
    loginTitle: 'Log in',
    email: 'E-mail',
    password: 'Password',
    pictureCode: 'Picture code',
    newPicture: 'Show a new picture code',
    emailCode: 'E-mail verification code',
    sendCode: 'Send code',
    logIn: 'Log in',
    loggedIn: 'Login Successfully',
  },
  'zh-CN': {
    loginTitle: '登录',
    email: '邮箱',
    password: '密码',
    pictureCode: '图形验证码',
    newPicture: '看不清，换一张',
    emailCode: '邮箱验证码',
    sendCode: '发送验证码',
    logIn: '登录',
    loggedIn: '登录成功',
  },
} as const satisfies Record<'en-US' | 'zh-CN', LoginText>;

type StoredMail = { to: string[]; subject: string; text: string };

/**
 * The e-mails the server sent to the in-process SMTP server (global-setup.ts). `waitForCode`
 * returns the verification code of the next message to that address not returned before.
 */
export function mailbox() {
  const dir = inject('mailDir');
  const seen = new Set<string>();
  const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as StoredMail;
  return {
    async waitFor(
      to: string,
      predicate: (mail: StoredMail) => boolean = () => true,
      timeoutMs = 15_000,
    ): Promise<StoredMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const file of readdirSync(dir).sort()) {
          if (seen.has(file)) continue;
          const mail = read(file);
          if (mail.to.map((a) => a.toLowerCase()).includes(to.toLowerCase()) && predicate(mail)) {
            seen.add(file);
            return mail;
          }
        }
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    /** Marks every e-mail to `to` that arrived so far as seen (codes other journeys used). */
    skipExisting(to: string): void {
      for (const file of readdirSync(dir).sort()) {
        if (!seen.has(file) && read(file).to.some((a) => a.toLowerCase() === to.toLowerCase())) seen.add(file);
      }
    },
    async waitForCode(to: string, timeoutMs = 15_000): Promise<string> {
      const mail = await this.waitFor(to, (m) => CODE_PATTERN.test(m.text), timeoutMs);
      return CODE_PATTERN.exec(mail.text)![1]!;
    },
  };
}

const CODE_PATTERN = /(?:code|验证码)\s*[:：]\s*([A-Z2-9]{4})\b/i;

/**
 * The answer of the picture code the page loads next. The e2e server runs with
 * CAPTCHA_TEST_MODE, which sends it in a response header; production refuses that switch.
 */
export async function captchaAnswer(page: Page, trigger?: () => Promise<unknown>): Promise<string> {
  const response = page.waitForResponse((r) => r.url().includes('/api/user/p1/getVerifyCode'));
  await trigger?.();
  return (await (await response).headerValue('x-test-captcha-answer')) ?? '';
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    mailDir: string;
  }
}

/**
 * Picks `option` in the antd select `combo`, typing `search` first (else opening its list), and
 * checks that the choice took: a click on a list still moving into place (a drawer sliding in) can
 * miss, and in CI did. Then waits for the list to close: a list left open over a dialog once took
 * the click meant for the dialog's button.
 */
export async function chooseOption(page: Page, combo: Locator, option: string, search?: string) {
  const select = combo.locator(
    'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  // The list of this select (antd names it after the input's id).
  const dropdown = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${await combo.getAttribute('id')}_list"]`) });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (search) await combo.fill(search);
    else if (!(await dropdown.isVisible())) await combo.click();
    await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
    if (!((await select.textContent()) ?? '').includes(option)) continue;
    // Chosen. A retry's typing may have opened the list again (a multiple select keeps it open):
    // leave the field, and press Escape as a person would should the list still stay.
    if (await dropdown.isVisible()) await combo.evaluate((element) => (element as HTMLElement).blur());
    const hidden = () => dropdown.waitFor({ state: 'hidden', timeout: 3_000 });
    await hidden().catch(async () => {
      await combo.press('Escape');
      await hidden();
    });
    return;
  }
  throw new Error(`could not choose "${option}"`);
}

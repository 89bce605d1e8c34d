/**
 * Shared pieces for the Chromium journeys: one browser per spec file, pages that record
 * console errors, and the base URL of the server started by `global-setup.ts`.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function baseUrl(): string {
  return inject('baseURL');
}

export type JourneyPage = Page & { consoleErrors: string[] };

/**
 * Call once at the top of a spec file: launches Chromium before the file's tests and closes it
 * after. `newPage(locale)` opens a fresh context (clean localStorage and cookies) with the
 * portal's locale preset, or the portal default when none is given.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
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
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
  });
  return {
    async newPage(options: { locale?: 'en-US' | 'zh-CN' } = {}): Promise<JourneyPage> {
      if (!browser) throw new Error('useBrowser(): browser not launched yet');
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1366, height: 900 } });
      contexts.push(context);
      if (options.locale) {
        const locale = options.locale;
        await context.addInitScript((value) => {
          if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', value);
        }, locale);
      }
      const page = (await context.newPage()) as JourneyPage;
      page.consoleErrors = [];
      page.on('console', (message) => {
        if (message.type() === 'error') page.consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => page.consoleErrors.push(String(error)));
      return page;
    },
  };
}

/** Saves a full-page screenshot under e2e/artifacts/ for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

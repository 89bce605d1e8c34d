import type { JourneyPage } from '../support.ts';

/** Console errors that are Content-Security-Policy violations. */
export function cspViolations(page: JourneyPage): string[] {
  return page.consoleErrors.filter((text) => /Content Security Policy|Refused to (apply|execute|load)/i.test(text));
}

/** The labels of the header menu's links in order, closed submenus included. */
export function menuLabels(page: JourneyPage, navName: string): Promise<string[]> {
  return page.getByRole('navigation', { name: navName }).locator('a').allTextContents();
}

/** True when every <style> element carries the page's CSP nonce (antd's CSS-in-JS included). */
export function allStylesHaveNonce(page: JourneyPage): Promise<boolean> {
  return page.evaluate(() => Array.from(document.querySelectorAll('style')).every((style) => style.nonce !== ''));
}

/**
 * Pieces of the marketplace journey: log-in through the dialog (with the e-mail code a new
 * device asks for), antd selects and date pickers, and the header bell.
 */
import type { Locator, Page } from 'playwright-core';
import {
  captchaAnswer,
  type JourneyPage,
  type LoginText,
  loggedIn,
  type mailbox,
  rememberDevice,
  useKnownDevice,
} from '../support.ts';

export type { LoginText } from '../support.ts';

export type Mailbox = ReturnType<typeof mailbox>;

/** `text` as a regular expression that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The accessible name of a form field: its label, after antd's required mark if any. */
export const named = (label: string) => new RegExp(`^(\\*\\s*)?${escapeRegExp(label)}$`);

/** An accessible name that starts with `text` (cards whose name continues with a description). */
export const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);

/** When the last e-mail code was asked for, per address (the server sends one a minute). */
const lastCodeAt = new Map<string, number>();
const RESEND_INTERVAL_MS = 61_000;

/**
 * Logs in through the dialog that is open. In a browser new to the account the pre-check asks
 * for an e-mail code too: the helper reads it from the SMTP server, first waiting out the
 * one-a-minute limit if this journey asked for a code for the same address less than a minute
 * ago. The code request takes the password and picture code and uses the picture up, so the
 * log-in takes the next picture's answer.
 */
export async function logIn(
  page: JourneyPage,
  mail: Mailbox,
  text: LoginText,
  login: { email: string; password: string; answer: Promise<string> },
) {
  await useKnownDevice(page, login.email);
  const dialog = page.getByRole('dialog').filter({ has: page.getByText(text.loginTitle, { exact: true }) });
  await dialog.getByLabel(text.email, { exact: true }).fill(login.email);
  const precheck = page.waitForResponse((r) => r.url().includes('/api/user/p1/queryLoginEmailFlag'));
  await dialog.getByLabel(text.password, { exact: true }).focus();
  const flag = ((await (await precheck).json()) as { data: { flag: string } }).data.flag;
  await dialog.getByLabel(text.password, { exact: true }).fill(login.password);
  // A fresh picture for a log-in without a code: the one the page load showed may have been replaced since.
  const firstPicture =
    flag === '1'
      ? await login.answer
      : await captchaAnswer(page, () => dialog.getByRole('button', { name: text.newPicture }).click());
  await dialog.getByLabel(text.pictureCode, { exact: true }).fill(firstPicture);
  if (flag === '1') {
    const key = login.email.toLowerCase();
    const wait = (lastCodeAt.get(key) ?? 0) + RESEND_INTERVAL_MS - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
    mail.skipExisting(login.email);
    let picture = await login.answer;
    for (let attempt = 0; ; attempt += 1) {
      await dialog.getByLabel(text.pictureCode, { exact: true }).fill(picture);
      const sent = page.waitForResponse((r) => r.url().includes('/api/user/p1/getEmailCode'));
      // The code request uses the picture up: the log-in takes the next picture's answer.
      picture = await captchaAnswer(page, () => dialog.getByRole('button', { name: text.sendCode }).click());
      const reply = (await (await sent).json()) as { code: string; data: { seconds?: number } | null };
      if (reply.code === '0') break;
      // Another journey asked for a code for this address less than a minute ago: wait as told.
      if (reply.code !== 'PRT_RESEND_TOO_SOON' || attempt > 0) {
        throw new Error(`no e-mail code for ${login.email}: ${reply.code}`);
      }
      await page.waitForTimeout(((reply.data?.seconds ?? 60) + 1) * 1000);
      const expected = page.consoleErrors.findLastIndex((line) => /status of 429/.test(line));
      if (expected >= 0) page.consoleErrors.splice(expected, 1);
    }
    lastCodeAt.set(key, Date.now());
    await dialog.getByLabel(text.pictureCode, { exact: true }).fill(picture);
    await dialog.getByLabel(text.emailCode, { exact: true }).fill(await mail.waitForCode(login.email));
  }
  await dialog.getByRole('button', { name: text.logIn, exact: true }).click();
  await loggedIn(dialog, page.getByText(text.loggedIn).first(), login.email);
  await rememberDevice(page, login.email);
}

/**
 * Opens `path` (behind the log-in: the guard goes home and opens the dialog), logs in (`logIn`:
 * the e-mail code a new browser needs, the minute between codes for one address) and waits to
 * be back on `path`.
 */
export async function logInAt(
  page: JourneyPage,
  mail: Mailbox,
  text: LoginText,
  login: { email: string; password: string },
  path: string,
) {
  const answer = captchaAnswer(page, () => page.goto(path));
  await page.waitForURL('**/home');
  await logIn(page, mail, text, { ...login, answer });
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/** What `startForfaiting` reads and presses on the publish page, in each language. */
export const FORFAITING_TEXT = {
  'en-US': {
    publishTitle: 'Publish cooperation information',
    tradeFinance: 'Trade finance and factoring',
    forfaiting: 'Forfaiting',
    formHeading: 'Forfaiting: details',
    riskTitle: 'Choose your risk preference',
    understood: 'I understand',
  },
  'zh-CN': {
    publishTitle: '发布合作信息',
    tradeFinance: '贸易融资及保理',
    forfaiting: '福费廷',
    formHeading: '福费廷：详细信息',
    riskTitle: '请选择风险偏好',
    understood: '我知道了',
  },
} as const;

/**
 * On the publish page: chooses trade finance, then forfaiting, waits for its form and
 * acknowledges the risk preference prompt that comes first.
 */
export async function startForfaiting(page: Page, text: Record<keyof (typeof FORFAITING_TEXT)['en-US'], string>) {
  await page.getByRole('heading', { level: 1, name: text.publishTitle }).waitFor();
  await page.getByRole('button', { name: startsWith(text.tradeFinance) }).click();
  await page.getByRole('button', { name: startsWith(text.forfaiting) }).click();
  await page.getByRole('heading', { name: text.formHeading }).waitFor();
  const prompt = page.locator('.ant-modal:visible').filter({ hasText: text.riskTitle });
  await prompt.getByRole('button', { name: text.understood }).click();
  await prompt.waitFor({ state: 'hidden' });
}

/** The antd select (or tree select) whose label is `label`. */
export function combobox(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('combobox', { name: named(label) });
}

/** Chooses a node of the antd tree select `combo` by typing `search` into it. */
export async function chooseTreeNode(page: Page, combo: Locator, option: string, search: string) {
  await combo.fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-title').filter({ hasText: option }).first().click();
}

/** Types a date into the antd date picker labelled `label` and confirms it with Enter. */
export async function enterDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(named(label));
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

/** `YYYY-MM-DD` of the day `days` from today. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** The header's message bell, by its accessible name ("Messages, 3 unread"). */
export function bell(page: Page, label: string): Locator {
  return page.getByRole('banner').getByRole('link', { name: label, exact: true });
}

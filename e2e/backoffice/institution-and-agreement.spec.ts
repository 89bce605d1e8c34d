/**
 * Bank staff drive an institution's state from the back office, and its user sees the effect:
 * Ingrid Berg of Nordlys (which has no master agreement) asks for one from the publish page;
 * staff stop Nordlys (with the reason the dialog asks for), and Ingrid is logged out and told at
 * log-in that the account is stopped; staff re-enable Nordlys (after the confirmation) and she
 * logs in again; staff mark Nordlys's master agreement signed, and the forfaiting form opens for
 * her. Screenshot: `backoffice-institutions-reenabled.png` (1366 px).
 */
import { describe, expect, it } from 'vitest';
import { settle, logInAt as staffLogInAt } from '../content/content-helpers.ts';
import {
  escapeRegExp,
  FORFAITING_TEXT,
  logIn,
  logInAt,
  named,
  startForfaiting,
  startsWith,
} from '../cooperation/cooperation-helpers.ts';
import {
  captchaAnswer,
  DEMO,
  type JourneyPage,
  LOGIN_TEXT,
  mailbox,
  screenshot,
  useBrowser,
  useKnownDevice,
} from '../support.ts';

const NORDLYS = 'Nordlys Handelsbank ASA';
const LOGIN = LOGIN_TEXT['en-US'];
const FORFAITING = FORFAITING_TEXT['en-US'];
const STOPPED = 'This account has been stopped. Please contact your account manager.';
const GATE_TITLE = 'A master agreement is needed first';

/** On the publish page: trade finance, then forfaiting (the gate or the form follows). */
async function chooseForfaiting(page: JourneyPage) {
  await page.goto('/publishInfo');
  await page.getByRole('heading', { level: 1, name: FORFAITING.publishTitle }).waitFor();
  await page.getByRole('button', { name: startsWith(FORFAITING.tradeFinance) }).click();
  await page.getByRole('button', { name: startsWith(FORFAITING.forfaiting) }).click();
  await page.getByRole('heading', { name: FORFAITING.formHeading }).waitFor();
}

/**
 * Opens a page behind the log-in and tries to log in as `email`; waits for the refusal `said`
 * (a browser the account knows is refused at "Log in", a new one already when it asks for the
 * e-mail code), and checks that the log-in dialog is still open.
 */
async function refusedLogIn(page: JourneyPage, email: string, said: string) {
  const answer = captchaAnswer(page, () => page.goto('/publishInfo'));
  await page.waitForURL('**/home');
  await useKnownDevice(page, email);
  const dialog = page.getByRole('dialog').filter({ has: page.getByText(LOGIN.loginTitle, { exact: true }) });
  await dialog.getByLabel(LOGIN.email, { exact: true }).fill(email);
  const precheck = page.waitForResponse((r) => r.url().includes('/api/user/p1/queryLoginEmailFlag'));
  await dialog.getByLabel(LOGIN.password, { exact: true }).focus();
  const flag = ((await (await precheck).json()) as { data: { flag: string } }).data.flag;
  await dialog.getByLabel(LOGIN.password, { exact: true }).fill(DEMO.password);
  const picture =
    flag === '1'
      ? await answer
      : await captchaAnswer(page, () => dialog.getByRole('button', { name: LOGIN.newPicture }).click());
  await dialog.getByLabel(LOGIN.pictureCode, { exact: true }).fill(picture);
  const answered = page.waitForResponse((r) => /\/api\/user\/p1\/(login|getEmailCode)/.test(r.url()));
  await dialog.getByRole('button', { name: flag === '1' ? LOGIN.sendCode : LOGIN.logIn, exact: true }).click();
  const reply = (await (await answered).json()) as { code: string };
  expect(reply.code).toBe('PRT_ACCOUNT_STOPPED');
  await page.getByText(said).first().waitFor();
  expect(await dialog.isVisible()).toBe(true);
  expect(await page.getByText(LOGIN.loggedIn).count()).toBe(0);
}

/** The table row on the page whose text contains `text`. */
const rowWith = (page: JourneyPage, text: string) =>
  page.locator('.ant-table-row').filter({ hasText: new RegExp(escapeRegExp(text)) });

describe('[BACKOFFICE][INSTITUTION_AGREEMENT]: stop and re-enable an institution, mark its master agreement signed', () => {
  const browser = useBrowser();
  const mail = mailbox();

  it('the institution’s user is kept out while it is stopped, and can publish forfaiting once the agreement is signed', async () => {
    const ingrid = await browser.newPage({ locale: 'en-US' });
    await logInAt(ingrid, mail, LOGIN, { email: DEMO.partnerB, password: DEMO.password }, '/publishInfo');

    // Without a master agreement, forfaiting asks for one: Ingrid submits the intention.
    await chooseForfaiting(ingrid);
    await ingrid.getByRole('heading', { name: GATE_TITLE }).waitFor();
    await ingrid.getByRole('textbox', { name: 'Note for the bank (optional)' }).fill('Please call our Oslo desk.');
    await ingrid.getByRole('button', { name: 'Submit agreement intention' }).click();
    const confirm = ingrid.locator('.ant-modal:visible').filter({ hasText: 'Submit an agreement intention?' });
    await confirm.getByRole('button', { name: 'Submit', exact: true }).click();
    await ingrid.getByText('Agreement intention submitted').first().waitFor();

    // Staff stop Nordlys; the dialog asks for the reason first.
    const staff = await browser.newPage({ locale: 'en-US' });
    await staffLogInAt(staff, mail, '/backend/institutions', DEMO.staff, DEMO.password);
    await staff.goto('/backend/institutions?q=Nordlys');
    const row = rowWith(staff, NORDLYS);
    await row.getByRole('button', { name: `Stop the institution ${NORDLYS}` }).click();
    const stopDialog = staff.locator('.ant-modal:visible').filter({ hasText: `Stop ${NORDLYS}?` });
    await stopDialog.getByRole('textbox', { name: named('Reason') }).fill('Journey check: licence under review');
    await stopDialog.getByRole('button', { name: 'Stop institution' }).click();
    await staff.getByText(`${NORDLYS} has been stopped; its users have been logged out.`).first().waitFor();
    await row.getByText('Stopped', { exact: true }).waitFor();

    // Ingrid's session ended: the publish page asks her to log in, and the log-in is refused.
    await refusedLogIn(ingrid, DEMO.partnerB, STOPPED);

    // Staff re-enable Nordlys after the confirmation; the row shows it active again.
    await row.getByRole('button', { name: `Re-enable the institution ${NORDLYS}` }).click();
    const popover = staff.locator('.ant-popover:visible').filter({ hasText: `Re-enable ${NORDLYS}?` });
    await popover.getByRole('button', { name: 'Re-enable' }).click();
    await staff.getByText(`${NORDLYS} has been re-enabled.`).first().waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Stop the institution ${NORDLYS}` }).waitFor();
    await settle(staff);
    await screenshot(staff, 'backoffice-institutions-reenabled');

    // Ingrid logs in again in the same browser and is taken back to the page she asked for; the
    // request she sent waits for the bank.
    const answer = captchaAnswer(ingrid, () => ingrid.goto('/publishInfo'));
    await ingrid.waitForURL('**/home');
    await logIn(ingrid, mail, LOGIN, { email: DEMO.partnerB, password: DEMO.password, answer });
    await ingrid.waitForURL('**/publishInfo');
    await chooseForfaiting(ingrid);
    await ingrid.getByText('Agreement intention submitted').first().waitFor();

    // Staff mark the agreement signed; forfaiting's form then opens for Ingrid.
    await staff.goto('/backend/masterAgreements');
    const agreement = rowWith(staff, NORDLYS);
    await agreement.getByText('Waiting for signature').waitFor();
    await agreement.getByRole('button', { name: `Mark the master agreement of ${NORDLYS} signed` }).click();
    const mark = staff
      .locator('.ant-popover:visible')
      .filter({ hasText: `Mark the master agreement of ${NORDLYS} signed?` });
    await mark.getByRole('button', { name: 'Mark signed' }).click();
    await staff.getByText(`The master agreement of ${NORDLYS} is marked signed.`).first().waitFor();

    await ingrid.goto('/publishInfo');
    await startForfaiting(ingrid, FORFAITING);
    expect(await ingrid.getByRole('heading', { name: GATE_TITLE }).count()).toBe(0);
    await ingrid.getByRole('textbox', { name: named('Request name') }).waitFor();

    expect(staff.consoleErrors).toEqual([]);
    // The refused log-in is the only error Ingrid's page logged (its 4xx answers).
    expect(ingrid.consoleErrors.filter((line) => !/status of 40[13]/.test(line))).toEqual([]);
  }, 300_000);
});

/**
 * The institution-users journey (SPEC §1, §6): a partner institution's administrator invites a
 * colleague from the user centre; the invitation e-mail arrives; the colleague opens its link in
 * another browser, sets a password, logs in and is sent to complete the profile. Bank staff (the
 * system administrator) then stop the colleague's account in the back office, and the colleague
 * can no longer log in.
 */
import { describe, expect, it } from 'vitest';
import { captchaAnswer, chooseOption, DEMO, type JourneyPage, mailbox, screenshot, useBrowser } from '../support.ts';

type Mailbox = ReturnType<typeof mailbox>;

const INVITEE = { email: 'new.colleague@harbourview.example', name: 'Nina Tan', password: 'Nina#Tan2026' };
const INSTITUTION = 'Harbourview Commercial Bank';
const INVITATION_LINK = /https?:\/\/\S+\/invitation\?token=[\w-]+/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The accessible name of a field: its label, after antd's required mark if any. */
const named = (label: string) => new RegExp(`^(\\*\\s*)?${escapeRegExp(label)}$`);

/**
 * Logs in through the dialog that is open. On a new device the pre-check asks for an e-mail
 * code too; if another journey sent one to the same address less than a minute ago, the server
 * says to wait, and the helper waits and asks again.
 */
async function logIn(page: JourneyPage, mail: Mailbox, login: { email: string; password: string; answer: string }) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByText('Log in', { exact: true }) });
  await dialog.getByLabel('E-mail', { exact: true }).fill(login.email);
  const precheck = page.waitForResponse((r) => r.url().includes('/api/user/p1/queryLoginEmailFlag'));
  await dialog.getByLabel('Password', { exact: true }).focus();
  const flag = ((await (await precheck).json()) as { data: { flag: string } }).data.flag;
  await dialog.getByLabel('Password', { exact: true }).fill(login.password);
  let picture = login.answer;
  await dialog.getByLabel('Picture code', { exact: true }).fill(picture);
  if (flag === '1') {
    // The code request takes the password and picture code and uses the picture up: the log-in
    // then takes the next picture's answer.
    mail.skipExisting(login.email);
    for (let attempt = 0; ; attempt += 1) {
      await dialog.getByLabel('Picture code', { exact: true }).fill(picture);
      const sent = page.waitForResponse((r) => r.url().includes('/api/user/p1/getEmailCode'));
      picture = await captchaAnswer(page, () => dialog.getByRole('button', { name: 'Send code' }).click());
      const answer = (await (await sent).json()) as { code: string; data: { seconds?: number } | null };
      if (answer.code === '0') break;
      if (answer.code !== 'PRT_RESEND_TOO_SOON' || attempt > 0) throw new Error(`no e-mail code: ${answer.code}`);
      await page.waitForTimeout(((answer.data?.seconds ?? 60) + 1) * 1000);
    }
    await dialog.getByLabel('Picture code', { exact: true }).fill(picture);
    await dialog.getByLabel('E-mail verification code', { exact: true }).fill(await mail.waitForCode(login.email));
  }
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function inviteColleague(admin: JourneyPage, mail: Mailbox) {
  // The tab is login-only: the guard goes home and opens the login, then comes back.
  const answer = await captchaAnswer(admin, () => admin.goto('/userCenter/institutionUsers'));
  await admin.waitForURL('**/home');
  await logIn(admin, mail, { email: DEMO.institutionAdmin, password: DEMO.password, answer });
  await admin.waitForURL('**/userCenter/institutionUsers');
  await admin.getByRole('heading', { level: 1, name: 'Institution users' }).waitFor();
  await admin
    .getByRole('navigation', { name: 'User centre' })
    .getByRole('link', { name: 'Institution users' })
    .waitFor();

  await admin.getByRole('button', { name: 'Invite user' }).click();
  const dialog = admin.locator('.ant-modal:visible');
  await dialog.getByText(/only colleagues who work in the institution's own region: Asia/).waitFor();
  await dialog.getByRole('textbox', { name: named('E-mail') }).fill(INVITEE.email);
  await dialog.getByRole('textbox', { name: named('Name') }).fill(INVITEE.name);
  await chooseOption(
    admin,
    dialog.getByRole('combobox', { name: named('Country/region where they work') }),
    'Singapore',
    'Singa',
  );
  await screenshot(admin, 'users-invite-dialog-en');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await admin.getByText(`An invitation has been sent to ${INVITEE.name} (${INVITEE.email}).`).waitFor();

  // The new row: invited, not accepted yet; editing waits for the acceptance and says so.
  const row = admin.getByRole('row').filter({ hasText: INVITEE.email });
  await row.getByText('Invitation pending').waitFor();
  const edit = row.getByRole('button', { name: /^Edit Nina Tan: Can be edited once the invitation has been accepted/ });
  expect(await edit.getAttribute('aria-disabled')).toBe('true');
  await screenshot(admin, 'users-institution-users-en');
}

async function acceptInvitation(invitee: JourneyPage, mail: Mailbox, link: string) {
  const url = new URL(link);
  await invitee.goto(`${url.pathname}${url.search}`);
  await invitee.getByRole('heading', { level: 1, name: 'Accept invitation' }).waitFor();
  await invitee.getByText(INVITEE.name, { exact: true }).waitFor();
  await invitee.getByText(INSTITUTION, { exact: true }).waitFor();

  await invitee.getByLabel(named('New password')).fill(INVITEE.password);
  await invitee.getByLabel(named('Confirm password')).fill(INVITEE.password);
  await invitee.getByRole('checkbox').check();
  await screenshot(invitee, 'users-invitation-en');
  // Accepting opens the login dialog with the e-mail filled in (and loads its picture code).
  const answer = await captchaAnswer(invitee, () => invitee.getByRole('button', { name: 'Activate account' }).click());
  await invitee.getByText('Your account is ready').waitFor();
  const dialog = invitee.getByRole('dialog').filter({ has: invitee.getByText('Log in', { exact: true }) });
  await expect.poll(() => dialog.getByLabel('E-mail', { exact: true }).inputValue()).toBe(INVITEE.email);

  // The first log-in leads to completing the profile.
  await logIn(invitee, mail, { email: INVITEE.email, password: INVITEE.password, answer });
  // The success toast is one slot (app/providers/ToastBridge.tsx): the profile page's own notice
  // may take it at once, so the page reached is the proof.
  await invitee.waitForURL('**/register');
  await invitee.getByRole('heading', { level: 1, name: 'Complete your profile' }).waitFor();
  await screenshot(invitee, 'users-invitee-complete-profile-en');
}

async function stopInBackOffice(staff: JourneyPage, mail: Mailbox) {
  const answer = await captchaAnswer(staff, () => staff.goto('/backend/users'));
  await staff.waitForURL('**/home');
  // The system administrator is bank staff too (roles 50 and 99). The review journey logs in as
  // staff@bank.example in both languages; a log-in here would make its second one wait a minute
  // for an e-mail code (new device, one code a minute per address), so this journey uses the
  // other bank account.
  await logIn(staff, mail, { email: DEMO.admin, password: DEMO.password, answer });
  await staff.waitForURL('**/backend/users');
  await staff.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
  await staff.getByRole('searchbox', { name: 'Search accounts' }).fill(INVITEE.email);
  await staff.keyboard.press('Enter');
  await staff.waitForURL(/q=new\.colleague/);
  const row = staff.getByRole('row').filter({ hasText: INVITEE.email });
  await row.getByText('General user').waitFor();
  await row.getByRole('button', { name: `Stop the account of ${INVITEE.name}` }).click();

  const dialog = staff.locator('.ant-modal:visible');
  await dialog.getByText(/is logged out at once and cannot log in/).waitFor();
  await dialog.getByRole('textbox', { name: named('Reason') }).fill('Left the institution (e2e journey).');
  await dialog.getByRole('button', { name: 'Stop account' }).click();
  await staff.getByText(`The account of ${INVITEE.name} has been stopped.`).waitFor();
  await row.getByText('Stopped', { exact: true }).waitFor();
  await row.getByRole('button', { name: `Re-enable the account of ${INVITEE.name}` }).waitFor();
  await screenshot(staff, 'users-backoffice-accounts-en');
}

describe('[ACCOUNTS][INVITE_USER]: an institution administrator invites a colleague, bank staff stop the account', () => {
  const browser = useBrowser();

  it('invites by e-mail, the invitee sets a password and completes the profile, and a stopped invitee cannot log in', {
    timeout: 180_000,
  }, async () => {
    const mail = mailbox();
    const admin = await browser.newPage({ locale: 'en-US' });
    await inviteColleague(admin, mail);

    const invitation = await mail.waitFor(INVITEE.email, (message) => INVITATION_LINK.test(message.text));
    const link = INVITATION_LINK.exec(invitation.text)![0];

    const invitee = await browser.newPage({ locale: 'en-US' });
    await acceptInvitation(invitee, mail, link);

    // The link works once: opened again, it says the account is already active (SPEC §8).
    const again = await browser.newPage({ locale: 'en-US' });
    await again.goto(`${new URL(link).pathname}${new URL(link).search}`);
    await again.getByText('This invitation has already been accepted').waitFor();
    await again.getByText(/The account is active\. Log in/).waitFor();

    const staff = await browser.newPage({ locale: 'en-US' });
    await stopInBackOffice(staff, mail);

    // The invitee's session ended with the stop. The server says so once (to whichever request
    // of the open page comes first, the live message stream's included) and drops the cookie, so
    // the account page asks for a log-in either way; the log-in is refused with the reason.
    const answer = await captchaAnswer(invitee, () => invitee.goto('/userCenter/userInfo'));
    await invitee.waitForURL('**/home');
    await logIn(invitee, mail, { email: INVITEE.email, password: INVITEE.password, answer });
    await invitee.getByText('This account has been stopped. Please contact your account manager.').first().waitFor();
    await screenshot(invitee, 'users-invitee-stopped-en');

    expect(admin.consoleErrors).toEqual([]);
    expect(staff.consoleErrors).toEqual([]);
    // The ended session (401) and the refused log-in (403) are HTTP errors the browser reports;
    // nothing else may fail.
    expect(invitee.consoleErrors.filter((line) => !/status of 40[13]/.test(line))).toEqual([]);
    expect(again.consoleErrors.filter((line) => !/status of 4\d\d/.test(line))).toEqual([]);
  });
});

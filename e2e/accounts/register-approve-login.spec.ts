/**
 * The accounts journey of DESIGN.md's golden path, in English and in Chinese: a partner's staff
 * member registers with the e-mail code read from the SMTP server, submits and sees the review
 * page; bank staff approve the application in the back office; the partner logs in with the
 * picture code and lands on the page they wanted.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, type Mailbox } from '../cooperation/cooperation-helpers.ts';
import {
  captchaAnswer,
  chooseOption,
  DEMO,
  type JourneyPage,
  LOGIN_TEXT,
  mailbox,
  networkQuiet,
  screenshot,
  useBrowser,
} from '../support.ts';

type Locale = 'en-US' | 'zh-CN';

/** What the journey reads and clicks, in each language. */
const TEXT = {
  'en-US': {
    short: 'en',
    register: 'Register',
    workEmail: 'E-mail',
    emailCode: 'E-mail verification code',
    sendCode: 'Send code',
    next: 'Next',
    instNm: 'Institution name',
    instSwiftCode: 'Institution SWIFT code',
    branchType: 'Branch type',
    headOffice: 'Head office',
    usrNm: 'Name',
    jobTitle: 'Job title',
    phone: 'Contact phone',
    generalUser: /^General user/,
    country: 'Country/region',
    countrySearch: 'Hong Kong',
    countryName: 'Hong Kong SAR, China',
    officeAddress: 'Office address',
    releaseInfoTypes: 'Types of information you will publish',
    tradeFinance: 'Trade finance and factoring',
    interestedTypes: 'Cooperation types of interest',
    forfaiting: 'Forfaiting',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    submit: 'Submit application',
    registered: 'Register Successfully',
    viewStatus: 'View application status',
    underReviewTitle: 'Application review',
    underReview: 'Under review',
    underReviewText: 'Your application is under review.',
    loginTitle: 'Log in',
    email: 'E-mail',
    password: 'Password',
    pictureCode: 'Picture code',
    newPicture: LOGIN_TEXT['en-US'].newPicture,
    logIn: 'Log in',
    loggedIn: 'Login Successfully',
    logOut: 'Log out',
    loggedOut: 'Logout Successfully',
    registrationsTitle: 'Registration review',
    search: 'Search registrations',
    review: /Open the registration of/,
    approve: 'Approve',
    approved: /has been approved/,
    agree: 'Agree',
    agreeTick: /I have read and agree/,
    accountInfo: 'Account information',
    approvedStatus: 'Approved',
  },
  'zh-CN': {
    short: 'zh',
    register: '注册',
    workEmail: '邮箱',
    emailCode: '邮箱验证码',
    sendCode: '发送验证码',
    next: '下一步',
    instNm: '机构名称',
    instSwiftCode: '机构 SWIFT 代码',
    branchType: '分支机构类型',
    headOffice: '总行/总部',
    usrNm: '姓名',
    jobTitle: '职务',
    phone: '联系电话',
    generalUser: /^普通用户/,
    country: '国家/地区',
    countrySearch: '中国香港',
    countryName: '中国香港',
    officeAddress: '办公地址',
    releaseInfoTypes: '拟发布信息类型',
    tradeFinance: '贸易融资及保理',
    interestedTypes: '感兴趣的合作类型',
    forfaiting: '福费廷',
    newPassword: '新密码',
    confirmPassword: '确认密码',
    submit: '提交申请',
    registered: '注册成功',
    viewStatus: '查看审核状态',
    underReviewTitle: '注册审核',
    underReview: '审核中',
    underReviewText: '您的申请正在审核中',
    loginTitle: '登录',
    email: '邮箱',
    password: '密码',
    pictureCode: '图形验证码',
    newPicture: LOGIN_TEXT['zh-CN'].newPicture,
    logIn: '登录',
    loggedIn: '登录成功',
    logOut: '退出登录',
    loggedOut: '退出成功',
    registrationsTitle: '注册审核',
    search: '搜索注册申请',
    review: /的注册申请/,
    approve: '批准',
    approved: /已批准/,
    agree: '同意',
    agreeTick: /我已阅读并同意/,
    accountInfo: '账户信息',
    approvedStatus: '已通过',
  },
} as const;

type Text = (typeof TEXT)[Locale];

const PARTNER_PASSWORD = 'Partner#2026';

/** A SWIFT code no other test uses: 4 letters, HK, HH. */
function uniqueSwift(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)];
  return `${pick()}${pick()}${pick()}${pick()}HKHH`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The accessible name of a field: its label, after antd's required mark if any. */
const named = (label: string) => new RegExp(`^(\\*\\s*)?${escapeRegExp(label)}$`);

/** The text input labelled `label` (antd's required mark counts in the name). */
function textbox(page: Page, label: string) {
  return page.getByRole('textbox', { name: named(label) });
}

/** The password input labelled `label` (password inputs have no role). */
function passwordBox(page: Page, label: string) {
  return page.getByLabel(named(label));
}

/** The antd select (or tree select) labelled `label`. */
function combobox(page: Page, label: string) {
  return page.getByRole('combobox', { name: named(label) });
}

async function register(page: JourneyPage, mail: Mailbox, text: Text, email: string) {
  await page.goto('/home');
  await page.getByRole('banner').getByRole('link', { name: text.register, exact: true }).click();
  await page.waitForURL('**/register');

  // 1. Work e-mail and the code sent to it.
  await textbox(page, text.workEmail).fill(email);
  await page.getByRole('button', { name: text.sendCode }).click();
  await textbox(page, text.emailCode).fill(await mail.waitForCode(email));
  await page.getByRole('button', { name: text.next }).click();

  // 2. The profile: it opens clean, with no field marked before the person has touched it.
  await page.locator('#register_profile_instNm').waitFor();
  expect(await page.locator('.ant-form-item-explain-error').count()).toBe(0);
  await textbox(page, text.instNm).waitFor();
  await textbox(page, text.instNm).fill(`Pearl River Trade Bank ${text.short.toUpperCase()}`);
  await textbox(page, text.instSwiftCode).fill(uniqueSwift().toLowerCase());
  await chooseOption(page, combobox(page, text.branchType), text.headOffice);
  await textbox(page, text.usrNm).fill(text.short === 'en' ? 'Grace Ho' : '何嘉怡');
  await textbox(page, text.jobTitle).fill(text.short === 'en' ? 'Trade Finance Manager' : '贸易融资经理');
  await textbox(page, text.phone).fill('+852 2810 6000');
  await page.getByRole('radio', { name: text.generalUser }).check();
  await chooseOption(page, combobox(page, text.country), text.countryName, text.countrySearch);
  await textbox(page, text.officeAddress).fill('1 Harbour View Street, Central, Hong Kong');
  await chooseOption(page, combobox(page, text.releaseInfoTypes), text.tradeFinance);
  await page.keyboard.press('Escape');
  await combobox(page, text.interestedTypes).fill(text.forfaiting);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-title')
    .filter({ hasText: text.forfaiting })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await screenshot(page, `accounts-register-profile-${text.short}`);
  await page.getByRole('button', { name: text.next }).click();

  // 3. Password and the agreements.
  await passwordBox(page, text.newPassword).fill(PARTNER_PASSWORD);
  await passwordBox(page, text.confirmPassword).fill(PARTNER_PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: text.submit }).click();

  await page.waitForURL('**/SumitSuccess');
  await page.getByText(text.registered).first().waitFor();
  await page.getByRole('link', { name: text.viewStatus }).click();
  await page.waitForURL('**/UnderReview');
  await page.getByRole('heading', { level: 1, name: text.underReviewTitle }).waitFor();
  // Not logged in: the browser that registered sees its application under review (by its cookie).
  const status = page.getByTestId('application-status');
  await status.getByText(text.underReview, { exact: true }).waitFor();
  await status.getByText(text.underReviewText, { exact: false }).waitFor();
  await screenshot(page, `accounts-under-review-${text.short}`);
  // On a phone the status reads whole, without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await screenshot(page, `accounts-under-review-390-${text.short}`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function approveAsStaff(staff: JourneyPage, mail: Mailbox, text: Text, email: string) {
  // The back office is login-only: the guard remembers it, goes home and opens the login.
  const answer = captchaAnswer(staff, () => staff.goto('/backend/registrations'));
  await staff.waitForURL('**/home');
  await logIn(staff, mail, text, { email: DEMO.staff, password: DEMO.password, answer });

  await staff.waitForURL('**/backend/registrations');
  await staff.getByRole('heading', { level: 1, name: text.registrationsTitle }).waitFor();
  await staff.getByRole('searchbox', { name: text.search }).fill(email);
  await staff.keyboard.press('Enter');
  const row = staff.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: text.review }).click();

  const drawer = staff.getByTestId('registration-detail');
  await drawer.getByText(text.countryName).first().waitFor();
  await drawer.getByText(text.forfaiting).waitFor();
  // Let the drawer finish sliding in before the picture is taken.
  await staff
    .locator('.ant-drawer-content-wrapper')
    .evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  await screenshot(staff, `accounts-backoffice-review-${text.short}`);
  await staff.locator('.ant-drawer-footer').getByRole('button', { name: text.approve, exact: true }).click();
  const confirm = staff.locator('.ant-modal:visible');
  await confirm.getByRole('button', { name: text.approve, exact: true }).click();
  await staff.getByText(text.approved).first().waitFor();
}

describe('[ACCOUNTS][REGISTER_APPROVE_LOGIN]: a partner registers, bank staff approve, the partner logs in', () => {
  const browser = useBrowser();

  for (const locale of ['en-US', 'zh-CN'] as const) {
    const text = TEXT[locale];

    // Staff log in from a browser the run knows (cooperation-helpers' logIn): only the new
    // partner's log-in takes an e-mail code.
    it(`registers with the e-mail code, is approved in the back office and logs in (${locale})`, {
      timeout: 240_000,
    }, async () => {
      const mail = mailbox();
      const email = `grace.ho.${text.short}.${Date.now()}@pearlriver-bank.example`;
      const partner = await browser.newPage({ locale });
      await register(partner, mail, text, email);

      const staff = await browser.newPage({ locale });
      await approveAsStaff(staff, mail, text, email);
      // The applicant is told by e-mail.
      await mail.waitFor(email, (message) => /has been approved|已通过/.test(message.subject));

      // The partner asks for a login-only page: the guard remembers it and asks to log in.
      const answer = captchaAnswer(partner, () => partner.goto('/userCenter/userInfo?from=mail'));
      await partner.waitForURL('**/home');
      await logIn(partner, mail, text, { email, password: PARTNER_PASSWORD, answer });
      const agreement = partner.getByRole('checkbox', { name: text.agreeTick });
      if (await agreement.isVisible().catch(() => false)) {
        await agreement.check();
        await partner.getByRole('button', { name: text.agree, exact: true }).click();
      }

      await partner.waitForURL('**/userCenter/userInfo?from=mail');
      await partner.getByRole('heading', { level: 1, name: text.accountInfo }).waitFor();
      await partner.getByText(email).first().waitFor();
      await partner.getByText(text.approvedStatus, { exact: true }).waitFor();
      await screenshot(partner, `accounts-user-info-${text.short}`);

      // Log-out from this login-only page (SPEC §4): home, no log-in dialog, no page to return to.
      await partner
        .getByRole('banner')
        .getByRole('button', { name: text.short === 'en' ? /Grace Ho/ : /何嘉怡/ })
        .click();
      await partner.getByRole('menuitem', { name: text.logOut, exact: true }).click();
      await partner.getByText(text.loggedOut).first().waitFor();
      await partner.waitForURL('**/home');
      await partner.getByRole('banner').getByRole('button', { name: text.logIn, exact: true }).waitFor();
      // The dialog this once opened did so while home loaded: give the page its requests' answers
      // and a moment before counting.
      await networkQuiet(partner);
      await partner.waitForTimeout(300);
      expect(await partner.getByRole('dialog').count()).toBe(0);
      expect(await partner.evaluate(() => window.localStorage.getItem('nextPath'))).toBeNull();

      expect(partner.consoleErrors).toEqual([]);
      expect(staff.consoleErrors).toEqual([]);
    });
  }
});

/**
 * The seal-and-contract journey (issue "Electronic seals and contracts", Done when), in English
 * and in Chinese: a user applies for a seal with an uploaded PNG and authorization file and
 * accepts the e-signature agreement; staff of the chosen branch approve it; on an agreed
 * intention the user uploads a contract PDF, previews it and confirms it; stamps the new seal on
 * page 1 and signs with the e-mailed code; the other party is told (message and e-mail), stamps
 * its seal on the last page and signs; both see "Signed"; the signed PDF downloads. That PDF,
 * checked by poppler's pdfsig, carries two valid signatures and the document timestamp of
 * PAdES B-LTA, and the evidence report attached in both languages (poppler's pdfdetach): the report
 * downloaded in the page's language is, twice, the very bytes attached. A copy with one byte
 * changed inside a signed range is reported broken by pdfsig; the public /verify page answers the
 * intact file with the green verdict (recorded here) and the copy with the red one.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  boundingBox,
  isRed,
  makeSealPng,
  makeTestPdf,
  pdfText,
  renderPage,
  runPdfsig,
} from '../../apps/server/src/platform/signing/test-fixtures.ts';
import { pdfdetach } from '../../apps/server/test/require-tool.ts';
import { chooseOption, DEMO, type JourneyPage, LOGIN_TEXT, mailbox, screenshot, useBrowser } from '../support.ts';
import {
  byteRanges,
  chooseFile,
  containing,
  download,
  dragOnto,
  flipByte,
  logInAt,
  type Mailbox,
  named,
  startsWith,
  waitForDrawnPage,
  windowScreenshot,
} from './contract-helpers.ts';

type Locale = 'en-US' | 'zh-CN';

const HARBOURVIEW = 'Harbourview Commercial Bank';

/** What the journey reads, clicks and types, in each language (the i18n files' texts). */
const TEXT = {
  'en-US': {
    short: 'en',
    ...LOGIN_TEXT['en-US'],
    // user centre
    userCentre: 'User centre',
    mySeals: 'My signature seals',
    myCooperation: 'My cooperation',
    messageCentre: 'Message centre',
    // my signature seals
    applyButton: 'Apply for a seal',
    applyTitle: 'Apply for an electronic seal',
    sealName: 'Seal name',
    choosePng: 'Choose a PNG',
    previewAlt: 'Preview of the seal image',
    period: 'Application period',
    reason: 'Reason for the application',
    reasonText: 'Signing the cooperation contracts Harbourview agrees with partner banks on the portal.',
    authorization: 'Choose a PDF',
    approver: 'Approver branch',
    hongKong: 'Hong Kong Branch',
    hongKongSearch: 'Hong Kong',
    agreementLink: 'E-signature agreement',
    agreementTitle: 'Electronic Signature Service Agreement',
    agreementAccept: 'I accept',
    agreementBox: /^I have read and accept the\s+E-signature agreement$/,
    submitApplication: 'Submit application',
    applied: (name: string) => `Your application for the seal “${name}” (No. `,
    submitted: 'Submitted',
    effective: 'Effective',
    sealImageAlt: (name: string) => `Seal “${name}”`,
    stampedFiles: 'Stamped files',
    // back office
    sealApplications: 'Seal applications',
    searchApplications: 'Search seal applications',
    reviewFor: (name: string) => startsWith(`Review – seal “${name}” of `),
    drawerTitle: (name: string) => `Seal application: ${name}`,
    showAuthorization: 'Show here',
    startReview: 'Start review',
    pendingApproval: 'Pending approval',
    approve: 'Approve',
    approveTitle: 'Approve the seal application?',
    approved: (name: string) => `The seal “${name}” of ${HARBOURVIEW} has been approved.`,
    // contracts tab
    contractsTab: 'Contracts',
    myContracts: 'My contracts',
    contractsTable: 'Contracts of agreed cooperation',
    uploadFor: (name: string) => `Upload contract for ${name}`,
    uploadTitle: 'Upload the contract',
    drop: 'Drop the PDF here, or click to choose it',
    chosen: 'Chosen: contract.pdf',
    upload: 'Upload',
    notUploaded: 'Not uploaded',
    signedStatus: 'Signed',
    bothSigned: 'Signed by both sides',
    downloadSignedFor: (name: string) => `Download the signed PDF of ${name}`,
    downloadEvidenceFor: (name: string) => `Download the evidence report of ${name}`,
    evidenceTitle: 'Evidence report',
    // preview page
    pageOf: 'Page 1 of 3',
    documentLabel: (title: string) => `Pages of ${title}`,
    uploadedNotSigned: 'Uploaded, not signed',
    confirmContract: 'Confirm contract',
    confirmTitle: 'Confirm this contract?',
    confirmWarning: 'After confirming, the upload cannot be undone, deleted or replaced.',
    confirm: 'Confirm',
    confirmed: 'The contract has been confirmed. It can now be signed.',
    goSign: 'Go to sign',
    waitOther: 'Your institution has signed. Waiting for the other side.',
    allSigned: 'Both sides have signed. Download the signed PDF and the evidence report.',
    signedPdf: 'Signed PDF',
    // sign page
    signTitle: (title: string) => `Sign “${title}”`,
    chooseSeal: (name: string) => `${name} ES`,
    placeOnPage: (name: string, page: number) => `Place “${name}” on page ${page}`,
    placedLabel: (name: string, page: number) => `Seal ${name} on page ${page}`,
    placedSummary: (page: number) => `1 seal placed, on page ${page}`,
    sign: 'Sign',
    signDialog: 'Sign the contract',
    signSummary: (page: number) => `1 seal will be stamped, on page ${page}:`,
    signCode: 'Code sent to your e-mail',
    codeSent: 'The code has been sent to your e-mail.',
    confirmAndSign: 'Confirm and sign',
    signedToast: 'The contract has been signed.',
    // message centre
    contractSignedType: 'Contract signed',
    openSignedMessage: (title: string) => containing(`Open: ${HARBOURVIEW} signed the contract “${title}”`),
    // verify
    verifyTitle: 'Verify a signed PDF',
    verifyDrop: 'Drop a PDF here, or click to choose it',
    reportOn: (name: string) => `Report on ${name}`,
    allIntact:
      'Every signature is intact, was made on this portal with a seal valid at the time, and nothing was changed after the last one.',
    someBroken: 'Do not rely on this document:',
    recordedYes: (title: string) => `Matches a contract recorded here: “${title}”`,
    recordedNo: 'Not a file recorded by this portal.',
    intact: 'Intact',
    broken: 'Broken',
  },
  'zh-CN': {
    short: 'zh',
    ...LOGIN_TEXT['zh-CN'],
    userCentre: '用户中心',
    mySeals: '我的签章',
    myCooperation: '我的合作',
    messageCentre: '消息中心',
    applyButton: '申请印章',
    applyTitle: '申请电子印章',
    sealName: '印章名称',
    choosePng: '选择 PNG 图片',
    previewAlt: '印章图片预览',
    period: '申请期限',
    reason: '申请事由',
    reasonText: '用于在本平台签署我行与同业达成的福费廷合作合同。',
    authorization: '选择 PDF 文件',
    approver: '审批分行',
    hongKong: '香港分行',
    hongKongSearch: '香港',
    agreementLink: '电子签章协议',
    agreementTitle: '电子签章服务协议',
    agreementAccept: '我接受',
    agreementBox: /^我已阅读并接受\s*电子签章协议$/,
    submitApplication: '提交申请',
    applied: (name: string) => `印章“${name}”（编号 `,
    submitted: '已提交',
    effective: '已生效',
    sealImageAlt: (name: string) => `印章“${name}”`,
    stampedFiles: '签章文件',
    sealApplications: '印章审批',
    searchApplications: '搜索印章申请',
    reviewFor: (name: string) => containing('审批 – ', `的印章“${name}”`),
    drawerTitle: (name: string) => `印章申请：${name}`,
    showAuthorization: '在此查看',
    startReview: '开始审批',
    pendingApproval: '待审批',
    approve: '通过',
    approveTitle: '通过该印章申请？',
    approved: (name: string) => `的印章“${name}”已审批通过。`,
    contractsTab: '合同',
    myContracts: '我的合同',
    contractsTable: '已达成合作的合同',
    uploadFor: (name: string) => `为“${name}”上传合同`,
    uploadTitle: '上传合同',
    drop: '将 PDF 拖到此处，或点击选择文件',
    chosen: '已选择：contract.pdf',
    upload: '上传',
    notUploaded: '未上传',
    signedStatus: '已签署',
    bothSigned: '双方均已签署',
    downloadSignedFor: (name: string) => `下载“${name}”的已签署合同`,
    downloadEvidenceFor: (name: string) => `下载“${name}”的存证报告`,
    evidenceTitle: '存证报告',
    pageOf: '第 1 页，共 3 页',
    documentLabel: (title: string) => `“${title}”的页面`,
    uploadedNotSigned: '已上传未签署',
    confirmContract: '确认合同',
    confirmTitle: '确认该合同？',
    confirmWarning: '确认后，上传将不可撤销，也不能删除或替换。',
    confirm: '确认',
    confirmed: '合同已确认，现在可以签署。',
    goSign: '去签署',
    waitOther: '本机构已签署，等待对方签署。',
    allSigned: '双方均已签署，可下载已签署合同和存证报告。',
    signedPdf: '已签署合同',
    signTitle: (title: string) => `签署“${title}”`,
    chooseSeal: (name: string) => `${name} ES`,
    placeOnPage: (name: string, page: number) => `将“${name}”放置在第 ${page} 页`,
    placedLabel: (name: string, page: number) => `第 ${page} 页上的印章 ${name}`,
    placedSummary: (page: number) => `已放置 1 枚印章，位于第 ${page} 页`,
    sign: '签署',
    signDialog: '签署合同',
    signSummary: (page: number) => `将盖 1 枚印章，位于第 ${page} 页：`,
    signCode: '邮箱验证码',
    codeSent: '验证码已发送至您的邮箱。',
    confirmAndSign: '确认签署',
    signedToast: '合同已签署。',
    contractSignedType: '合同已签署',
    openSignedMessage: (title: string) => containing(`打开：${HARBOURVIEW}签署了合同“${title}”`),
    verifyTitle: '验证签章文件',
    verifyDrop: '将 PDF 拖到此处，或点击选择文件',
    reportOn: (name: string) => `${name} 的验证报告`,
    allIntact: '所有签名均完好，均由本平台在印章有效期内签署，最后一次签名之后文件未被改动。',
    someBroken: '不可依赖本文件：',
    recordedYes: (title: string) => `与本平台记录的合同一致：“${title}”`,
    recordedNo: '不是本平台记录的文件。',
    intact: '完好',
    broken: '已失效',
  },
} as const;

type Text = (typeof TEXT)[Locale];

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The files attached to a PDF, by name, as poppler's pdfdetach lists and saves them. */
function attachmentsOf(pdf: Uint8Array): Map<string, Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'pdfdetach-'));
  try {
    const file = join(dir, 'signed.pdf');
    writeFileSync(file, pdf);
    const list = spawnSync(pdfdetach(), ['-list', file], { encoding: 'utf8' }).stdout ?? '';
    const names = [...list.matchAll(/^\s*\d+:\s*(.+)$/gm)].map((match) => match[1]!.trim());
    return new Map(
      names.map((name, i) => {
        const out = join(dir, `attachment-${i}`);
        spawnSync(pdfdetach(), ['-save', String(i + 1), '-o', out, file]);
        return [name, readFileSync(out)];
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The two deals the demo leaves without a contract, one walked in each language. */
const RUNS = {
  'en-US': {
    applicant: DEMO.institutionAdmin, // Amy Chan, Harbourview: the intention's sender
    other: DEMO.partnerB, // Ingrid Berg, Nordlys: the request's publisher
    otherPath: '/userCenter/messageCenter',
    request: 'Pre-shipment order financing for salmon exports to Asia',
    otherSeal: 'Kontraktsegl / Contract Seal',
    sealName: (run: string) => `Export Contract Seal ${run}`,
    // The other party places its seal by dragging it onto the last page.
    otherPlaces: 'drag' as const,
  },
  'zh-CN': {
    applicant: DEMO.partnerA, // Kevin Lau, Harbourview: the intention's sender
    other: DEMO.staff, // Chen Jing, the bank: the request's publisher (and the seals' reviewer)
    otherPath: '/userCenter/messageCenter',
    request: '二级市场福费廷资产买入，单笔不超过1000万美元',
    otherSeal: '合同专用章',
    sealName: (run: string) => `福费廷业务专用章 ${run}`,
    otherPlaces: 'keyboard' as const,
  },
} as const;

type Run = (typeof RUNS)[Locale];

const png = (name: string, bytes: Uint8Array) => ({ name, mimeType: 'image/png', buffer: Buffer.from(bytes) });
const pdf = (name: string, bytes: Uint8Array) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(bytes) });

/** The applicant fills in "Apply for a seal" with an uploaded PNG and PDF and accepts the agreement. */
async function applyForSeal(page: JourneyPage, text: Text, sealName: string) {
  await page.getByRole('heading', { level: 1, name: text.mySeals }).waitFor();
  await page.getByRole('button', { name: text.applyButton }).first().click();
  const drawer = page.getByRole('dialog').filter({ hasText: text.applyTitle });
  await drawer.getByRole('textbox', { name: named(text.sealName) }).fill(sealName);
  await chooseFile(page, drawer.getByRole('button', { name: text.choosePng }), png('seal.png', makeSealPng(300)));
  await drawer.getByRole('img', { name: text.previewAlt }).waitFor();
  await drawer.getByText('seal.png', { exact: true }).waitFor();
  await drawer.getByRole('spinbutton', { name: named(text.period) }).fill('24');
  await drawer.getByRole('textbox', { name: named(text.reason) }).fill(text.reasonText);
  await chooseFile(
    page,
    drawer.getByRole('button', { name: text.authorization }),
    pdf('authorization-letter.pdf', await makeTestPdf(1)),
  );
  await drawer.getByText('authorization-letter.pdf', { exact: true }).waitFor();
  await chooseOption(
    page,
    drawer.getByRole('combobox', { name: named(text.approver) }),
    text.hongKong,
    text.hongKongSearch,
  );

  // The agreement: read it, then accept it (which ticks the box).
  await drawer.getByRole('button', { name: text.agreementLink }).click();
  const agreement = page.getByRole('dialog', { name: text.agreementTitle });
  await agreement.getByRole('document', { name: text.agreementTitle }).waitFor();
  await agreement.getByRole('button', { name: text.agreementAccept }).click();
  await agreement.waitFor({ state: 'hidden' });
  await expect.poll(() => drawer.getByRole('checkbox', { name: text.agreementBox }).isChecked()).toBe(true);
  await screenshot(page, `contracts-seal-application-${text.short}`);

  await drawer.getByRole('button', { name: text.submitApplication }).click();
  await page
    .getByText(startsWith(text.applied(sealName)))
    .first()
    .waitFor();
  await drawer.waitFor({ state: 'hidden' });
  const card = sealCard(page, sealName);
  await card.getByText(text.submitted, { exact: true }).waitFor();
}

function sealCard(page: JourneyPage, sealName: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name: startsWith(sealName) }) });
}

/** Staff of the Hong Kong branch find the application, read it with its authorization file, approve it. */
async function approveSeal(staff: JourneyPage, text: Text, sealName: string) {
  await staff.getByRole('heading', { level: 1, name: text.sealApplications }).waitFor();
  await staff.getByRole('searchbox', { name: text.searchApplications }).fill(sealName);
  await staff.keyboard.press('Enter');
  const row = staff.getByRole('row').filter({ hasText: sealName });
  await row.getByText(text.submitted, { exact: true }).waitFor();
  await row.getByText(text.hongKong).waitFor();
  await screenshot(staff, `contracts-seal-queue-${text.short}`);
  await row.getByRole('button', { name: text.reviewFor(sealName) }).click();

  const drawer = staff.getByRole('dialog').filter({ hasText: text.drawerTitle(sealName) });
  const detail = drawer.getByTestId('seal-review');
  await detail.getByRole('img', { name: text.sealImageAlt(sealName) }).waitFor();
  await detail.getByText(text.reasonText).waitFor();
  await detail.getByText('authorization-letter.pdf').waitFor();
  await detail.getByRole('button', { name: text.showAuthorization }).click();
  const viewer = detail.locator('.seal-review__pdf .pdf-viewer');
  await viewer.locator('canvas').first().waitFor({ timeout: 20_000 });
  await staff.waitForTimeout(400); // the drawer has slid in, the PDF is drawn
  await screenshot(staff, `contracts-seal-review-drawer-${text.short}`);
  // The viewer looks as on the public pages: its tools on a dark bar, the page on grey.
  expect(await viewer.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(82, 90, 102)');
  await viewer.scrollIntoViewIfNeeded();
  await screenshot(staff, `contracts-seal-review-authorization-${text.short}`);

  // Opening only shows the application; Start review takes it on (no GET changes state).
  await drawer.getByRole('button', { name: text.startReview, exact: true }).click();
  await drawer.getByText(text.pendingApproval, { exact: true }).first().waitFor();
  await drawer.getByRole('button', { name: text.approve, exact: true }).click();
  const confirm = staff.locator('.ant-modal:visible').filter({ hasText: text.approveTitle });
  await confirm.getByRole('button', { name: text.approve, exact: true }).click();
  await staff.getByText(text.approved(sealName)).first().waitFor();
  await drawer.getByText(text.effective, { exact: true }).first().waitFor();
}

/**
 * The row of the deal under My cooperation → Contracts: from the user centre's menu, or from a
 * contract page by its "My contracts" link.
 */
async function contractRow(page: JourneyPage, text: Text, request: string) {
  if (page.url().includes('/userCenter/')) {
    await page
      .getByRole('navigation', { name: text.userCentre })
      .getByRole('link', { name: text.myCooperation })
      .click();
    await page.getByRole('heading', { level: 1, name: text.myCooperation }).waitFor();
    await page.getByRole('tab', { name: text.contractsTab }).click();
  } else {
    await page.getByRole('link', { name: text.myContracts, exact: true }).click();
  }
  await page.waitForURL(/tab=contracts/);
  await page.getByRole('heading', { level: 1, name: text.myCooperation }).waitFor();
  await page.getByRole('tab', { name: text.contractsTab, selected: true }).waitFor();
  return page.getByRole('table', { name: text.contractsTable }).getByRole('row').filter({ hasText: request });
}

/** Uploads the contract from the Contracts tab, previews it (pdf.js draws page 1) and confirms it. */
async function uploadPreviewConfirm(page: JourneyPage, text: Text, run: Run, contract: Uint8Array) {
  const row = await contractRow(page, text, run.request);
  await row.getByText(text.notUploaded, { exact: true }).waitFor();
  await screenshot(page, `contracts-tab-before-upload-${text.short}`);
  await row.getByRole('button', { name: text.uploadFor(run.request) }).click();
  const dialog = page.locator('.ant-modal:visible').filter({ hasText: text.uploadTitle });
  await expect.poll(() => dialog.getByRole('textbox').inputValue()).toBe(run.request);
  await chooseFile(page, dialog.getByText(text.drop), pdf('contract.pdf', contract));
  await dialog.getByText(startsWith(text.chosen)).waitFor();
  await dialog.getByRole('button', { name: text.upload, exact: true }).click();

  await page.waitForURL('**/previewContract?id=*');
  await page.getByRole('heading', { level: 1, name: run.request }).waitFor();
  await page.getByText(text.uploadedNotSigned, { exact: true }).first().waitFor();
  const pages = page.getByRole('region', { name: text.documentLabel(run.request) });
  await waitForDrawnPage(pages, 1);
  await page.getByText(text.pageOf, { exact: true }).waitFor();
  await screenshot(page, `contracts-preview-${text.short}`);

  await page.getByRole('button', { name: text.confirmContract }).click();
  const confirm = page.locator('.ant-modal:visible').filter({ hasText: text.confirmTitle });
  await confirm.getByText(text.confirmWarning).waitFor();
  await screenshot(page, `contracts-confirm-dialog-${text.short}`);
  await confirm.getByRole('button', { name: text.confirm, exact: true }).click();
  await page.getByText(text.confirmed).first().waitFor();
}

/**
 * From the contract page: to the sign page, the seal placed on `pageNumber` (chosen and "Place
 * on page n", or dragged there with the mouse), signed with the e-mailed code; back on the
 * contract page.
 */
async function placeAndSign(
  page: JourneyPage,
  mail: Mailbox,
  text: Text,
  who: { email: string; seal: string; title: string },
  pageNumber: number,
  how: 'keyboard' | 'drag',
  shot: string,
) {
  await page.getByRole('link', { name: text.goSign }).click();
  await page.waitForURL('**/signContract?id=*');
  await page.getByRole('heading', { level: 1, name: text.signTitle(who.title) }).waitFor();
  const pages = page.getByRole('region', { name: text.documentLabel(who.title) });
  await waitForDrawnPage(pages, 1);
  const seal = page.getByRole('button', { name: startsWith(text.chooseSeal(who.seal)) });
  const target = pages.locator(`figure[data-page="${pageNumber}"]`);
  if (how === 'keyboard') {
    await seal.click();
    await expect.poll(() => seal.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: text.placeOnPage(who.seal, pageNumber) }).click();
  } else {
    await target.scrollIntoViewIfNeeded();
    await waitForDrawnPage(pages, pageNumber);
    await dragOnto(page, seal, target);
  }
  const stamp = target.getByRole('button', { name: text.placedLabel(who.seal, pageNumber), exact: true });
  await stamp.waitFor();
  // Where it landed: inside the page it was put on.
  const [box, pageBox] = [await stamp.boundingBox(), await target.boundingBox()];
  expect(box && pageBox).toBeTruthy();
  if (box && pageBox) {
    expect(box.x).toBeGreaterThanOrEqual(pageBox.x - 1);
    expect(box.y).toBeGreaterThanOrEqual(pageBox.y - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(pageBox.x + pageBox.width + 1);
    expect(box.y + box.height).toBeLessThanOrEqual(pageBox.y + pageBox.height + 1);
  }
  await page.getByText(text.placedSummary(pageNumber), { exact: true }).waitFor();
  // The placed seal in view in the pages' region; a picture of the window (a full-page one
  // grows the window, and the pages' region with it, which scrolls the region elsewhere).
  await stamp.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.evaluate(() => window.scrollTo(0, 0));
  await windowScreenshot(page, shot);

  await page.getByRole('button', { name: text.sign, exact: true }).click();
  const dialog = page.locator('.ant-modal:visible').filter({ hasText: text.signDialog });
  await dialog.getByText(text.signSummary(pageNumber)).waitFor();
  mail.skipExisting(who.email);
  const sent = page.waitForResponse((r) => r.url().endsWith('/sign-code') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: text.sendCode }).click();
  const reply = await sent;
  expect(reply.status(), await reply.text()).toBe(200);
  await page.getByText(text.codeSent).first().waitFor();
  await dialog.getByLabel(text.signCode).fill(await mail.waitForCode(who.email));
  // The last signature completes the contract too (evidence, validation data, document timestamp).
  const signed = page.waitForResponse((r) => r.url().endsWith('/sign') && r.request().method() === 'POST', {
    timeout: 120_000,
  });
  await dialog.getByRole('button', { name: text.confirmAndSign }).click();
  const answer = await signed;
  expect(answer.status(), await answer.text()).toBe(200);
  await page.getByText(text.signedToast).first().waitFor();
  await page.waitForURL('**/previewContract?id=*');
}

/** A visitor checks `file` at /verify: the report's summary, each signature's state, whether it is recorded. */
async function verifyAsVisitor(
  page: JourneyPage,
  text: Text,
  file: { name: string; bytes: Buffer },
  expected: { intact: boolean; title: string },
  shot: string,
) {
  await page.goto('/verify');
  await page.getByRole('heading', { level: 1, name: text.verifyTitle }).waitFor();
  const answer = page.waitForResponse((r) => r.url().includes('/verify') && r.request().method() === 'POST');
  await chooseFile(page, page.getByText(text.verifyDrop), pdf(file.name, file.bytes));
  await answer;
  const report = page.getByRole('region', { name: text.reportOn(file.name) });
  await report.waitFor();
  const signatures = report.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect.poll(() => signatures.count()).toBe(2);
  if (expected.intact) {
    // The headline is the green verdict (antd's success alert), in the page's language.
    await report.locator('.ant-alert-success').getByText(text.allIntact).waitFor();
    const recorded = report.getByText(startsWith(text.recordedYes(expected.title)));
    await recorded.getByText(text.signedStatus, { exact: true }).waitFor();
    await recorded.getByText(text.bothSigned, { exact: true }).waitFor();
    for (const signature of await signatures.all()) await signature.getByText(text.intact, { exact: true }).waitFor();
  } else {
    await report.locator('.ant-alert-error').getByText(text.someBroken).waitFor();
    await report.getByText(text.recordedNo).waitFor();
    await report.getByText(text.broken, { exact: true }).first().waitFor();
  }
  await screenshot(page, shot);
}

describe('[CONTRACTS][SEAL_AND_CONTRACT]: a new seal signs a contract both parties seal', () => {
  const browser = useBrowser();

  for (const locale of ['en-US', 'zh-CN'] as const) {
    const text = TEXT[locale];
    const run = RUNS[locale];

    it(`a seal is applied for and approved, a contract uploaded, confirmed, signed by both and verified (${locale})`, {
      timeout: 300_000,
    }, async () => {
      const mail = mailbox();
      const sealName = run.sealName(String(Date.now()).slice(-6));
      const contract = await makeTestPdf(3);

      // The applicant applies for a seal.
      const applicant = await browser.newPage({ locale });
      await logInAt(
        applicant,
        mail,
        text,
        { email: run.applicant, password: DEMO.password },
        '/userCenter/mySignature',
      );
      await applyForSeal(applicant, text, sealName);

      // Chen Jing reviews the Hong Kong branch's applications.
      const staff = await browser.newPage({ locale });
      await logInAt(staff, mail, text, { email: DEMO.staff, password: DEMO.password }, '/backend/seals');
      await approveSeal(staff, text, sealName);

      // The applicant's seal is effective; unused so far.
      await applicant.reload();
      const card = sealCard(applicant, sealName);
      await card.getByText(text.effective, { exact: true }).waitFor();
      await card.getByRole('img', { name: text.sealImageAlt(sealName) }).waitFor();
      await screenshot(applicant, `contracts-my-seals-effective-${text.short}`);

      // The contract: upload, preview, confirm, sign page 1 with the new seal.
      await uploadPreviewConfirm(applicant, text, run, contract);
      await placeAndSign(
        applicant,
        mail,
        text,
        { email: run.applicant, seal: sealName, title: run.request },
        1,
        'keyboard',
        `contracts-sign-page-${text.short}`,
      );
      await applicant.getByText(text.waitOther).waitFor();

      // The other party is told: a message that leads to the contract, and an e-mail.
      await mail.waitFor(run.other, (message) => message.subject.includes(run.request));
      const other = run.other === DEMO.staff ? staff : await browser.newPage({ locale });
      if (other === staff) await staff.goto(run.otherPath);
      else await logInAt(other, mail, text, { email: run.other, password: DEMO.password }, run.otherPath);
      await other.getByRole('heading', { level: 1, name: text.messageCentre }).waitFor();
      const message = other
        .getByRole('row')
        .filter({ has: other.getByRole('link', { name: text.openSignedMessage(run.request) }) });
      await message.first().getByText(text.contractSignedType, { exact: true }).waitFor();
      await screenshot(other, `contracts-signed-message-${text.short}`);
      await message
        .first()
        .getByRole('link', { name: text.openSignedMessage(run.request) })
        .click();
      await other.waitForURL('**/previewContract?id=*');
      await other.getByRole('heading', { level: 1, name: run.request }).waitFor();

      // It signs with its institution's seal on the last page.
      await placeAndSign(
        other,
        mail,
        text,
        { email: run.other, seal: run.otherSeal, title: run.request },
        3,
        run.otherPlaces,
        `contracts-sign-page-last-${text.short}`,
      );

      // Both see "Signed".
      await other.getByText(text.allSigned).waitFor();
      await other.getByText(text.signedStatus, { exact: true }).first().waitFor();
      await waitForDrawnPage(other.getByRole('region', { name: text.documentLabel(run.request) }), 1);
      await screenshot(other, `contracts-signed-contract-${text.short}`);
      await applicant.reload();
      await applicant.getByText(text.allSigned).waitFor();
      const row = await contractRow(applicant, text, run.request);
      await row.getByText(text.signedStatus, { exact: true }).waitFor();
      await row.getByText(text.bothSigned).waitFor();
      await screenshot(applicant, `contracts-tab-signed-${text.short}`);

      // The signed PDF downloads.
      const signed = await download(applicant, row.getByRole('link', { name: text.downloadSignedFor(run.request) }));
      expect(signed.name).toMatch(/\.pdf$/);
      expect(signed.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // pdfsig: the two parties' valid signatures, then the document timestamp added with the
      // validation data when the last party signed (PAdES B-LTA; poppler cannot read that one).
      const checked = runPdfsig(signed.bytes);
      expect(checked.signatures, checked.output).toHaveLength(3);
      for (const signature of checked.signatures.slice(0, 2)) {
        expect(signature.signatureValidation, checked.output).toBe('Signature is Valid.');
      }
      expect(checked.signatures[0]?.totalDocumentSigned, checked.output).toBe(false);
      expect(checked.signatures[2]?.fieldName, checked.output).toBe('Timestamp_1');
      expect(checked.signatures[0]?.commonName).toContain(sealName);
      expect(checked.signatures[1]?.commonName).toContain(run.otherSeal);
      console.info(`pdfsig (${locale}):\n${checked.output}`);

      // The evidence report, made once when the contract was completed: downloaded twice in this
      // language, the same bytes, which are those attached to the signed PDF (pdfdetach).
      const evidenceLink = row.getByRole('link', { name: text.downloadEvidenceFor(run.request) });
      const report = await download(applicant, evidenceLink);
      const again = await download(applicant, evidenceLink);
      expect(again.bytes.equals(report.bytes)).toBe(true);
      const attached = attachmentsOf(signed.bytes);
      expect([...attached.keys()]).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^evidence-report-en-/),
          expect.stringMatching(/^evidence-report-zh-/),
        ]),
      );
      const mine = [...attached.entries()].find(([name]) => name.startsWith(`evidence-report-${text.short}-`));
      expect(mine && sha256(mine[1])).toBe(sha256(report.bytes));
      expect(pdfText(report.bytes)).toContain(text.evidenceTitle);

      // The seals are printed where they were placed: the new one on page 1, the other's on page 3.
      const redOn = (pageNumber: number) => boundingBox(renderPage(signed.bytes, pageNumber), isRed);
      expect(redOn(1)).not.toBeNull();
      expect(redOn(2)).toBeNull();
      expect(redOn(3)).not.toBeNull();

      // One byte changed inside the first signed range (the original contract's middle).
      const ranges = byteRanges(signed.bytes);
      expect(ranges).toHaveLength(3);
      const at = Math.floor(contract.length / 2);
      expect(at).toBeLessThan(ranges[0]![1]);
      const tampered = flipByte(signed.bytes, at);
      const broken = runPdfsig(tampered);
      expect(
        broken.signatures.map((s) => s.signatureValidation),
        broken.output,
      ).toContain('Digest Mismatch.');

      // /verify, as a visitor: the intact file is recorded here with both signatures intact; the copy is broken.
      const visitor = await browser.newPage({ locale });
      await verifyAsVisitor(
        visitor,
        text,
        { name: 'signed-contract.pdf', bytes: signed.bytes },
        { intact: true, title: run.request },
        `contracts-verify-intact-${text.short}`,
      );
      await verifyAsVisitor(
        visitor,
        text,
        { name: 'tampered-contract.pdf', bytes: tampered },
        { intact: false, title: run.request },
        `contracts-verify-tampered-${text.short}`,
      );

      // The new seal lists the contract it stamped.
      await applicant
        .getByRole('navigation', { name: text.userCentre })
        .getByRole('link', { name: text.mySeals })
        .click();
      const used = sealCard(applicant, sealName);
      await used.getByRole('row').filter({ hasText: run.request }).waitFor();
      // The sign page's seal buttons (grabbed, not selectable) leave these cards as they were.
      const style = await used.evaluate((element) => {
        const computed = getComputedStyle(element);
        return { cursor: computed.cursor, userSelect: computed.userSelect, alignItems: computed.alignItems };
      });
      expect(style).toEqual({ cursor: 'auto', userSelect: 'auto', alignItems: 'normal' });
      await screenshot(applicant, `contracts-my-seals-stamped-${text.short}`);

      for (const page of [applicant, staff, other, visitor]) expect(page.consoleErrors).toEqual([]);
    });
  }
});

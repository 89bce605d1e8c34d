/**
 * The marketplace journey (issue "Cooperation marketplace"), in English and in Chinese: user A of
 * Harbourview (which has signed the master agreement) publishes a forfaiting request with L/C
 * details; user B of Nordlys, interested in forfaiting, receives the pushed opportunity and a
 * message, finds the request with the filters, follows it and sends an intention; A's bell shows
 * 1 without a reload, A agrees; B receives the "agreed" message; both see the intention under
 * My cooperation.
 */
import { describe, expect, it } from 'vitest';
import { chooseOption, DEMO, type JourneyPage, LOGIN_TEXT, mailbox, screenshot, useBrowser } from '../support.ts';
import {
  bell,
  chooseTreeNode,
  combobox,
  dayFromToday,
  enterDate,
  FORFAITING_TEXT,
  logInAt,
  named,
  startForfaiting,
} from './cooperation-helpers.ts';

type Locale = 'en-US' | 'zh-CN';

const HARBOURVIEW = 'Harbourview Commercial Bank';
const NORDLYS = 'Nordlys Handelsbank ASA';

/** What the journey reads, clicks and types, in each language (the i18n files' texts). */
const TEXT = {
  'en-US': {
    short: 'en',
    ...LOGIN_TEXT['en-US'],
    // bell and message centre
    bell: (num: number) => `Messages, ${num} unread`,
    anyBell: /^Messages, \d+ unread$/,
    messageCentre: 'Message centre',
    markAll: 'Mark all as read',
    matchMessage: (request: string) => `A matching opportunity, “${request}” from ${HARBOURVIEW}, was pushed to you.`,
    receivedMessage: (request: string) => `${NORDLYS} sent a cooperation intention on your request “${request}”.`,
    agreedMessage: (request: string) =>
      `${HARBOURVIEW} agreed to your institution’s cooperation intention on “${request}”.`,
    openRequest: (content: string) => `Open the request: ${content}`,
    // publish
    ...FORFAITING_TEXT['en-US'],
    requestName: 'Request name',
    requestFunding: 'Request for funding',
    validUntil: 'Valid until',
    currency: 'Currency',
    usd: 'USD · US Dollar',
    amount: 'Amount',
    term: 'Term',
    days180: '180 days',
    price: 'All-in price (% p.a.)',
    issuingBank: 'Issuing bank',
    issuingBankSwift: 'Issuing bank SWIFT code',
    issuingBankCountry: 'Issuing bank country/region',
    turkiye: 'Türkiye',
    turkiyeSearch: 'Türk',
    issuingBankCity: 'Issuing bank city',
    applicant: 'Applicant',
    beneficiary: 'Beneficiary',
    lcNumber: 'L/C number',
    lcType: 'L/C available by',
    deferred: 'Deferred payment / usance',
    usanceDays: 'Usance days',
    lcExpiryDate: 'L/C expiry date',
    commodity: 'Goods',
    financingDays: 'Financing days',
    baftVersion: 'BAFT agreement version',
    baft2018: 'BAFT MPA 2018',
    acceptableCountries: 'Acceptable countries/regions',
    tenorOver180: 'Tenor over 180 days',
    funded: 'Funded participation',
    publish: 'Publish',
    published: 'Your cooperation information has been published.',
    // the request, as A writes it
    name: (run: string) => `Forfaiting of USD 2.4m deferred-payment L/C ${run}`,
    values: {
      issuingBank: 'Bosphorus Trade Bank A.S.',
      applicant: 'Izmir Cotton Mills Ltd.',
      beneficiary: 'Kowloon Yarn Trading Co., Ltd.',
      city: 'Istanbul',
      commodity: 'Combed cotton yarn',
    },
    // detail
    lcSection: 'Letter of credit information',
    cooperationSection: 'Cooperation information',
    intentionsReceived: 'Intentions received',
    sendIntention: 'Send cooperation intention',
    intentionTitle: 'Send a cooperation intention',
    intentionMessage: 'Message to the publisher',
    intentionText:
      'Nordlys can take the full amount without recourse at 5.60% all-in. Please send the acceptance advice to our trade desk.',
    submitIntention: 'Send intention',
    intentionSent: `Your cooperation intention has been sent to ${HARBOURVIEW}.`,
    myIntention: "Your institution's intention",
    pending: 'Awaiting answer',
    agreed: 'Agreed',
    agreeFor: `Agree to the intention of ${NORDLYS}`,
    agreeTitle: `Agree to the intention of ${NORDLYS}?`,
    agreeConfirm: 'Agree',
    agreedToast: `You agreed to the intention of ${NORDLYS}.`,
    contactAt: (institution: string) => `Contact at ${institution}`,
    nextStep: 'upload and sign the contract under Contracts',
    // Business Opportunities
    opportunities: 'Business Opportunities',
    demandType: 'Demand type',
    projectType: 'Project type',
    issuingAgency: 'Issuing agency',
    keyword: 'Keyword',
    search: 'Search',
    oneFound: '1 request found',
    followFor: (request: string) => `Follow ${request}`,
    followingFor: (request: string) => `Following ${request}: press to unfollow`,
    followed: (request: string) => `You are now following “${request}”.`,
    // user centre
    userCentre: 'User centre',
    myCooperation: 'My cooperation',
    received: 'Intentions received',
    sent: 'Intentions sent',
    matched: 'Matched opportunities',
    systemPush: 'Pushed by the system',
    handled: 'Answered',
  },
  'zh-CN': {
    short: 'zh',
    ...LOGIN_TEXT['zh-CN'],
    bell: (num: number) => `消息，${num} 条未读`,
    anyBell: /^消息，\d+ 条未读$/,
    messageCentre: '消息中心',
    markAll: '全部标为已读',
    matchMessage: (request: string) => `为您推送了一条匹配商机：${HARBOURVIEW}发布的“${request}”。`,
    receivedMessage: (request: string) => `${NORDLYS}对您发布的需求“${request}”发送了合作意向。`,
    agreedMessage: (request: string) => `${HARBOURVIEW}同意了贵机构对需求“${request}”的合作意向。`,
    openRequest: (content: string) => `查看合作需求：${content}`,
    ...FORFAITING_TEXT['zh-CN'],
    requestName: '需求名称',
    requestFunding: '资金需求',
    validUntil: '有效期止',
    currency: '币种',
    usd: 'USD · 美元',
    amount: '金额',
    term: '期限',
    days180: '180天',
    price: '综合报价（年化%）',
    issuingBank: '开证行',
    issuingBankSwift: '开证行SWIFT代码',
    issuingBankCountry: '开证行国家/地区',
    turkiye: '土耳其',
    turkiyeSearch: '土耳其',
    issuingBankCity: '开证行城市',
    applicant: '申请人',
    beneficiary: '受益人',
    lcNumber: '信用证编号',
    lcType: '信用证兑付方式',
    deferred: '远期/延期付款',
    usanceDays: '远期天数',
    lcExpiryDate: '信用证到期日',
    commodity: '货物名称',
    financingDays: '融资天数',
    baftVersion: 'BAFT协议版本',
    baft2018: 'BAFT主参与协议2018版',
    acceptableCountries: '可接受的国家/地区',
    tenorOver180: '期限180天以上',
    funded: '融资型风险参与',
    publish: '发布',
    published: '合作信息已发布。',
    name: (run: string) => `土耳其开证行远期信用证福费廷，美元240万 ${run}`,
    values: {
      issuingBank: '博斯普鲁斯贸易银行',
      applicant: '伊兹密尔棉纺有限公司',
      beneficiary: '九龙纱线贸易有限公司',
      city: '伊斯坦布尔',
      commodity: '精梳棉纱',
    },
    lcSection: '信用证信息',
    cooperationSection: '合作信息',
    intentionsReceived: '收到的合作意向',
    sendIntention: '发送合作意向',
    intentionTitle: '发送合作意向',
    intentionMessage: '给发布方的留言',
    intentionText: '我行可按综合报价5.60%无追索买断全部金额，请将承兑电文发送至我行贸易融资部。',
    submitIntention: '发送意向',
    intentionSent: `合作意向已发送给${HARBOURVIEW}。`,
    myIntention: '本机构的合作意向',
    pending: '待回复',
    agreed: '已同意',
    agreeFor: `同意${NORDLYS}的合作意向`,
    agreeTitle: `同意${NORDLYS}的合作意向？`,
    agreeConfirm: '确认同意',
    agreedToast: `您已同意${NORDLYS}的合作意向。`,
    contactAt: (institution: string) => `${institution}联系人`,
    nextStep: '前往「合同」上传并签署合同',
    opportunities: '合作商机',
    demandType: '需求类型',
    projectType: '项目类型',
    issuingAgency: '发布机构',
    keyword: '关键字',
    search: '查询',
    oneFound: '共找到 1 条需求',
    followFor: (request: string) => `关注“${request}”`,
    followingFor: (request: string) => `已关注“${request}”，点击取消关注`,
    followed: (request: string) => `已关注“${request}”。`,
    userCentre: '用户中心',
    myCooperation: '我的合作',
    received: '收到的意向',
    sent: '发出的意向',
    matched: '匹配的机会',
    systemPush: '系统推送',
    handled: '已处理',
  },
} as const;

type Text = (typeof TEXT)[Locale];

/** A starts from a known count: every message read, so the bell is empty. */
async function markAllRead(page: JourneyPage, text: Text) {
  await page.getByRole('heading', { level: 1, name: text.messageCentre }).waitFor();
  // The count as the server has it (the button is enabled once the page knows it too).
  const unread = (await (await page.request.get('/api/bthw/queryMessageNum')).json()) as { data: { num: number } };
  if (unread.data.num > 0) {
    await bell(page, text.bell(unread.data.num)).waitFor();
    await page.getByRole('button', { name: text.markAll }).click();
    // The server's answer, not the toast: the toast is one slot that a later notice may take
    // (app/providers/ToastBridge.tsx; MessageCenterPage.test.tsx checks its text). A click on the
    // confirmation while its popover is still opening can be lost (CI once waited 60 s for the
    // request): clicked again while the popover stays and no request went.
    const confirm = page.locator('.ant-popover:visible').getByRole('button', { name: text.markAll });
    for (let attempt = 1; ; attempt += 1) {
      const marked = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/readAll'), {
        timeout: 20_000,
      });
      await confirm.click();
      const answer = await marked.catch((error: unknown) => {
        if (attempt === 3) throw error;
        return undefined;
      });
      if (answer) {
        expect(answer.status()).toBe(200);
        break;
      }
      if (!(await confirm.isVisible())) await page.getByRole('button', { name: text.markAll }).click();
    }
  }
  await bell(page, text.bell(0)).waitFor();
}

async function publishForfaiting(page: JourneyPage, text: Text, name: string) {
  await page.getByRole('banner').getByRole('link', { name: text.opportunities }).click();
  await page.getByRole('heading', { level: 1, name: text.opportunities }).waitFor();
  await page.getByRole('link', { name: text.publishTitle }).click();
  // The risk preference prompt comes first.
  await startForfaiting(page, text);

  await page.getByRole('textbox', { name: named(text.requestName) }).fill(name);
  await page.getByRole('radio', { name: text.requestFunding }).check();
  await enterDate(page, text.validUntil, dayFromToday(30));
  await chooseOption(page, combobox(page, text.currency), text.usd, 'USD');
  await page.getByLabel(named(text.amount)).fill('2400000');
  await chooseOption(page, combobox(page, text.term), text.days180);
  await page.getByLabel(named(text.price)).fill('5.6');

  // Letter of credit information.
  await page.getByRole('textbox', { name: named(text.issuingBank) }).fill(text.values.issuingBank);
  await page.getByRole('textbox', { name: named(text.issuingBankSwift) }).fill('bptbtris');
  await chooseOption(page, combobox(page, text.issuingBankCountry), text.turkiye, text.turkiyeSearch);
  await page.getByRole('textbox', { name: named(text.issuingBankCity) }).fill(text.values.city);
  await page.getByRole('textbox', { name: named(text.applicant) }).fill(text.values.applicant);
  await page.getByRole('textbox', { name: named(text.beneficiary) }).fill(text.values.beneficiary);
  await page.getByRole('textbox', { name: named(text.lcNumber) }).fill('BPTB-DLC-26-0415');
  await chooseOption(page, combobox(page, text.lcType), text.deferred);
  await page.getByLabel(named(text.usanceDays)).fill('180');
  await enterDate(page, text.lcExpiryDate, dayFromToday(20));
  await page.getByRole('textbox', { name: named(text.commodity) }).fill(text.values.commodity);
  await page.getByLabel(named(text.financingDays)).fill('180');
  await chooseOption(page, combobox(page, text.baftVersion), text.baft2018);
  await chooseOption(page, combobox(page, text.acceptableCountries), text.turkiye, text.turkiyeSearch);
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: text.tenorOver180, exact: true }).check();
  await page.getByRole('checkbox', { name: text.funded, exact: true }).check();
  await screenshot(page, `cooperation-publish-form-${text.short}`);

  await page.getByRole('button', { name: text.publish, exact: true }).click();
  await page.getByText(text.published).first().waitFor();
  await page.waitForURL('**/cooperationDetail?lgcSn=*');
  await page.getByRole('heading', { level: 1, name }).waitFor();
  // The L/C details as published.
  const lc = page.getByRole('region', { name: text.lcSection });
  await lc.getByText(text.values.issuingBank, { exact: true }).waitFor();
  await lc.getByText('BPTBTRIS', { exact: true }).waitFor();
  await lc.getByText('BPTB-DLC-26-0415', { exact: true }).waitFor();
  await lc.getByText(text.turkiye, { exact: true }).waitFor();
  await lc.getByText(text.deferred, { exact: true }).waitFor();
  await page.getByRole('region', { name: text.cooperationSection }).getByText(text.baft2018).waitFor();
  await page.getByRole('region', { name: text.intentionsReceived }).waitFor();
  await screenshot(page, `cooperation-published-detail-${text.short}`);
}

/** B: the pushed opportunity is in the message centre and under matched opportunities. */
async function seePushedOpportunity(page: JourneyPage, text: Text, name: string) {
  await page.getByRole('heading', { level: 1, name: text.messageCentre }).waitFor();
  await page.getByRole('link', { name: text.openRequest(text.matchMessage(name)) }).waitFor();
  await screenshot(page, `cooperation-match-message-${text.short}`);

  await page.getByRole('navigation', { name: text.userCentre }).getByRole('link', { name: text.myCooperation }).click();
  await page.getByRole('heading', { level: 1, name: text.myCooperation }).waitFor();
  await page.getByRole('tab', { name: text.matched }).click();
  const pushed = page.getByRole('table', { name: text.systemPush });
  await pushed.getByRole('row').filter({ hasText: name }).getByText(HARBOURVIEW).waitFor();
}

/** B finds the request in Business Opportunities with the filters, follows it, sends an intention. */
async function findFollowAndSend(page: JourneyPage, text: Text, name: string) {
  await page.getByRole('banner').getByRole('link', { name: text.opportunities }).click();
  await page.getByRole('heading', { level: 1, name: text.opportunities }).waitFor();
  const filters = page.getByRole('search');
  await chooseOption(page, combobox(filters, text.demandType), text.requestFunding);
  await chooseTreeNode(page, combobox(filters, text.projectType), text.forfaiting, text.forfaiting);
  await filters.getByRole('textbox', { name: text.issuingAgency }).fill('Harbourview');
  await filters.getByRole('textbox', { name: text.keyword }).fill(name);
  await filters.getByRole('button', { name: text.search }).click();
  await page.waitForURL(/q=/);
  await page.getByRole('heading', { name: text.oneFound }).waitFor();
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByText(HARBOURVIEW).waitFor();
  await screenshot(page, `cooperation-opportunities-filtered-${text.short}`);

  await row.getByRole('button', { name: text.followFor(name) }).click();
  await page.getByText(text.followed(name)).first().waitFor();
  await row.getByRole('button', { name: text.followingFor(name) }).waitFor();

  await row.getByRole('link', { name, exact: true }).click();
  await page.waitForURL('**/cooperationDetail?lgcSn=*');
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByRole('button', { name: text.followingFor(name) }).waitFor();
  await page.getByRole('region', { name: text.lcSection }).getByText(text.values.issuingBank).waitFor();

  await page.getByRole('button', { name: text.sendIntention }).click();
  const dialog = page.locator('.ant-modal:visible').filter({ hasText: text.intentionTitle });
  await dialog.getByRole('textbox', { name: named(text.intentionMessage) }).fill(text.intentionText);
  // The character count under the box and the help text below it never overprint.
  const count = await dialog.locator('.ant-input-data-count').boundingBox();
  const hint = await dialog.locator('.ant-form-item-extra').boundingBox();
  expect(count && hint && count.y + count.height <= hint.y + 1).toBe(true);
  await screenshot(page, `cooperation-intention-dialog-${text.short}`);
  await dialog.getByRole('button', { name: text.submitIntention }).click();
  await page.getByText(text.intentionSent).first().waitFor();
  const mine = page.getByRole('region', { name: text.myIntention });
  await mine.getByText(text.pending, { exact: true }).waitFor();
  await mine.getByText(text.intentionText).waitFor();
}

/** A: the bell counts the intention, the message leads to the request, A agrees. */
async function agreeFromMessage(page: JourneyPage, text: Text, name: string) {
  // Pushed to the open page, no reload.
  await bell(page, text.bell(1)).waitFor({ timeout: 15_000 });
  await screenshot(page, `cooperation-bell-one-${text.short}`);
  await bell(page, text.bell(1)).click();
  await page.getByRole('heading', { level: 1, name: text.messageCentre }).waitFor();
  await page.getByRole('link', { name: text.openRequest(text.receivedMessage(name)) }).click();
  await page.waitForURL('**/cooperationDetail?lgcSn=*');
  await page.getByRole('heading', { level: 1, name }).waitFor();
  // Opening the message read it.
  await bell(page, text.bell(0)).waitFor();

  const received = page.getByRole('region', { name: text.intentionsReceived });
  const row = received.getByRole('row').filter({ hasText: NORDLYS });
  await row.getByText(text.intentionText).waitFor();
  await row.getByRole('button', { name: text.agreeFor }).click();
  const confirm = page.locator('.ant-modal:visible').filter({ hasText: text.agreeTitle });
  // The server's answer first, so that a refusal fails with its code and message (a CI run once saw
  // the dialog stay open with nothing pending), then what the page says.
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/agreeOrRefuse'));
  await confirm.getByRole('button', { name: text.agreeConfirm, exact: true }).click();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  await page.getByText(text.agreedToast).first().waitFor();
  await row.getByText(text.agreed, { exact: true }).waitFor();
  // Once agreed, the publisher sees the sender's contact (mailto) and the next step.
  const contact = row.getByRole('region', { name: text.contactAt(NORDLYS) });
  expect(await contact.getByRole('link', { name: DEMO.partnerB }).getAttribute('href')).toBe(`mailto:${DEMO.partnerB}`);
  expect(await contact.getByRole('link', { name: text.nextStep }).getAttribute('href')).toBe(
    '/userCenter/myCooperation?tab=contracts',
  );
  await screenshot(page, `cooperation-agreed-detail-${text.short}`);
}

/** Either side: the intention, agreed, under My cooperation in the given tab. */
async function seeUnderMyCooperation(page: JourneyPage, text: Text, name: string, tab: 'received' | 'sent') {
  // Into the user centre by the bell, then its menu.
  await page.getByRole('banner').getByRole('link', { name: text.anyBell }).click();
  await page.getByRole('heading', { level: 1, name: text.messageCentre }).waitFor();
  await page.getByRole('navigation', { name: text.userCentre }).getByRole('link', { name: text.myCooperation }).click();
  await page.getByRole('heading', { level: 1, name: text.myCooperation }).waitFor();
  await page.getByRole('tab', { name: text[tab] }).click();
  const row = page.getByRole('table', { name: text[tab] }).getByRole('row').filter({ hasText: name });
  await row.getByText(text.agreed, { exact: true }).waitFor();
  await row.getByText(text.intentionText).waitFor();
  await row.getByText(tab === 'received' ? NORDLYS : HARBOURVIEW, { exact: true }).waitFor();
  if (tab === 'received') await row.getByText(text.handled, { exact: true }).waitFor();
  // Both sides see the other's contact and the next step once agreed.
  const contact = row.getByRole('region', { name: text.contactAt(tab === 'received' ? NORDLYS : HARBOURVIEW) });
  if (tab === 'received') await contact.getByRole('link', { name: DEMO.partnerB }).waitFor();
  else await contact.locator('a[href^="mailto:"]').waitFor();
  await contact.getByRole('link', { name: text.nextStep }).waitFor();
  await screenshot(page, `cooperation-my-cooperation-${tab}-${text.short}`);
}

describe('[COOPERATION][PUBLISH_INTENTION_AGREE]: a forfaiting request finds a partner', () => {
  const browser = useBrowser();

  for (const locale of ['en-US', 'zh-CN'] as const) {
    const text = TEXT[locale];

    it(`A publishes, B is matched, finds, follows and sends an intention, A agrees (${locale})`, {
      timeout: 240_000,
    }, async () => {
      const mail = mailbox();
      const name = text.name(String(Date.now()).slice(-6));

      // A starts with an empty bell and publishes the request.
      const a = await browser.newPage({ locale });
      await logInAt(a, mail, text, { email: DEMO.partnerA, password: DEMO.password }, '/userCenter/messageCenter');
      await markAllRead(a, text);
      await publishForfaiting(a, text, name);

      // B (Nordlys, interested in forfaiting) was matched: a message and a pushed opportunity.
      const b = await browser.newPage({ locale });
      await logInAt(b, mail, text, { email: DEMO.partnerB, password: DEMO.password }, '/userCenter/messageCenter');
      await seePushedOpportunity(b, text, name);
      await findFollowAndSend(b, text, name);
      await mail.waitFor(DEMO.partnerA, (message) => message.subject.includes(name));

      await agreeFromMessage(a, text, name);

      // B is told: the bell's link leads to the "agreed" message; an e-mail too.
      await b.getByRole('banner').getByRole('link', { name: text.anyBell }).click();
      await b.getByRole('heading', { level: 1, name: text.messageCentre }).waitFor();
      await b.getByRole('link', { name: text.openRequest(text.agreedMessage(name)) }).waitFor();
      await screenshot(b, `cooperation-agreed-message-${text.short}`);
      await mail.waitFor(DEMO.partnerB, (message) => message.subject.includes(name));

      await seeUnderMyCooperation(a, text, name, 'received');
      await seeUnderMyCooperation(b, text, name, 'sent');

      expect(a.consoleErrors).toEqual([]);
      expect(b.consoleErrors).toEqual([]);
    });
  }
});

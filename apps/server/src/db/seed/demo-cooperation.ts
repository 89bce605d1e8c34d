/**
 * Demo marketplace (invented banks, companies and deals; no real people): requests in every
 * publish category and form kind, in English or Chinese as their publishers wrote them, by the
 * demo users of demo-accounts.ts; a few expired, withdrawn, taken down and draft; follows,
 * system and bank pushes, intentions in every status, and messages of the six types.
 *
 * Rows are written as the publish service writes them: `fields` is the form as validated by its
 * schema (`releaseSchemaFor`), and the columns beside it come from the same mapping publish uses
 * (`releaseFormToColumns`, modules/cooperation). Dates are relative to the day the demo data is loaded, so most requests are
 * effective then. Harbourview has a signed master agreement (it publishes forfaiting and risk
 * participation); Nordlys has none.
 */
import { ACTIVATION } from '@portal/shared';
import { PUBLISH_CATEGORIES, type PublishCategoryCode, type PublishChoice } from '@portal/shared/dictionaries';
import { formKindOf, RELEASE_FORM_SHAPES, releaseSchemaFor } from '@portal/shared/schemas/cooperation';
import { releaseFormToColumns } from '../../modules/cooperation/index.ts';
import type { Db } from '../database.ts';
import type { MessageTable } from '../schema.ts';
import type { SeedStep } from './index.ts';

type Publisher = 'amy' | 'kevin' | 'ingrid' | 'chen';
type DemoState = 'effective' | 'expired' | 'withdrawn' | 'takenDown' | 'draft';
type Form = Record<string, unknown>;

/** A demo request: who, which step-2 choice, when, and the form as its publisher filled it. */
export type DemoRequest = {
  key: string;
  by: Publisher;
  choice: string;
  state?: DemoState;
  /** Published this many days before the demo data is loaded. */
  ago: number;
  /** Days of validity from the publish day. */
  days: number;
  form: Form;
  takenDownNote?: string;
};

const PUBLISHERS: Record<Publisher, { email: string; name: string; phone: string; contactEmail: string }> = {
  amy: {
    email: 'amy.chan@harbourview.example',
    name: 'Amy Chan',
    phone: '+852 3900 1201',
    contactEmail: 'amy.chan@harbourview.example',
  },
  kevin: {
    email: 'kevin.lau@harbourview.example',
    name: 'Kevin Lau',
    phone: '+852 3900 1288',
    contactEmail: 'kevin.lau@harbourview.example',
  },
  ingrid: {
    email: 'ingrid.berg@nordlys.example',
    name: 'Ingrid Berg',
    phone: '+47 22 00 41 00',
    contactEmail: 'ingrid.berg@nordlys.example',
  },
  chen: {
    email: 'staff@bank.example',
    name: 'Chen Jing',
    phone: '+86 10 6659 6688',
    contactEmail: 'staff@bank.example',
  },
};

const DAY_MS = 24 * 3600 * 1000;

/** `YYYY-MM-DD` of the day `offset` days from `today`. */
function isoDay(today: Date, offset: number): string {
  return new Date(today.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
}

// ---------- the requests ----------

/**
 * The demo requests. Dates inside forms (L/C expiry and the like) are written as day offsets
 * from today with `{ in: n }` and turned into dates when loaded.
 */
export const DEMO_REQUESTS: readonly DemoRequest[] = [
  // ----- Trade finance and factoring -----
  {
    key: 'req-01',
    by: 'kevin',
    choice: 'TRADE_FINANCE_FORFAITING',
    ago: 2,
    days: 45,
    form: {
      itDpchlstRqmNm: 'Forfaiting of USD 4.8m deferred-payment L/C, Anatolia Merchant Bank',
      direction: 'REQUEST_FUNDING',
      currency: 'USD',
      amount: '4800000.00',
      termType: 'CUSTOMIZED',
      customTermDays: 270,
      price: 5.85,
      issuingBank: 'Anatolia Merchant Bank A.S.',
      issuingBankSwift: 'ANMBTRIS',
      issuingBankCountry: 'TR',
      issuingBankCity: 'Istanbul',
      applicant: 'Bosphorus Textile Mills Ltd.',
      beneficiary: 'Kowloon Polymer Fibres Co., Ltd.',
      lcExpiryDate: { in: 20 },
      lcExpiryPlace: 'Hong Kong',
      latestShipmentDate: { in: 5 },
      commodity: 'Polyester staple fibre',
      lcType: 'DEFERRED',
      lcNumber: 'ANMB-DLC-24-07731',
      usanceDays: 270,
      partialShipment: 'N',
      costBearer: 'BENEFICIARY',
      acceptingBank: 'Anatolia Merchant Bank A.S.',
      acceptingBankSwift: 'ANMBTRIS',
      baftVersion: 'BAFT_2018',
      financingCurrency: 'USD',
      financingDays: 270,
      participationRatio: 1,
      financingCostBps: 185,
      rating: 'BB (issuing bank)',
      acceptableCountries: ['TR', 'AE', 'SA'],
      riskPreferences: ['ISSUER_RATED_BBB', 'TENOR_OVER_180', 'FUNDED_PARTICIPATION'],
      description:
        'Without-recourse sale of a deferred-payment obligation accepted by the issuing bank. Documents checked and accepted; acceptance advice available on request. Primary market, full amount.',
      scopeLimited: false,
      bankBranch: 'OS_HONG_KONG',
    },
  },
  {
    key: 'req-02',
    by: 'amy',
    choice: 'TRADE_FINANCE_RISK_PARTICIPATION',
    ago: 6,
    days: 30,
    form: {
      itDpchlstRqmNm: '越南开证行即期信用证风险参与，美元320万',
      direction: 'REQUEST_FUNDING',
      currency: 'USD',
      amount: '3200000.00',
      termType: 'COMMON',
      commonTerm: 'D180',
      price: 4.6,
      issuingBank: 'Mekong Commercial Joint Stock Bank',
      issuingBankSwift: 'MKCBVNVX',
      issuingBankCountry: 'VN',
      issuingBankCity: 'Ho Chi Minh City',
      applicant: '西贡钢构工程有限公司',
      beneficiary: '佛山宏达金属制品有限公司',
      lcExpiryDate: { in: 40 },
      lcExpiryPlace: '香港',
      commodity: '镀锌钢板',
      lcType: 'SIGHT',
      lcNumber: 'MKCB-ILC-3381',
      usanceDays: 0,
      confirmingBank: 'Harbourview Commercial Bank',
      confirmingBankSwift: 'HVCBHKHH',
      confirmingBankCountry: 'HK',
      confirmingBankCity: 'Hong Kong',
      baftVersion: 'BAFT_2010',
      financingCurrency: 'USD',
      financingDays: 180,
      participationRatio: 0.5,
      financingCostBps: 140,
      acceptableCountries: ['VN', 'TH', 'ID'],
      riskPreferences: ['UNFUNDED_PARTICIPATION', 'TENOR_UP_TO_180'],
      description:
        '我行已对上述信用证加具保兑，现寻求同业以非融资型方式分担50%风险，BAFT主参与协议项下操作，可隐蔽参与。',
      bankBranch: 'OS_HO_CHI_MINH_CITY',
    },
  },
  {
    key: 'req-03',
    by: 'chen',
    choice: 'TRADE_FINANCE_FORFAITING',
    ago: 1,
    days: 60,
    form: {
      itDpchlstRqmNm: '二级市场福费廷资产买入，单笔不超过1000万美元',
      direction: 'PROVIDE_FUNDING',
      currency: 'USD',
      amount: '10000000.00',
      termType: 'COMMON',
      commonTerm: 'D360',
      price: 5.2,
      issuingBank: '境外A-级以上开证行',
      issuingBankSwift: 'GLCBCNBJ',
      applicant: '不限',
      beneficiary: '不限',
      lcExpiryDate: { in: 60 },
      lcType: 'DEFERRED',
      baftVersion: 'BAFT_2022',
      financingCurrency: 'USD',
      financingDays: 360,
      participationRatio: 1,
      financingCostBps: 120,
      rating: 'A-及以上',
      acceptableCountries: ['SG', 'AE', 'SA', 'QA', 'KR', 'JP'],
      riskPreferences: ['ISSUER_RATED_A', 'TENOR_UP_TO_180', 'TENOR_OVER_180'],
      description:
        '总行金融机构部拟买入已承兑的远期信用证项下福费廷资产，开证行评级A-及以上，期限一年以内，价格随行就市，可当日报价。',
      bankBranch: 'CN_BEIJING',
    },
  },
  {
    key: 'req-04',
    by: 'kevin',
    choice: 'TRADE_FINANCE_EXPORT_NEGOTIATION',
    ago: 4,
    days: 30,
    form: {
      itDpchlstRqmNm: 'Export negotiation under sight L/C, EUR 1.25m, machine tools',
      direction: 'REQUEST_FUNDING',
      currency: 'EUR',
      amount: '1250000.00',
      termType: 'COMMON',
      commonTerm: 'D30',
      price: 4.1,
      issuingBank: 'Banca Adriatica di Commercio S.p.A.',
      issuingBankSwift: 'BADCITMM',
      issuingBankCountry: 'IT',
      issuingBankCity: 'Milan',
      applicant: 'Officine Meccaniche Lombarde S.r.l.',
      beneficiary: 'Shenzhen Precision Tools Co., Ltd.',
      lcExpiryDate: { in: 25 },
      lcExpiryPlace: 'Shenzhen',
      latestShipmentDate: { in: 10 },
      commodity: 'CNC machining centres',
      lcType: 'NEGOTIATION',
      lcNumber: 'BADC/LC/55210',
      usanceDays: 0,
      partialShipment: 'Y',
      costBearer: 'SHARED',
      financingCurrency: 'EUR',
      financingDays: 30,
      financingCostBps: 90,
      acceptableCountries: ['IT'],
      description: 'Documents presented and compliant. Seeking a negotiating bank to advance 95% of the invoice value.',
      bankBranch: 'OS_MILAN',
    },
  },
  {
    key: 'req-05',
    by: 'amy',
    choice: 'TRADE_FINANCE_EXPORT_BILL_PURCHASE',
    ago: 9,
    days: 40,
    form: {
      itDpchlstRqmNm: '出口买单：中东电力设备项下远期信用证，美元85万',
      direction: 'REQUEST_FUNDING',
      currency: 'USD',
      amount: '850000.00',
      termType: 'CUSTOMIZED',
      customTermDays: 120,
      price: 5.4,
      issuingBank: 'Gulf Crescent Bank P.J.S.C.',
      issuingBankSwift: 'GCRBAEAD',
      issuingBankCountry: 'AE',
      issuingBankCity: 'Abu Dhabi',
      applicant: 'Al Noor Power Contracting L.L.C.',
      beneficiary: '珠江电气设备有限公司',
      lcExpiryDate: { in: 35 },
      commodity: '变压器及开关柜',
      lcType: 'ACCEPTANCE',
      usanceDays: 120,
      financingDays: 120,
      financingCostBps: 150,
      description: '单据已由开证行承兑，到期日明确，寻求同业按承兑金额买断或提供融资。',
    },
  },
  {
    key: 'req-06',
    by: 'ingrid',
    choice: 'TRADE_FINANCE_ORDER_FINANCING',
    ago: 3,
    days: 60,
    form: {
      itDpchlstRqmNm: 'Pre-shipment order financing for salmon exports to Asia',
      direction: 'REQUEST_FUNDING',
      currency: 'EUR',
      amount: '3600000.00',
      termType: 'COMMON',
      commonTerm: 'D90',
      price: 5.95,
      applicant: 'Vestfjord Seafood AS',
      beneficiary: 'Vestfjord Seafood AS',
      commodity: 'Fresh Atlantic salmon',
      financingDays: 90,
      financingCostBps: 210,
      rating: 'BBB (internal)',
      description:
        'Confirmed purchase orders from importers in Shanghai, Seoul and Singapore. We look for a partner bank in Asia to share the financing and collect the export proceeds.',
      scopeLimited: true,
      scopeCountries: ['CN', 'KR', 'SG', 'HK'],
    },
  },
  {
    key: 'req-07',
    by: 'ingrid',
    choice: 'TRADE_FINANCE_INTERNATIONAL_FACTORING',
    ago: 12,
    days: 90,
    form: {
      itDpchlstRqmNm: 'Two-factor import factoring partner wanted for Nordic furniture buyers',
      direction: 'PROVIDE_FUNDING',
      currency: 'EUR',
      amount: '6000000.00',
      termType: 'COMMON',
      commonTerm: 'D90',
      price: 3.75,
      applicant: 'Chinese and Vietnamese furniture exporters',
      beneficiary: 'Nordhus Interiør AS and group companies',
      commodity: 'Wooden furniture',
      financingDays: 90,
      financingCostBps: 80,
      description:
        'Nordlys acts as import factor (credit cover and collection) for a retail chain with 60 stores. Looking for export factors in Asia under FCI rules.',
    },
  },
  {
    key: 'req-08',
    by: 'chen',
    choice: 'TRADE_FINANCE_COLLECTION_LOAN',
    ago: 7,
    days: 30,
    form: {
      itDpchlstRqmNm: '跟单托收项下出口融资合作（D/P 60天）',
      direction: 'PROVIDE_FUNDING',
      currency: 'CNY',
      amount: '30000000.00',
      termType: 'COMMON',
      commonTerm: 'D60',
      price: 3.1,
      applicant: '华东地区出口企业客户',
      beneficiary: '华东地区出口企业客户',
      commodity: '纺织品及服装',
      financingDays: 60,
      financingCostBps: 60,
      description: '我行江苏分行可为合作同业推荐的出口托收业务提供融资，代收行需为我行认可的境外同业。',
      bankBranch: 'CN_JIANGSU',
    },
  },
  {
    key: 'req-09',
    by: 'kevin',
    choice: 'TRADE_FINANCE_BILL_DISCOUNTING',
    state: 'expired',
    ago: 75,
    days: 45,
    form: {
      itDpchlstRqmNm: 'Discounting of accepted bills, Japanese importer, JPY 180m',
      direction: 'REQUEST_FUNDING',
      currency: 'JPY',
      amount: '180000000.00',
      termType: 'CUSTOMIZED',
      customTermDays: 150,
      price: 1.35,
      issuingBank: 'Setouchi Regional Bank, Ltd.',
      issuingBankSwift: 'STRBJPJT',
      issuingBankCountry: 'JP',
      issuingBankCity: 'Okayama',
      applicant: 'Kurashiki Home Appliances K.K.',
      beneficiary: 'Dongguan Smart Kitchen Co., Ltd.',
      lcExpiryDate: { in: -40 },
      lcType: 'ACCEPTANCE',
      usanceDays: 150,
      financingDays: 150,
      description: 'Bills accepted by the issuing bank; discount without recourse requested.',
    },
  },
  {
    key: 'req-10',
    by: 'amy',
    choice: 'TRADE_FINANCE_DIRECT_EXPORT_FACTORING',
    ago: 15,
    days: 75,
    form: {
      itDpchlstRqmNm: '直接出口保理额度合作：港资电子企业对欧出口',
      direction: 'REQUEST_FUNDING',
      currency: 'USD',
      amount: '2000000.00',
      termType: 'COMMON',
      commonTerm: 'D90',
      price: 5.1,
      applicant: '港星电子科技有限公司',
      beneficiary: '港星电子科技有限公司',
      commodity: '消费电子产品',
      financingDays: 90,
      financingCostBps: 160,
      description: '买方为德国及荷兰的大型零售商，赊销期限60至90天，寻求同业提供直接出口保理额度。',
      scopeLimited: true,
      scopeCountries: ['DE', 'NL', 'HK', 'CN'],
    },
  },
  {
    key: 'req-11',
    by: 'chen',
    choice: 'TRADE_FINANCE_OVERSEAS_REFINANCING',
    ago: 5,
    days: 45,
    form: {
      itDpchlstRqmNm: '海外代付报价：进口信用证项下美元代付',
      direction: 'PROVIDE_FUNDING',
      currency: 'USD',
      amount: '20000000.00',
      termType: 'COMMON',
      commonTerm: 'D180',
      price: 5.05,
      issuingBank: '境内合作同业',
      issuingBankSwift: 'GLCBCNBJ',
      applicant: '境内进口企业',
      beneficiary: '境外出口商',
      lcExpiryDate: { in: 90 },
      lcType: 'DEFERRED',
      financingCurrency: 'USD',
      financingDays: 180,
      financingCostBps: 100,
      description: '我行新加坡分行可为境内同业开立的进口信用证提供海外代付，期限最长180天，按SOFR加点报价。',
      bankBranch: 'OS_SINGAPORE',
    },
  },
  {
    key: 'req-12',
    by: 'kevin',
    choice: 'TRADE_FINANCE_USANCE_BILL_DISCOUNT',
    ago: 10,
    days: 30,
    form: {
      itDpchlstRqmNm: 'Usance bill discount, 90 days, Korean issuing bank',
      direction: 'REQUEST_FUNDING',
      currency: 'USD',
      amount: '1560000.00',
      termType: 'COMMON',
      commonTerm: 'D90',
      price: 5.3,
      issuingBank: 'Hanbit Industrial Bank',
      issuingBankSwift: 'HNBIKRSE',
      issuingBankCountry: 'KR',
      issuingBankCity: 'Seoul',
      applicant: 'Daehan Battery Materials Co.',
      beneficiary: 'Jiangxi Lithium Chemicals Co., Ltd.',
      lcExpiryDate: { in: 30 },
      commodity: 'Lithium carbonate',
      lcType: 'ACCEPTANCE',
      usanceDays: 90,
      financingDays: 90,
      financingCostBps: 110,
    },
  },
  {
    key: 'req-13',
    by: 'ingrid',
    choice: 'TRADE_FINANCE_ENTRUSTED_PAYMENT',
    state: 'withdrawn',
    ago: 20,
    days: 60,
    form: {
      itDpchlstRqmNm: 'Entrusted payment for shipyard instalments',
      direction: 'REQUEST_FUNDING',
      currency: 'USD',
      amount: '7500000.00',
      termType: 'CUSTOMIZED',
      customTermDays: 120,
      price: 5.6,
      applicant: 'Hardanger Offshore Shipping AS',
      beneficiary: 'Zhoushan Marine Engineering Co., Ltd.',
      commodity: 'Offshore supply vessel',
      financingDays: 120,
      remark: 'Withdrawn: financed bilaterally by the client’s house bank.',
    },
  },
  // ----- Funds in / funds out: loans -----
  {
    key: 'req-14',
    by: 'ingrid',
    choice: 'FUNDS_IN_BILATERAL_LOAN',
    ago: 1,
    days: 30,
    form: {
      itDpchlstRqmNm: 'Bilateral term loan for Nordlys, EUR 45m, 3 years',
      currency: 'EUR',
      amount: '45000000.00',
      termType: 'COMMON',
      commonTerm: 'Y1_3',
      price: 5.1,
      rateType: 'EURIBOR',
      rateMin: 0.65,
      rateMax: 0.9,
      periodYears: 3,
      financingCostBps: 75,
      rating: 'A- (Nordic Rating)',
      description: 'General corporate purposes and funding of the export-finance book. Bullet repayment.',
    },
  },
  {
    key: 'req-15',
    by: 'amy',
    choice: 'FUNDS_IN_SYNDICATED_LOAN',
    ago: 8,
    days: 60,
    form: {
      itDpchlstRqmNm: 'HKD 2bn dual-tranche syndicated term loan, Harbourview',
      currency: 'HKD',
      amount: '2000000000.00',
      termType: 'COMMON',
      commonTerm: 'Y3_5',
      price: 4.9,
      rateType: 'HIBOR',
      rateMin: 0.8,
      rateMax: 1.05,
      periodYears: 3,
      financingCostBps: 95,
      rating: 'A3',
      description:
        'Coordinating arranger sought; 3-year and 5-year tranches, general funding. Minimum ticket HKD 200m; upfront fee tiered by commitment.',
      scopeLimited: true,
      scopeCountries: ['HK', 'CN', 'SG', 'JP', 'TW', 'MO'],
    },
  },
  {
    key: 'req-16',
    by: 'chen',
    choice: 'FUNDS_OUT_SYNDICATED_LOAN',
    ago: 3,
    days: 90,
    form: {
      itDpchlstRqmNm: '参与境外同业银团贷款，单笔份额5000万美元以内',
      currency: 'USD',
      amount: '50000000.00',
      termType: 'COMMON',
      commonTerm: 'Y1_3',
      price: 5.6,
      rateType: 'FIXED',
      rateMin: 5.2,
      rateMax: 6.1,
      periodYears: 3,
      financingCostBps: 90,
      rating: 'BBB及以上',
      description: '我行伦敦分行拟参与欧洲及中东地区金融机构的银团贷款，可担任参加行或联合牵头行。',
      bankBranch: 'OS_LONDON',
    },
  },
  {
    key: 'req-17',
    by: 'kevin',
    choice: 'FUNDS_IN_CLUB_LOAN',
    ago: 11,
    days: 45,
    form: {
      itDpchlstRqmNm: '俱乐部贷款：港元10亿元，三家参与行',
      currency: 'HKD',
      amount: '1000000000.00',
      termType: 'COMMON',
      commonTerm: 'Y1_3',
      price: 4.75,
      rateType: 'HIBOR',
      rateMin: 0.7,
      rateMax: 0.95,
      periodYears: 2,
      rating: 'A3',
      description: '用于支持大湾区贸易客户的融资投放，拟邀请三家同业等额参与，无需安排行。',
    },
  },
  {
    key: 'req-18',
    by: 'ingrid',
    choice: 'FUNDS_OUT_REVOLVING_LOAN',
    ago: 16,
    days: 120,
    form: {
      itDpchlstRqmNm: 'Revolving credit lines for Asian correspondent banks',
      currency: 'USD',
      amount: '25000000.00',
      termType: 'COMMON',
      commonTerm: 'D360',
      price: 5.4,
      rateType: 'FIXED',
      rateMin: 5.1,
      rateMax: 5.8,
      periodYears: 1,
      rating: 'BBB or better',
      description: 'Committed one-year revolving facilities for trade-related drawings, renewable annually.',
      scopeLimited: true,
      scopeCountries: ['CN', 'HK', 'SG', 'VN', 'TH', 'MY'],
    },
  },
  {
    key: 'req-19',
    by: 'chen',
    choice: 'FUNDS_OUT_BILATERAL_LOAN',
    ago: 13,
    days: 60,
    form: {
      itDpchlstRqmNm: '人民币双边贷款，支持境外同业跨境人民币融资',
      currency: 'CNY',
      amount: '800000000.00',
      termType: 'COMMON',
      commonTerm: 'Y1_3',
      price: 3.2,
      rateType: 'SHIBOR',
      rateMin: 0.5,
      rateMax: 0.8,
      periodYears: 2,
      rating: 'A-及以上',
      description: '面向与我行有代理行关系的境外同业，用途限于贸易及跨境投资项下人民币融资。',
      bankBranch: 'CN_SHANGHAI',
    },
  },
  {
    key: 'req-20',
    by: 'amy',
    choice: 'FUNDS_IN_OVERSEAS_REFINANCING',
    ago: 2,
    days: 30,
    form: {
      itDpchlstRqmNm: '寻求海外代付：香港进口商信用证项下代付，美元500万',
      currency: 'USD',
      amount: '5000000.00',
      termType: 'COMMON',
      commonTerm: 'D90',
      price: 5.25,
      issuingBank: 'Harbourview Commercial Bank',
      issuingBankSwift: 'HVCBHKHH',
      issuingBankCountry: 'HK',
      issuingBankCity: 'Hong Kong',
      applicant: '港联贸易有限公司',
      beneficiary: 'Siam Rubber Industries Public Co.',
      lcExpiryDate: { in: 50 },
      commodity: '天然橡胶',
      lcType: 'DEFERRED',
      usanceDays: 90,
      financingCurrency: 'USD',
      financingDays: 90,
      financingCostBps: 115,
    },
  },
  // ----- Funds in / funds out: asset transfers -----
  {
    key: 'req-21',
    by: 'kevin',
    choice: 'FUNDS_IN_TRADE_ASSET',
    ago: 5,
    days: 30,
    form: {
      itDpchlstRqmNm: 'Sale of short-term trade receivables portfolio, USD 12m',
      currency: 'USD',
      amount: '12000000.00',
      termType: 'COMMON',
      commonTerm: 'D90',
      price: 5.45,
      transferredAssetType: 'TRADE_RECEIVABLE',
      assetDetails:
        '38 receivables from 11 obligors in electronics and apparel, average remaining tenor 64 days, no overdue history. Transfer by assignment with notice.',
      underlyingAsset: 'Open-account export receivables',
      rating: 'Weighted BBB',
    },
  },
  {
    key: 'req-22',
    by: 'chen',
    choice: 'FUNDS_OUT_TRADE_ASSET',
    ago: 6,
    days: 60,
    form: {
      itDpchlstRqmNm: '买入贸易融资资产：福费廷及进口代付资产',
      currency: 'USD',
      amount: '30000000.00',
      termType: 'COMMON',
      commonTerm: 'D180',
      price: 5.15,
      transferredAssetType: 'FORFAITED_BILL',
      assetDetails: '拟买入境外同业持有的福费廷票据及代付资产，单笔500万美元以内，债务行须为我行授信客户。',
      rating: 'A-及以上',
      bankBranch: 'OS_HONG_KONG',
    },
  },
  {
    key: 'req-23',
    by: 'ingrid',
    choice: 'FUNDS_IN_LOAN_ASSET',
    ago: 18,
    days: 60,
    form: {
      itDpchlstRqmNm: 'Sale of participation in a Nordic wind-farm term loan',
      currency: 'EUR',
      amount: '35000000.00',
      termType: 'COMMON',
      commonTerm: 'Y5_PLUS',
      price: 4.35,
      transferredAssetType: 'SYNDICATED_LOAN_SHARE',
      assetDetails:
        'EUR 35m share in a EUR 420m senior secured loan to an onshore wind portfolio in Sweden and Finland, 12 years remaining, fully amortising, performing.',
      underlyingAsset: 'Senior secured project loan',
      rating: 'BBB- (shadow)',
    },
  },
  {
    key: 'req-24',
    by: 'amy',
    choice: 'FUNDS_OUT_PROJECT_ASSET',
    state: 'expired',
    ago: 95,
    days: 60,
    form: {
      itDpchlstRqmNm: '买入东南亚基础设施项目贷款资产',
      currency: 'USD',
      amount: '40000000.00',
      termType: 'COMMON',
      commonTerm: 'Y5_PLUS',
      price: 6.1,
      transferredAssetType: 'PROJECT_LOAN',
      assetDetails: '关注印尼、越南的收费公路及港口项目贷款，要求有出口信用保险或多边机构担保。',
    },
  },
  {
    key: 'req-25',
    by: 'chen',
    choice: 'FUNDS_IN_BOND',
    ago: 9,
    days: 30,
    form: {
      itDpchlstRqmNm: '转让持有的境外美元债券（投资级），面值3000万美元',
      currency: 'USD',
      amount: '30000000.00',
      termType: 'COMMON',
      commonTerm: 'Y1_3',
      price: 4.95,
      transferredAssetType: 'BOND',
      assetDetails: '持有的亚洲金融机构发行的美元高级债券，剩余期限1.5至2.5年，评级A-至BBB+，可分笔转让。',
      rating: 'A-至BBB+',
      bankBranch: 'OS_SINGAPORE',
    },
  },
  {
    key: 'req-26',
    by: 'ingrid',
    choice: 'FUNDS_OUT_BOND',
    ago: 21,
    days: 90,
    form: {
      itDpchlstRqmNm: 'Buying green bonds of Asian financial institutions',
      currency: 'USD',
      amount: '20000000.00',
      termType: 'COMMON',
      commonTerm: 'Y3_5',
      price: 4.8,
      transferredAssetType: 'BOND',
      assetDetails:
        'Secondary purchases of certified green senior bonds, USD or EUR, 3 to 5 years remaining, investment grade only.',
      rating: 'BBB- or better',
    },
  },
  // ----- Payment and settlement -----
  {
    key: 'req-27',
    by: 'chen',
    choice: 'PAYMENT_SETTLEMENT_CIPS_RMB_ACCOUNT',
    ago: 4,
    days: 180,
    form: {
      itDpchlstRqmNm: 'CIPS间接参与者接入及人民币同业往来账户开立',
      direction: 'PROVIDE_FUNDING',
      currency: 'CNY',
      annualSettlementVolume: '5000000000.00',
      estimatedTransactions: 120,
      description: '我行作为CIPS直接参与者，可为境外同业提供间接参与者接入、人民币账户行服务及日间透支安排。',
      bankBranch: 'CN_BEIJING',
    },
  },
  {
    key: 'req-28',
    by: 'ingrid',
    choice: 'PAYMENT_SETTLEMENT_RMB_CLEARING',
    ago: 14,
    days: 120,
    form: {
      itDpchlstRqmNm: 'RMB clearing bank wanted for Nordic corporate flows',
      direction: 'REQUEST_FUNDING',
      currency: 'CNY',
      annualSettlementVolume: '1200000000.00',
      estimatedTransactions: 18,
      description:
        'Nordic exporters invoice more in CNY. We look for a clearing bank with same-day CIPS settlement and a competitive tariff.',
    },
  },
  {
    key: 'req-29',
    by: 'amy',
    choice: 'PAYMENT_SETTLEMENT_GUARANTEE_REISSUE_ADVISING',
    ago: 7,
    days: 60,
    form: {
      itDpchlstRqmNm: 'Re-issuance of performance guarantee for port project in Kenya',
      direction: 'REQUEST_FUNDING',
      currency: 'USD',
      amount: '3600000.00',
      termType: 'COMMON',
      commonTerm: 'Y1_3',
      price: 1.2,
      guarantor: 'Harbourview Commercial Bank',
      guarantorSwift: 'HVCBHKHH',
      guaranteeType: 'PERFORMANCE',
      guaranteeDescription:
        'Counter-guarantee of Harbourview in favour of a local bank in Kenya, which issues its own guarantee to the port authority.',
      applicant: 'Pearl River Harbour Engineering Co., Ltd.',
      beneficiary: 'Coastal Ports Development Authority',
      riskPreferences: ['BANK_COUNTER_GUARANTEE', 'URDG_758'],
      scopeLimited: true,
      scopeCountries: ['KE', 'TZ', 'ZA'],
    },
  },
  {
    key: 'req-30',
    by: 'chen',
    choice: 'PAYMENT_SETTLEMENT_LC_ADVISING',
    ago: 10,
    days: 120,
    form: {
      itDpchlstRqmNm: '信用证通知及保兑业务合作（中亚地区）',
      direction: 'PROVIDE_FUNDING',
      currency: 'USD',
      amount: '5000000.00',
      termType: 'COMMON',
      commonTerm: 'D180',
      price: 0.8,
      issuingBank: '中亚地区开证行',
      issuingBankSwift: 'GLCBCNBJ',
      issuingBankCountry: 'KZ',
      applicant: '中亚进口企业',
      beneficiary: '境内出口企业',
      lcExpiryDate: { in: 120 },
      lcType: 'SIGHT',
      advisingBank: '环球合作银行阿斯塔纳分行',
      financingDays: 180,
      description: '我行阿斯塔纳分行可为哈萨克斯坦及周边国家同业开立的信用证提供通知、保兑服务，报价灵活。',
      bankBranch: 'OS_ASTANA',
    },
  },
  {
    key: 'req-31',
    by: 'kevin',
    choice: 'PAYMENT_SETTLEMENT_LC_NEGOTIATION',
    ago: 1,
    days: 30,
    form: {
      itDpchlstRqmNm: 'Negotiating bank wanted, freely negotiable L/C from Bangladesh',
      direction: 'REQUEST_FUNDING',
      currency: 'USD',
      amount: '640000.00',
      termType: 'COMMON',
      commonTerm: 'D60',
      price: 6.2,
      issuingBank: 'Meghna Trade Bank Ltd.',
      issuingBankSwift: 'MGTBBDDH',
      issuingBankCountry: 'BD',
      issuingBankCity: 'Dhaka',
      applicant: 'Chittagong Knitwear Ltd.',
      beneficiary: 'Ningbo Yarn Trading Co., Ltd.',
      lcExpiryDate: { in: 28 },
      latestShipmentDate: { in: 14 },
      commodity: 'Cotton yarn',
      lcType: 'NEGOTIATION',
      lcNumber: 'MTB-0091-24',
      usanceDays: 60,
      partialShipment: 'N',
      costBearer: 'APPLICANT',
      financingDays: 60,
    },
  },
  {
    key: 'req-32',
    by: 'ingrid',
    choice: 'PAYMENT_SETTLEMENT_STANDBY_LC',
    ago: 17,
    days: 90,
    form: {
      itDpchlstRqmNm: 'Standby L/C confirmation for LNG supply contract',
      direction: 'REQUEST_FUNDING',
      currency: 'USD',
      amount: '15000000.00',
      termType: 'COMMON',
      commonTerm: 'D360',
      price: 0.95,
      guarantor: 'Nordlys Handelsbank ASA',
      guarantorSwift: 'NRDLNOKK',
      guaranteeType: 'PAYMENT',
      guaranteeDescription: 'Payment standby for monthly LNG cargoes, evergreen clause, ISP98.',
      applicant: 'Skagerrak Energy Trading AS',
      beneficiary: 'South China LNG Supply Co., Ltd.',
      riskPreferences: ['ISP98', 'SHORT_VALIDITY'],
    },
  },
  // ----- Financial market -----
  {
    key: 'req-33',
    by: 'chen',
    choice: 'FINANCIAL_MARKET_INTERBANK_CD',
    ago: 2,
    days: 20,
    form: {
      itDpchlstRqmNm: '同业存单发行：3个月及6个月期，人民币50亿元',
      direction: 'REQUEST_FUNDING',
      currency: 'CNY',
      amount: '5000000000.00',
      termType: 'COMMON',
      commonTerm: 'D180',
      price: 1.95,
      bondIssuer: '环球合作银行',
      periodYears: 0,
      rating: 'AAA',
      description: '本期同业存单面向境内外合格机构投资者，可通过债券通参与认购。',
    },
  },
  {
    key: 'req-34',
    by: 'amy',
    choice: 'FINANCIAL_MARKET_MEDIUM_TERM_NOTE',
    ago: 12,
    days: 45,
    form: {
      itDpchlstRqmNm: 'Harbourview USD MTN programme: 3-year senior tranche',
      direction: 'REQUEST_FUNDING',
      currency: 'USD',
      amount: '300000000.00',
      termType: 'COMMON',
      commonTerm: 'Y1_3',
      price: 5.05,
      bondIssuer: 'Harbourview Commercial Bank',
      periodYears: 3,
      rating: 'A3 / A-',
      description: 'Joint lead managers and anchor investors sought for a benchmark drawdown under our EMTN programme.',
    },
  },
  {
    key: 'req-35',
    by: 'ingrid',
    choice: 'FINANCIAL_MARKET_PANDA_BOND',
    ago: 6,
    days: 90,
    form: {
      itDpchlstRqmNm: 'First Panda bond of Nordlys: CNY 1.5bn, 3 years',
      direction: 'REQUEST_FUNDING',
      currency: 'CNY',
      amount: '1500000000.00',
      termType: 'COMMON',
      commonTerm: 'Y1_3',
      price: 2.85,
      bondIssuer: 'Nordlys Handelsbank ASA',
      periodYears: 3,
      rating: 'AAA (domestic)',
      description:
        'We look for a lead underwriter in the China interbank bond market and for investors. Proceeds fund CNY trade loans to Nordic importers.',
      scopeLimited: true,
      scopeCountries: ['CN', 'HK'],
    },
  },
  {
    key: 'req-36',
    by: 'chen',
    choice: 'FINANCIAL_MARKET_POLICY_FINANCIAL_BOND',
    ago: 8,
    days: 30,
    form: {
      itDpchlstRqmNm: '政策性金融债分销：5年期固定利率',
      direction: 'PROVIDE_FUNDING',
      currency: 'CNY',
      amount: '2000000000.00',
      termType: 'COMMON',
      commonTerm: 'Y3_5',
      price: 2.2,
      bondIssuer: '国家开发性金融机构（发行人名称以募集说明书为准）',
      periodYears: 5,
      rating: 'AAA',
      description: '我行作为承销团成员，可向境外央行类机构及同业分销，支持通过债券通北向通认购。',
      bankBranch: 'CN_BEIJING',
    },
  },
  {
    key: 'req-37',
    by: 'kevin',
    choice: 'FINANCIAL_MARKET_ABS',
    state: 'takenDown',
    ago: 25,
    days: 60,
    takenDownNote: 'The asset pool description names end customers; please republish it anonymised.',
    form: {
      itDpchlstRqmNm: 'Auto-loan ABS, senior class A notes, HKD 800m',
      direction: 'REQUEST_FUNDING',
      currency: 'HKD',
      amount: '800000000.00',
      termType: 'COMMON',
      commonTerm: 'Y1_3',
      price: 4.4,
      bondIssuer: 'Harbour Auto Receivables 2024-1 Ltd.',
      periodYears: 2,
      rating: 'AAA (sf)',
    },
  },
  {
    key: 'req-38',
    by: 'chen',
    choice: 'FINANCIAL_MARKET_GOVERNMENT_BOND',
    state: 'expired',
    ago: 70,
    days: 30,
    form: {
      itDpchlstRqmNm: '地方政府债券承销合作',
      direction: 'PROVIDE_FUNDING',
      currency: 'CNY',
      amount: '1000000000.00',
      termType: 'COMMON',
      commonTerm: 'Y5_PLUS',
      price: 2.45,
      bondIssuer: '某省财政厅',
      periodYears: 10,
      rating: 'AAA',
    },
  },
  {
    key: 'req-39',
    by: 'amy',
    choice: 'FINANCIAL_MARKET_CAPITAL_BOND',
    ago: 19,
    days: 60,
    form: {
      itDpchlstRqmNm: '二级资本债券定向发行，港元15亿元',
      direction: 'REQUEST_FUNDING',
      currency: 'HKD',
      amount: '1500000000.00',
      termType: 'COMMON',
      commonTerm: 'Y5_PLUS',
      price: 5.75,
      bondIssuer: 'Harbourview Commercial Bank',
      periodYears: 10,
      rating: 'Baa2',
      description: '10年期、第5年末可赎回，符合巴塞尔协议III的二级资本工具，欢迎同业认购。',
    },
  },
  {
    key: 'req-40',
    by: 'ingrid',
    choice: 'FINANCIAL_MARKET_ENTERPRISE_BOND',
    state: 'withdrawn',
    ago: 30,
    days: 60,
    form: {
      itDpchlstRqmNm: 'Co-investment in Norwegian shipping company bonds',
      direction: 'PROVIDE_FUNDING',
      currency: 'USD',
      amount: '10000000.00',
      termType: 'COMMON',
      commonTerm: 'Y3_5',
      price: 7.25,
      bondIssuer: 'Fjordline Bulk Carriers ASA',
      periodYears: 4,
      rating: 'BB',
    },
  },
  // ----- Project -----
  {
    key: 'req-41',
    by: 'chen',
    choice: 'PROJECT_PROJECT_FINANCING',
    ago: 3,
    days: 120,
    form: {
      itDpchlstRqmNm: '中亚光伏电站项目贷款，寻求境外同业联合融资',
      direction: 'REQUEST_FUNDING',
      currency: 'USD',
      amount: '180000000.00',
      termType: 'COMMON',
      commonTerm: 'Y5_PLUS',
      price: 6.3,
      projectBackground:
        '项目为哈萨克斯坦南部300兆瓦光伏电站，已签署25年购电协议，由中方企业总承包建设，中国信保提供海外投资保险。',
      businessLocation: '哈萨克斯坦 突厥斯坦州',
      acceptableCountries: ['KZ', 'UZ'],
      rating: 'BB+（项目内部评级）',
      bankBranch: 'OS_ASTANA',
    },
  },
  {
    key: 'req-42',
    by: 'ingrid',
    choice: 'PROJECT_AIRCRAFT_SHIP_LEASING',
    ago: 11,
    days: 90,
    form: {
      itDpchlstRqmNm: 'Financing of two LNG-powered car carriers under Chinese lease',
      direction: 'REQUEST_FUNDING',
      currency: 'USD',
      amount: '140000000.00',
      termType: 'COMMON',
      commonTerm: 'Y5_PLUS',
      price: 6.05,
      projectBackground:
        'Two 7,000 CEU vessels built in China, bareboat-chartered for 12 years to a Norwegian operator. We look for a leasing partner and co-lenders.',
      businessLocation: 'Shanghai (yard) / Oslo (operator)',
      acceptableCountries: ['CN', 'NO', 'SG'],
      rating: 'BBB (operator)',
    },
  },
  {
    key: 'req-43',
    by: 'amy',
    choice: 'PROJECT_EXPORT_CREDIT',
    ago: 22,
    days: 90,
    form: {
      itDpchlstRqmNm: 'ECA-covered export credit for water treatment plant in Egypt',
      direction: 'PROVIDE_FUNDING',
      currency: 'EUR',
      amount: '65000000.00',
      termType: 'COMMON',
      commonTerm: 'Y5_PLUS',
      price: 4.25,
      projectBackground:
        'Buyer credit for a 250,000 m3/day plant supplied by a Hong Kong contractor. 95% ECA cover, 10-year repayment after construction.',
      businessLocation: 'Alexandria, Egypt',
      acceptableCountries: ['EG'],
      rating: 'B (sovereign)',
    },
  },
  {
    key: 'req-44',
    by: 'chen',
    choice: 'PROJECT_OVERSEAS_BORROWING_ON_LENDING',
    ago: 14,
    days: 90,
    form: {
      itDpchlstRqmNm: '境外借款转贷：外国政府贷款项下医疗设备采购',
      direction: 'REQUEST_FUNDING',
      currency: 'EUR',
      amount: '48000000.00',
      termType: 'COMMON',
      commonTerm: 'Y5_PLUS',
      price: 1.75,
      rateType: 'EURIBOR',
      rateMin: 0.4,
      rateMax: 0.6,
      periodYears: 15,
      rating: 'A',
      description:
        '省级医院集团使用外国政府优惠贷款采购影像及放疗设备，我行作为转贷行，寻求境外合作银行提供配套商业贷款，项目位于四川省成都市。',
      bankBranch: 'CN_SICHUAN',
    },
  },
  // ----- Third-party and innovation -----
  {
    key: 'req-45',
    by: 'kevin',
    choice: 'THIRD_PARTY_INNOVATION_COOPERATION',
    ago: 4,
    days: 120,
    form: {
      itDpchlstRqmNm: 'Pilot partners for blockchain-based L/C document exchange',
      direction: 'PROVIDE_FUNDING',
      partnerType: 'Correspondent banks',
      description:
        'We run a pilot for electronic presentation of L/C documents (eUCP) on a shared ledger. Looking for two to three banks to test live transactions in the next quarter.',
    },
  },
  {
    key: 'req-46',
    by: 'chen',
    choice: 'THIRD_PARTY_INNOVATION_COOPERATION',
    ago: 9,
    days: 180,
    form: {
      itDpchlstRqmNm: '跨境贸易融资数字化平台合作：单据智能审核',
      direction: 'PROVIDE_FUNDING',
      partnerType: '境外同业及金融科技公司',
      currency: 'CNY',
      amount: '5000000.00',
      description:
        '我行已上线信用证单据智能审核系统，可与境外同业合作开展单据预审、差异点提示等服务，欢迎有意向的机构联系。',
    },
  },
  {
    key: 'req-47',
    by: 'amy',
    choice: 'FINANCIAL_MARKET_GENERAL_BOND',
    ago: 27,
    days: 60,
    form: {
      itDpchlstRqmNm: 'Secondary market offer: Asian bank senior bonds, 2 to 4 years',
      direction: 'PROVIDE_FUNDING',
      currency: 'USD',
      amount: '45000000.00',
      termType: 'COMMON',
      commonTerm: 'Y3_5',
      price: 5.35,
      bondIssuer: 'Various Asian financial institutions',
      periodYears: 3,
      rating: 'A- to BBB',
      description: 'Inventory list available to counterparties on request; settlement via Euroclear.',
    },
  },
  // ----- Drafts (seen only by their owners) -----
  {
    key: 'd1',
    by: 'kevin',
    choice: 'TRADE_FINANCE_EXPORT_NEGOTIATION',
    state: 'draft',
    ago: 0,
    days: 30,
    form: {
      itDpchlstRqmNm: 'Export negotiation, Brazilian importer (draft)',
      direction: 'REQUEST_FUNDING',
      currency: 'USD',
      amount: '920000.00',
      issuingBank: 'Banco Paulista de Comércio S.A.',
      applicant: 'Importadora Serra Azul Ltda.',
    },
  },
  {
    key: 'd2',
    by: 'ingrid',
    choice: 'FUNDS_IN_REVOLVING_LOAN',
    state: 'draft',
    ago: 1,
    days: 30,
    form: { itDpchlstRqmNm: 'USD revolving facility for Nordlys treasury', currency: 'USD', rateType: 'FIXED' },
  },
  {
    key: 'd3',
    by: 'chen',
    choice: 'PROJECT_PROJECT_FINANCING',
    state: 'draft',
    ago: 2,
    days: 90,
    form: {
      itDpchlstRqmNm: '东南亚港口扩建项目融资（草稿）',
      currency: 'USD',
      projectBackground: '港口二期扩建，新增两个万吨级泊位。',
    },
  },
];

/**
 * The request fields added with docs/decisions/0021 (SPEC §3): customer type and intended time
 * limit on most requests, on the L/C forms where the applicant and the beneficiary are (foreign
 * or domestic) and the guarantee bank when there is one, the partner of the innovation requests.
 * Some requests leave them empty, as a publisher may.
 */
const DEMO_REQUEST_DETAILS: Readonly<Record<string, Form>> = {
  'req-01': {
    customerType: 'CORPORATE',
    intendedTimeLimit: { in: 14 },
    applicantLocation: 'FOREIGN',
    beneficiaryLocation: 'FOREIGN',
    guaranteeBank: 'Bosphorus Development Bank A.S.',
  },
  'req-02': {
    customerType: 'CORPORATE',
    intendedTimeLimit: { in: 10 },
    applicantLocation: 'FOREIGN',
    beneficiaryLocation: 'DOMESTIC',
  },
  'req-03': { customerType: 'COMMERCIAL_BANK', intendedTimeLimit: { in: 30 } },
  'req-04': { customerType: 'CORPORATE', applicantLocation: 'FOREIGN', beneficiaryLocation: 'DOMESTIC' },
  'req-05': {
    customerType: 'CORPORATE',
    intendedTimeLimit: { in: 15 },
    applicantLocation: 'FOREIGN',
    beneficiaryLocation: 'DOMESTIC',
    guaranteeBank: '海湾国民银行',
  },
  'req-06': { customerType: 'CORPORATE', intendedTimeLimit: { in: 21 } },
  'req-07': { customerType: 'CORPORATE' },
  'req-08': { customerType: 'CORPORATE', intendedTimeLimit: { in: 12 } },
  'req-09': { customerType: 'CORPORATE', applicantLocation: 'FOREIGN', beneficiaryLocation: 'FOREIGN' },
  'req-10': { customerType: 'CORPORATE', intendedTimeLimit: { in: 30 } },
  'req-11': { customerType: 'COMMERCIAL_BANK', applicantLocation: 'DOMESTIC', beneficiaryLocation: 'FOREIGN' },
  'req-12': {
    customerType: 'CORPORATE',
    intendedTimeLimit: { in: 7 },
    applicantLocation: 'FOREIGN',
    beneficiaryLocation: 'FOREIGN',
  },
  'req-14': { customerType: 'COMMERCIAL_BANK', intendedTimeLimit: { in: 20 } },
  'req-15': { customerType: 'COMMERCIAL_BANK', intendedTimeLimit: { in: 30 } },
  'req-16': { customerType: 'COMMERCIAL_BANK' },
  'req-17': { customerType: 'COMMERCIAL_BANK', intendedTimeLimit: { in: 14 } },
  'req-18': { customerType: 'COMMERCIAL_BANK' },
  'req-19': { customerType: 'COMMERCIAL_BANK', intendedTimeLimit: { in: 30 } },
  'req-20': {
    customerType: 'CORPORATE',
    intendedTimeLimit: { in: 10 },
    applicantLocation: 'FOREIGN',
    beneficiaryLocation: 'DOMESTIC',
    guaranteeBank: '港联银行有限公司',
  },
  'req-21': { customerType: 'CORPORATE', intendedTimeLimit: { in: 14 } },
  'req-22': { customerType: 'COMMERCIAL_BANK' },
  'req-23': { customerType: 'CORPORATE', intendedTimeLimit: { in: 28 } },
  'req-25': { customerType: 'NON_BANK_FI', intendedTimeLimit: { in: 10 } },
  'req-26': { customerType: 'COMMERCIAL_BANK' },
  'req-27': { customerType: 'COMMERCIAL_BANK', intendedTimeLimit: { in: 60 } },
  'req-28': { customerType: 'CORPORATE' },
  'req-29': { customerType: 'CORPORATE', intendedTimeLimit: { in: 30 } },
  'req-30': { customerType: 'COMMERCIAL_BANK', applicantLocation: 'FOREIGN', beneficiaryLocation: 'DOMESTIC' },
  'req-31': {
    customerType: 'CORPORATE',
    intendedTimeLimit: { in: 14 },
    applicantLocation: 'FOREIGN',
    beneficiaryLocation: 'FOREIGN',
    guaranteeBank: 'Sonali Trade Guarantee Bank PLC',
  },
  'req-32': { customerType: 'CORPORATE' },
  'req-33': { customerType: 'NON_BANK_FI', intendedTimeLimit: { in: 10 } },
  'req-34': { customerType: 'NON_BANK_FI', intendedTimeLimit: { in: 21 } },
  'req-35': { customerType: 'COMMERCIAL_BANK', intendedTimeLimit: { in: 45 } },
  'req-36': { customerType: 'POLICY_BANK', intendedTimeLimit: { in: 14 } },
  'req-39': { customerType: 'NON_BANK_FI' },
  'req-41': { customerType: 'SOVEREIGN', intendedTimeLimit: { in: 60 } },
  'req-42': { customerType: 'CORPORATE', intendedTimeLimit: { in: 45 } },
  'req-43': { customerType: 'SOVEREIGN' },
  'req-44': { customerType: 'SOVEREIGN', intendedTimeLimit: { in: 30 } },
  'req-45': { customerType: 'COMMERCIAL_BANK', intendedTimeLimit: { in: 60 }, partnerName: 'LedgerTrade Consortium' },
  'req-46': { customerType: 'NON_BANK_FI', partnerName: '跨境单据智能审核联盟' },
  'req-47': { customerType: 'NON_BANK_FI', intendedTimeLimit: { in: 20 } },
};

// ---------- from a demo request to a row ----------

type ChoiceInfo = { category: PublishCategoryCode; choice: PublishChoice };

function choiceInfo(choiceCode: string): ChoiceInfo {
  for (const category of PUBLISH_CATEGORIES) {
    const choice = category.children.find((c) => c.code === choiceCode);
    if (choice) return { category: category.code, choice };
  }
  throw new Error(`Unknown publish choice ${choiceCode}`);
}

/** Turns `{ in: n }` into the date n days from today. */
function withDates(form: Form, today: Date): Form {
  return Object.fromEntries(
    Object.entries(form).map(([key, value]) =>
      value && typeof value === 'object' && !Array.isArray(value) && 'in' in value
        ? [key, isoDay(today, Number((value as { in: number }).in))]
        : [key, value],
    ),
  );
}

/** The form as the publisher sent it: the request's fields plus the contact and the validity. */
export function demoFormOf(request: DemoRequest, today: Date): Form {
  const { choice } = choiceInfo(request.choice);
  const publisher = PUBLISHERS[request.by];
  const published = isoDay(today, -request.ago);
  return {
    choiceCode: choice.code,
    subTypeCode: choice.subTypeCode,
    ...(choice.direction ? { direction: choice.direction } : {}),
    validFrom: published,
    validUntil: isoDay(today, request.days - request.ago),
    contactName: publisher.name,
    contactEmail: publisher.contactEmail,
    contactPhone: publisher.phone,
    ...withDates({ ...request.form, ...DEMO_REQUEST_DETAILS[request.key] }, today),
  };
}

/**
 * The fields as the service stores them: published requests are parsed with their form's schema
 * (throws if a demo request is not valid), drafts with the form's shape made partial.
 */
export function demoFieldsOf(request: DemoRequest, today: Date): Form {
  const { choice } = choiceInfo(request.choice);
  const form = demoFormOf(request, today);
  if (request.state === 'draft') {
    const kind = formKindOf(choice.subTypeCode)!;
    return RELEASE_FORM_SHAPES[kind].partial().parse(form) as Form;
  }
  const schema = releaseSchemaFor(choice.subTypeCode);
  if (!schema) throw new Error(`No form for ${choice.subTypeCode}`);
  const result = schema.safeParse(form);
  if (!result.success) throw new Error(`Demo request ${request.key}: ${JSON.stringify(result.error.issues)}`);
  return result.data as Form;
}

// ---------- intentions, follows, pushes ----------

type DemoIntention = {
  request: string;
  by: Publisher;
  status: 'pending' | 'agreed' | 'rejected';
  /** Sent this many days before the demo data is loaded; answered `answeredAgo` days before. */
  ago: number;
  answeredAgo?: number;
  message: string;
};

/** Intentions between the demo institutions (one per request and sending institution). */
export const DEMO_INTENTIONS: readonly DemoIntention[] = [
  {
    request: 'req-01',
    by: 'ingrid',
    status: 'pending',
    ago: 1,
    message:
      'Nordlys can take the full amount without recourse at 5.75% all-in, subject to our limit on the issuing bank. Could you share the acceptance advice?',
  },
  {
    request: 'req-03',
    by: 'kevin',
    status: 'agreed',
    ago: 1,
    answeredAgo: 0,
    message:
      'We have two accepted deferred-payment L/Cs from Qatari issuing banks, USD 3.1m in total, 240 days remaining.',
  },
  {
    request: 'req-14',
    by: 'chen',
    status: 'agreed',
    ago: 1,
    answeredAgo: 0,
    message: '我行法兰克福分行可提供4500万欧元三年期双边贷款，利率为EURIBOR加0.75%，请提供最新年报。',
  },
  {
    request: 'req-15',
    by: 'chen',
    status: 'pending',
    ago: 5,
    message: '我行香港分行有意参与，拟认购港元3亿元五年期份额，请发送信息备忘录。',
  },
  {
    request: 'req-16',
    by: 'ingrid',
    status: 'rejected',
    ago: 2,
    answeredAgo: 1,
    message:
      'We arrange a USD 300m syndication for a Nordic export credit agency guaranteed borrower; would you join at USD 40m?',
  },
  {
    request: 'req-06',
    by: 'amy',
    status: 'agreed',
    ago: 2,
    answeredAgo: 1,
    message: '我行可为新加坡及香港买家项下的订单提供融资并代收货款，额度130万欧元。',
  },
  {
    request: 'req-21',
    by: 'ingrid',
    status: 'pending',
    ago: 3,
    message: 'Interested in the receivables portfolio. Please send the obligor list and ageing report.',
  },
  {
    request: 'req-35',
    by: 'chen',
    status: 'pending',
    ago: 2,
    message: '我行具备银行间债券市场A类主承销资格，可担任本期熊猫债牵头主承销商，欢迎进一步沟通。',
  },
  {
    request: 'req-35',
    by: 'kevin',
    status: 'rejected',
    ago: 4,
    answeredAgo: 3,
    message: 'Harbourview would invest CNY 200m in the 3-year tranche if the coupon is above 3%.',
  },
  {
    request: 'req-27',
    by: 'ingrid',
    status: 'agreed',
    ago: 3,
    answeredAgo: 2,
    message:
      'Nordlys would like to join CIPS as an indirect participant through your bank. Please send the account opening checklist.',
  },
  {
    request: 'req-29',
    by: 'chen',
    status: 'pending',
    ago: 6,
    message: '我行约翰内斯堡分行可协助转开保函，并可推荐肯尼亚当地合作银行。',
  },
  {
    request: 'req-42',
    by: 'chen',
    status: 'rejected',
    ago: 9,
    answeredAgo: 6,
    message: '我行金融租赁子公司可提供经营租赁方案，租期十年，需船东提供母公司担保。',
  },
  {
    request: 'req-41',
    by: 'amy',
    status: 'pending',
    ago: 1,
    message:
      'Harbourview could co-lend USD 20m alongside the ECA-insured tranche. What is the expected financial close?',
  },
  {
    request: 'req-20',
    by: 'chen',
    status: 'agreed',
    ago: 2,
    answeredAgo: 1,
    message: '我行新加坡分行可提供90天美元代付，报价SOFR+1.10%，可于明日起息。',
  },
];

/** Who follows which requests. */
const DEMO_FOLLOWS: Readonly<Record<Publisher, readonly string[]>> = {
  amy: ['req-14', 'req-16', 'req-27', 'req-35', 'req-41', 'req-03'],
  kevin: ['req-03', 'req-11', 'req-22', 'req-07'],
  ingrid: ['req-01', 'req-02', 'req-15', 'req-21', 'req-33', 'req-43'],
  chen: ['req-15', 'req-35', 'req-42'],
};

/** Requests the bank pushed to chosen institutions from the back office. */
const DEMO_MANUAL_PUSHES: readonly { request: string; to: 'harbourview' | 'nordlys'; ago: number }[] = [
  { request: 'req-27', to: 'harbourview', ago: 3 },
  { request: 'req-33', to: 'nordlys', ago: 1 },
  { request: 'req-41', to: 'harbourview', ago: 2 },
  { request: 'req-44', to: 'nordlys', ago: 10 },
];

// ---------- the step ----------

async function idsByEmail(db: Db) {
  const rows = await db
    .selectFrom('appUser')
    .select(['id', 'email', 'institutionId'])
    .where('email', 'in', [...Object.values(PUBLISHERS).map((p) => p.email), 'admin@bank.example'])
    .execute();
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  const user = (email: string) => {
    const row = byEmail.get(email);
    if (!row?.institutionId) throw new Error(`Demo user ${email} is missing`);
    return { id: row.id, institutionId: row.institutionId };
  };
  return {
    publisher: (p: Publisher) => user(PUBLISHERS[p].email),
    staff: [user('staff@bank.example'), user('admin@bank.example')],
  };
}

export const demoCooperation: SeedStep = {
  name: '0005-demo-cooperation',
  async run(db: Db) {
    const now = new Date();
    const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
    const users = await idsByEmail(db);
    const at = (daysAgo: number, hour = 0) =>
      new Date(Math.min(now.getTime() - 60_000, today.getTime() - daysAgo * DAY_MS + (8 + hour) * 3600_000));
    const institutions = await db
      .selectFrom('institution')
      .select(['id', 'lgcSn', 'name', 'country', 'status'])
      .where('lgcSn', 'in', ['demo-inst-bank', 'demo-inst-harbourview', 'demo-inst-nordlys'])
      .execute();
    const instByKey = (key: string) => institutions.find((i) => i.lgcSn === `demo-inst-${key}`)!;

    // Requests.
    const requestIds = new Map<
      string,
      {
        id: number;
        request: DemoRequest;
        fields: Form;
        institutionId: number;
        ownerId: number;
        publishedAt: Date | null;
      }
    >();
    for (const [index, request] of DEMO_REQUESTS.entries()) {
      const { category } = choiceInfo(request.choice);
      const fields = demoFieldsOf(request, today);
      const owner = users.publisher(request.by);
      const state = request.state ?? 'effective';
      const publishedAt = state === 'draft' ? null : at(request.ago, index % 9);
      const row = await db
        .insertInto('cooperationRequest')
        .values({
          lgcSn: `demo-${request.key}`,
          ownerUserId: owner.id,
          institutionId: owner.institutionId,
          status: state === 'draft' ? 'draft' : state === 'effective' ? 'effective' : 'invalid',
          invalidReason: state === 'draft' || state === 'effective' ? null : state,
          takenDownNote: request.takenDownNote ?? null,
          ...releaseFormToColumns(fields, category, state === 'draft' ? 'draft' : 'published'),
          publishedAt,
          createdAt: publishedAt ?? at(request.ago, 1),
          updatedAt:
            state === 'withdrawn' || state === 'takenDown'
              ? at(Math.max(0, request.ago - 5))
              : (publishedAt ?? at(request.ago, 2)),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      requestIds.set(request.key, {
        id: row.id,
        request,
        fields,
        institutionId: owner.institutionId,
        ownerId: owner.id,
        publishedAt,
      });
    }
    const requestId = (key: string) => requestIds.get(key)!.id;

    const messages: {
      userId: number;
      type: MessageTable['type'];
      requestId: number;
      institutionId: number | null;
      createdAt: Date;
      read: boolean;
    }[] = [];

    // System pushes, by the matching rule of decision 0006: other active institutions with an
    // active user interested in the sub-type, within the scope, and not competitors.
    const interested = await db
      .selectFrom('appUser as u')
      .innerJoin('institution as i', 'i.id', 'u.institutionId')
      .select(['u.id', 'u.institutionId', 'u.interestedTypes', 'i.country'])
      .where('u.status', '=', 'active')
      .where('u.activation', 'in', [ACTIVATION.approved, ACTIVATION.activatedByInvitation])
      .where('i.status', '=', 'active')
      .execute();
    const pushes: { requestId: number; institutionId: number; kind: 'system' | 'manual'; pushedAt: Date }[] = [];
    for (const { id, request, fields, institutionId, ownerId } of requestIds.values()) {
      if (request.state === 'draft') continue;
      const subType = String(fields.subTypeCode);
      const competitors = new Set(
        [...requestIds.values()]
          .filter(
            (other) =>
              (other.request.state ?? 'effective') === 'effective' &&
              other.fields.subTypeCode === subType &&
              other.fields.direction === fields.direction &&
              other.request.ago >= request.ago,
          )
          .map((other) => other.institutionId),
      );
      const scope = fields.scopeLimited ? (fields.scopeCountries as string[]) : undefined;
      const matched = interested.filter(
        (u) =>
          u.institutionId !== institutionId &&
          u.interestedTypes.includes(subType) &&
          !competitors.has(u.institutionId!) &&
          (!scope || (u.country !== null && scope.includes(u.country))),
      );
      const pushedAt = at(request.ago, 0.1);
      for (const instId of new Set(matched.map((u) => u.institutionId!))) {
        pushes.push({ requestId: id, institutionId: instId, kind: 'system', pushedAt });
      }
      for (const u of matched) {
        messages.push({
          userId: u.id,
          type: 'match',
          requestId: id,
          institutionId,
          createdAt: pushedAt,
          read: request.ago > 3,
        });
      }
      // Bank staff hear of every request published, except the ones they publish themselves.
      for (const staff of users.staff.filter((st) => st.id !== ownerId)) {
        messages.push({
          userId: staff.id,
          type: 'requestPublished',
          requestId: id,
          institutionId,
          createdAt: pushedAt,
          read: request.ago > 2,
        });
      }
    }
    const staffId = users.staff[0]!.id;
    for (const push of DEMO_MANUAL_PUSHES) {
      const target = instByKey(push.to);
      const request = requestIds.get(push.request)!;
      if (pushes.some((p) => p.requestId === request.id && p.institutionId === target.id)) continue;
      pushes.push({ requestId: request.id, institutionId: target.id, kind: 'manual', pushedAt: at(push.ago, 3) });
      for (const u of interested.filter((i) => i.institutionId === target.id)) {
        messages.push({
          userId: u.id,
          type: 'match',
          requestId: request.id,
          institutionId: request.institutionId,
          createdAt: at(push.ago, 3),
          read: push.ago > 2,
        });
      }
    }
    if (pushes.length > 0) {
      await db
        .insertInto('cooperationPush')
        .values(
          pushes.map((p) => ({
            ...p,
            pushedBy: p.kind === 'manual' ? staffId : null,
          })),
        )
        .execute();
    }

    // Follows.
    const follows = Object.entries(DEMO_FOLLOWS).flatMap(([by, keys]) =>
      keys.map((key, i) => ({
        userId: users.publisher(by as Publisher).id,
        requestId: requestId(key),
        createdAt: at(Math.max(0, requestIds.get(key)!.request.ago - 1), i),
      })),
    );
    await db.insertInto('cooperationFollow').values(follows).execute();

    // Intentions, and the messages they cause.
    for (const [index, intention] of DEMO_INTENTIONS.entries()) {
      const target = requestIds.get(intention.request)!;
      const sender = users.publisher(intention.by);
      const owner = users.publisher(target.request.by);
      // Sent after the request was published, answered after it was sent.
      const sentAt = new Date(
        Math.max(at(intention.ago, 2 + (index % 5)).getTime(), target.publishedAt!.getTime() + 3600_000),
      );
      const answeredAt =
        intention.answeredAgo === undefined
          ? null
          : new Date(Math.max(at(intention.answeredAgo, 6).getTime(), sentAt.getTime() + 1800_000));
      await db
        .insertInto('cooperationIntention')
        .values({
          lgcSn: `demo-int-${String(index + 1).padStart(2, '0')}`,
          requestId: target.id,
          senderUserId: sender.id,
          senderInstitutionId: sender.institutionId,
          recipientInstitutionId: target.institutionId,
          message: intention.message,
          status: intention.status,
          respondedBy: answeredAt ? owner.id : null,
          respondedAt: answeredAt,
          createdAt: sentAt,
        })
        .execute();
      messages.push({
        userId: owner.id,
        type: 'intentionReceived',
        requestId: target.id,
        institutionId: sender.institutionId,
        createdAt: sentAt,
        read: intention.status !== 'pending' || intention.ago > 4,
      });
      if (answeredAt) {
        messages.push({
          userId: sender.id,
          type: intention.status === 'agreed' ? 'intentionAgreed' : 'intentionRejected',
          requestId: target.id,
          institutionId: target.institutionId,
          createdAt: answeredAt,
          read: (intention.answeredAgo ?? 0) > 1,
        });
      }
      if (intention.status === 'agreed' && answeredAt) {
        for (const staff of users.staff) {
          messages.push({
            userId: staff.id,
            type: 'intentionReached',
            requestId: target.id,
            institutionId: sender.institutionId,
            createdAt: answeredAt,
            read: (intention.answeredAgo ?? 0) > 1,
          });
        }
      }
    }

    messages.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await db
      .insertInto('message')
      .values(
        messages.map((m, i) => ({
          lgcSn: `demo-msg-${String(i + 1).padStart(3, '0')}`,
          userId: m.userId,
          type: m.type,
          requestId: m.requestId,
          institutionId: m.institutionId,
          readAt: m.read ? new Date(Math.min(now.getTime(), m.createdAt.getTime() + 3 * 3600_000)) : null,
          createdAt: m.createdAt,
        })),
      )
      .execute();

    // Harbourview's signed master agreement (forfaiting, risk participation); Nordlys has none.
    const harbourview = users.publisher('amy');
    await db
      .insertInto('masterAgreement')
      .values({
        lgcSn: 'demo-ma-harbourview',
        institutionId: harbourview.institutionId,
        userId: harbourview.id,
        subTypeCode: 'FORFAITING',
        note: 'BAFT MPA 2018 signed by both parties; covers forfaiting and risk participation.',
        status: 'signed',
        signedBy: staffId,
        signedAt: at(120),
        createdAt: at(125),
      })
      .execute();
  },
};

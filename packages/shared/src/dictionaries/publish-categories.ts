import { type CooperationSubTypeCode, findCooperationSubType } from './cooperation-types.ts';
import type { DirectionCode } from './directions.ts';

/**
 * Step 1 and step 2 of the publish flow (SPEC §2): the category chosen first, then the financing,
 * requirement or project type, which fixes the cooperation sub-type (`subTypeCode`) and, for
 * "Funds in" and "Funds out", the direction.
 *
 * "Funds in" is the publisher raising funds (borrowing, refinancing, selling assets: transfer out);
 * "Funds out" is the publisher lending or buying assets (transfer in). Every cooperation sub-type
 * can be reached from at least one category (a unit test checks it).
 */
export type PublishChoice = {
  code: string;
  en: string;
  zh: string;
  subTypeCode: CooperationSubTypeCode;
  direction?: DirectionCode;
};

export const PUBLISH_CATEGORY_CODES = [
  'FUNDS_IN',
  'FUNDS_OUT',
  'TRADE_FINANCE',
  'PAYMENT_SETTLEMENT',
  'FINANCIAL_MARKET',
  'PROJECT',
  'THIRD_PARTY_INNOVATION',
] as const;
export type PublishCategoryCode = (typeof PUBLISH_CATEGORY_CODES)[number];

export type PublishCategory = {
  code: PublishCategoryCode;
  en: string;
  zh: string;
  direction?: DirectionCode;
  children: readonly PublishChoice[];
};

/** A step-2 choice; its names default to the sub-type's names. */
function choice(
  code: string,
  subTypeCode: CooperationSubTypeCode,
  extra: { direction?: DirectionCode; en?: string; zh?: string } = {},
): PublishChoice {
  const sub = findCooperationSubType(subTypeCode);
  if (!sub) throw new Error(`Unknown cooperation sub-type ${subTypeCode}`);
  return {
    code,
    en: extra.en ?? sub.en,
    zh: extra.zh ?? sub.zh,
    subTypeCode,
    ...(extra.direction ? { direction: extra.direction } : {}),
  };
}

const IN = { direction: 'REQUEST_FUNDING' } as const;
const OUT = { direction: 'PROVIDE_FUNDING' } as const;

export const PUBLISH_CATEGORIES: readonly PublishCategory[] = [
  {
    code: 'FUNDS_IN',
    en: 'Funds in',
    zh: '资金融入',
    direction: 'REQUEST_FUNDING',
    children: [
      choice('FUNDS_IN_BILATERAL_LOAN', 'BILATERAL_LOAN', IN),
      choice('FUNDS_IN_SYNDICATED_LOAN', 'SYNDICATED_LOAN', IN),
      choice('FUNDS_IN_CLUB_LOAN', 'CLUB_LOAN', IN),
      choice('FUNDS_IN_REVOLVING_LOAN', 'REVOLVING_LOAN', IN),
      choice('FUNDS_IN_OVERSEAS_REFINANCING', 'OVERSEAS_REFINANCING', IN),
      choice('FUNDS_IN_TRADE_ASSET', 'TRADE_ASSET_TRANSFER', {
        ...IN,
        en: 'Trade asset transfer (sell)',
        zh: '贸易资产转出',
      }),
      choice('FUNDS_IN_PROJECT_ASSET', 'PROJECT_ASSET_TRANSFER', {
        ...IN,
        en: 'Project asset transfer (sell)',
        zh: '项目资产转出',
      }),
      choice('FUNDS_IN_LOAN_ASSET', 'LOAN_ASSET_TRANSFER', {
        ...IN,
        en: 'Loan asset transfer (sell)',
        zh: '贷款资产转出',
      }),
      choice('FUNDS_IN_BOND', 'BOND_ASSET_TRANSFER', { ...IN, en: 'Bond transfer (sell)', zh: '债券转出' }),
    ],
  },
  {
    code: 'FUNDS_OUT',
    en: 'Funds out',
    zh: '资金融出',
    direction: 'PROVIDE_FUNDING',
    children: [
      choice('FUNDS_OUT_BILATERAL_LOAN', 'BILATERAL_LOAN', OUT),
      choice('FUNDS_OUT_SYNDICATED_LOAN', 'SYNDICATED_LOAN', OUT),
      choice('FUNDS_OUT_CLUB_LOAN', 'CLUB_LOAN', OUT),
      choice('FUNDS_OUT_REVOLVING_LOAN', 'REVOLVING_LOAN', OUT),
      choice('FUNDS_OUT_OVERSEAS_REFINANCING', 'OVERSEAS_REFINANCING', OUT),
      choice('FUNDS_OUT_TRADE_ASSET', 'TRADE_ASSET_TRANSFER', {
        ...OUT,
        en: 'Trade asset transfer (buy)',
        zh: '贸易资产转入',
      }),
      choice('FUNDS_OUT_PROJECT_ASSET', 'PROJECT_ASSET_TRANSFER', {
        ...OUT,
        en: 'Project asset transfer (buy)',
        zh: '项目资产转入',
      }),
      choice('FUNDS_OUT_LOAN_ASSET', 'LOAN_ASSET_TRANSFER', {
        ...OUT,
        en: 'Loan asset transfer (buy)',
        zh: '贷款资产转入',
      }),
      choice('FUNDS_OUT_BOND', 'BOND_ASSET_TRANSFER', { ...OUT, en: 'Bond transfer (buy)', zh: '债券转入' }),
    ],
  },
  {
    code: 'TRADE_FINANCE',
    en: 'Trade finance and factoring',
    zh: '贸易融资及保理',
    children: [
      choice('TRADE_FINANCE_ORDER_FINANCING', 'ORDER_FINANCING'),
      choice('TRADE_FINANCE_EXPORT_NEGOTIATION', 'EXPORT_NEGOTIATION'),
      choice('TRADE_FINANCE_EXPORT_BILL_PURCHASE', 'EXPORT_BILL_PURCHASE'),
      choice('TRADE_FINANCE_COLLECTION_LOAN', 'COLLECTION_LOAN'),
      choice('TRADE_FINANCE_BILL_DISCOUNTING', 'BILL_DISCOUNTING'),
      choice('TRADE_FINANCE_DIRECT_EXPORT_FACTORING', 'DIRECT_EXPORT_FACTORING'),
      choice('TRADE_FINANCE_OVERSEAS_REFINANCING', 'OVERSEAS_REFINANCING'),
      choice('TRADE_FINANCE_USANCE_BILL_DISCOUNT', 'USANCE_BILL_DISCOUNT'),
      choice('TRADE_FINANCE_RISK_PARTICIPATION', 'RISK_PARTICIPATION'),
      choice('TRADE_FINANCE_ENTRUSTED_PAYMENT', 'ENTRUSTED_PAYMENT'),
      choice('TRADE_FINANCE_FORFAITING', 'FORFAITING'),
      choice('TRADE_FINANCE_INTERNATIONAL_FACTORING', 'INTERNATIONAL_FACTORING'),
    ],
  },
  {
    code: 'PAYMENT_SETTLEMENT',
    en: 'Payment and settlement',
    zh: '支付结算',
    children: [
      choice('PAYMENT_SETTLEMENT_CIPS_RMB_ACCOUNT', 'CIPS_RMB_ACCOUNT'),
      choice('PAYMENT_SETTLEMENT_RMB_CLEARING', 'RMB_CLEARING'),
      choice('PAYMENT_SETTLEMENT_GUARANTEE_REISSUE_ADVISING', 'GUARANTEE_REISSUE_ADVISING'),
      choice('PAYMENT_SETTLEMENT_LC_ADVISING', 'LC_ADVISING'),
      choice('PAYMENT_SETTLEMENT_LC_NEGOTIATION', 'LC_NEGOTIATION'),
      choice('PAYMENT_SETTLEMENT_STANDBY_LC', 'STANDBY_LC'),
    ],
  },
  {
    code: 'FINANCIAL_MARKET',
    en: 'Financial market',
    zh: '金融市场',
    children: [
      choice('FINANCIAL_MARKET_INTERBANK_CD', 'INTERBANK_CD'),
      choice('FINANCIAL_MARKET_MEDIUM_TERM_NOTE', 'MEDIUM_TERM_NOTE'),
      choice('FINANCIAL_MARKET_GENERAL_BOND', 'GENERAL_BOND'),
      choice('FINANCIAL_MARKET_CAPITAL_BOND', 'CAPITAL_BOND'),
      choice('FINANCIAL_MARKET_GOVERNMENT_BOND', 'GOVERNMENT_BOND'),
      choice('FINANCIAL_MARKET_POLICY_FINANCIAL_BOND', 'POLICY_FINANCIAL_BOND'),
      choice('FINANCIAL_MARKET_ENTERPRISE_BOND', 'ENTERPRISE_BOND'),
      choice('FINANCIAL_MARKET_ABS', 'ABS'),
      choice('FINANCIAL_MARKET_RMBS', 'RMBS'),
      choice('FINANCIAL_MARKET_PANDA_BOND', 'PANDA_BOND'),
    ],
  },
  {
    code: 'PROJECT',
    en: 'Project type',
    zh: '项目类',
    children: [
      choice('PROJECT_PROJECT_FINANCING', 'PROJECT_FINANCING'),
      choice('PROJECT_AIRCRAFT_SHIP_LEASING', 'AIRCRAFT_SHIP_LEASING'),
      choice('PROJECT_OVERSEAS_BORROWING_ON_LENDING', 'OVERSEAS_BORROWING_ON_LENDING'),
      choice('PROJECT_EXPORT_CREDIT', 'EXPORT_CREDIT'),
    ],
  },
  {
    code: 'THIRD_PARTY_INNOVATION',
    en: 'Third-party and innovation',
    zh: '第三方及创新合作',
    children: [choice('THIRD_PARTY_INNOVATION_COOPERATION', 'THIRD_PARTY_INNOVATION_COOPERATION')],
  },
];

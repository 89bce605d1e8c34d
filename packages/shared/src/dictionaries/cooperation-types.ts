import type { RiskPreference } from './types.ts';

/**
 * The cooperation taxonomy of SPEC §1: seven types, each with its sub-types. Every request has a
 * sub-type, so "Third-party or innovation cooperation" has one sub-type of its own.
 *
 * Flags on sub-types, used by the marketplace:
 * - `requiresMasterAgreement`: an institution cannot publish it without a signed master
 *   agreement; it is asked to submit an agreement intention first (SPEC §5).
 * - `riskPreference`: the risk-preference prompt of the publish form (SPEC §2).
 * - `hasLetterOfCredit`: the form and detail page carry letter-of-credit details.
 */
export type CooperationSubTypeShape = {
  code: string;
  en: string;
  zh: string;
  requiresMasterAgreement: boolean;
  hasLetterOfCredit: boolean;
  riskPreference?: RiskPreference;
};

type CooperationTypeShape = { code: string; en: string; zh: string; children: readonly CooperationSubTypeShape[] };

const NO_LC = { requiresMasterAgreement: false, hasLetterOfCredit: false } as const;
const LC = { requiresMasterAgreement: false, hasLetterOfCredit: true } as const;

const COOPERATION_TYPE_DATA = [
  {
    code: 'TRADE_FINANCE',
    en: 'Trade finance and factoring',
    zh: '贸易融资及保理',
    children: [
      { code: 'ORDER_FINANCING', en: 'Order financing', zh: '订单融资', ...NO_LC },
      { code: 'EXPORT_NEGOTIATION', en: 'Export negotiation', zh: '出口押汇', ...LC },
      { code: 'EXPORT_BILL_PURCHASE', en: 'Export bill purchase', zh: '出口买单', ...LC },
      { code: 'COLLECTION_LOAN', en: 'Collection loan', zh: '托收融资', ...NO_LC },
      { code: 'BILL_DISCOUNTING', en: 'Bill discounting', zh: '票据贴现', ...LC },
      { code: 'DIRECT_EXPORT_FACTORING', en: 'Direct export factoring', zh: '直接出口保理', ...NO_LC },
      { code: 'OVERSEAS_REFINANCING', en: 'Refinancing by overseas institution', zh: '海外代付', ...LC },
      { code: 'USANCE_BILL_DISCOUNT', en: 'Usance bill discount', zh: '远期汇票贴现', ...LC },
      {
        code: 'RISK_PARTICIPATION',
        en: 'Import/export risk participation',
        zh: '进出口风险参与',
        requiresMasterAgreement: true,
        hasLetterOfCredit: true,
        riskPreference: 'forfaiting',
      },
      { code: 'ENTRUSTED_PAYMENT', en: 'Entrusted payment', zh: '受托支付', ...NO_LC },
      {
        code: 'FORFAITING',
        en: 'Forfaiting',
        zh: '福费廷',
        requiresMasterAgreement: true,
        hasLetterOfCredit: true,
        riskPreference: 'forfaiting',
      },
      { code: 'INTERNATIONAL_FACTORING', en: 'International factoring', zh: '国际保理', ...NO_LC },
    ],
  },
  {
    code: 'PROJECT_FINANCE',
    en: 'Project finance',
    zh: '项目融资',
    children: [
      { code: 'PROJECT_FINANCING', en: 'Project financing', zh: '项目贷款', ...NO_LC },
      { code: 'AIRCRAFT_SHIP_LEASING', en: 'Aircraft/ship leasing', zh: '飞机船舶租赁', ...NO_LC },
      { code: 'OVERSEAS_BORROWING_ON_LENDING', en: 'On-lending of overseas borrowing', zh: '境外借款转贷', ...NO_LC },
      { code: 'EXPORT_CREDIT', en: 'Export credit', zh: '出口信贷', ...NO_LC },
    ],
  },
  {
    code: 'INTERBANK_LOAN',
    en: 'Inter-bank loan',
    zh: '同业贷款',
    children: [
      { code: 'BILATERAL_LOAN', en: 'Bilateral loan', zh: '双边贷款', ...NO_LC },
      { code: 'SYNDICATED_LOAN', en: 'Syndicated loan', zh: '银团贷款', ...NO_LC },
      { code: 'CLUB_LOAN', en: 'Club loan', zh: '俱乐部贷款', ...NO_LC },
      { code: 'REVOLVING_LOAN', en: 'Revolving loan', zh: '循环贷款', ...NO_LC },
    ],
  },
  {
    code: 'FINANCIAL_MARKET',
    en: 'Financial market',
    zh: '金融市场',
    children: [
      { code: 'INTERBANK_CD', en: 'Interbank certificate of deposit', zh: '同业存单', ...NO_LC },
      { code: 'MEDIUM_TERM_NOTE', en: 'Medium term notes', zh: '中期票据', ...NO_LC },
      { code: 'GENERAL_BOND', en: 'General bond', zh: '普通债券', ...NO_LC },
      { code: 'CAPITAL_BOND', en: 'Capital bond', zh: '资本债券', ...NO_LC },
      { code: 'GOVERNMENT_BOND', en: 'Government bond', zh: '政府债券', ...NO_LC },
      { code: 'POLICY_FINANCIAL_BOND', en: 'Policy financial bond', zh: '政策性金融债', ...NO_LC },
      { code: 'ENTERPRISE_BOND', en: 'Enterprise bond', zh: '企业债', ...NO_LC },
      { code: 'ABS', en: 'Asset-backed securities (ABS)', zh: '资产支持证券（ABS）', ...NO_LC },
      {
        code: 'RMBS',
        en: 'Residential mortgage-backed securities (RMBS)',
        zh: '个人住房抵押贷款资产支持证券（RMBS）',
        ...NO_LC,
      },
      { code: 'PANDA_BOND', en: 'Panda bond', zh: '熊猫债', ...NO_LC },
    ],
  },
  {
    code: 'SETTLEMENT_GUARANTEE',
    en: 'Settlement, clearing and guarantee',
    zh: '结算、清算及保函',
    children: [
      { code: 'CIPS_RMB_ACCOUNT', en: 'CIPS and RMB accounts', zh: 'CIPS及人民币账户', ...NO_LC },
      { code: 'RMB_CLEARING', en: 'RMB clearing', zh: '人民币清算', ...NO_LC },
      {
        code: 'GUARANTEE_REISSUE_ADVISING',
        en: 'Guarantee re-issuing and advising',
        zh: '转开及通知保函',
        ...NO_LC,
        riskPreference: 'guarantee',
      },
      { code: 'LC_ADVISING', en: 'L/C advising', zh: '信用证通知', ...LC },
      { code: 'LC_NEGOTIATION', en: 'L/C negotiation', zh: '信用证议付', ...LC },
      { code: 'STANDBY_LC', en: 'Standby L/C', zh: '备用信用证', ...NO_LC, riskPreference: 'guarantee' },
    ],
  },
  {
    code: 'ASSET_TRANSFER',
    en: 'Asset transfer',
    zh: '资产转让',
    children: [
      { code: 'TRADE_ASSET_TRANSFER', en: 'Trade asset transfer', zh: '贸易资产转让', ...NO_LC },
      { code: 'PROJECT_ASSET_TRANSFER', en: 'Project asset transfer', zh: '项目资产转让', ...NO_LC },
      { code: 'LOAN_ASSET_TRANSFER', en: 'Loan asset transfer', zh: '贷款资产转让', ...NO_LC },
      { code: 'BOND_ASSET_TRANSFER', en: 'Bond transfer', zh: '债券转让', ...NO_LC },
    ],
  },
  {
    code: 'THIRD_PARTY_INNOVATION',
    en: 'Third-party or innovation cooperation',
    zh: '第三方或创新合作',
    children: [
      {
        code: 'THIRD_PARTY_INNOVATION_COOPERATION',
        en: 'Third-party / innovation cooperation',
        zh: '第三方/创新合作',
        ...NO_LC,
      },
    ],
  },
] as const satisfies readonly CooperationTypeShape[];

export type CooperationTypeCode = (typeof COOPERATION_TYPE_DATA)[number]['code'];
export type CooperationSubTypeCode = (typeof COOPERATION_TYPE_DATA)[number]['children'][number]['code'];

export type CooperationSubType = CooperationSubTypeShape & { code: CooperationSubTypeCode };
export type CooperationType = {
  code: CooperationTypeCode;
  en: string;
  zh: string;
  children: readonly CooperationSubType[];
};
/** A sub-type together with the code of its type (see `cooperationSubTypes()`). */
export type CooperationSubTypeWithParent = CooperationSubType & { parent: CooperationTypeCode };

export const COOPERATION_TYPES: readonly CooperationType[] = COOPERATION_TYPE_DATA;

export const COOPERATION_TYPE_CODES = COOPERATION_TYPES.map((type) => type.code);

const SUB_TYPES: readonly CooperationSubTypeWithParent[] = COOPERATION_TYPES.flatMap((type) =>
  type.children.map((sub) => ({ ...sub, parent: type.code })),
);

/** Every sub-type, flat, in taxonomy order, each with `parent` = its type code. */
export function cooperationSubTypes(): readonly CooperationSubTypeWithParent[] {
  return SUB_TYPES;
}

export const COOPERATION_SUB_TYPE_CODES: readonly CooperationSubTypeCode[] = SUB_TYPES.map((sub) => sub.code);

/** The sub-type with this code, with its parent type code; `undefined` if unknown. */
export function findCooperationSubType(code: string): CooperationSubTypeWithParent | undefined {
  return SUB_TYPES.find((sub) => sub.code === code);
}

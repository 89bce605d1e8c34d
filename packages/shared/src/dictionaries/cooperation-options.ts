import { codesOf, type DictEntry } from './types.ts';

/**
 * Small option lists of the release forms (SPEC §3). SPEC §3 says risk preferences exist for
 * forfaiting / risk participation and for guarantee business but does not list their values;
 * these are the usual market ones. Codes are stable once published.
 */

/** Risk preferences of forfaiting and import/export risk participation (`riskPreference: 'forfaiting'`). */
export const FORFAITING_RISK_PREFERENCES = [
  { code: 'ISSUER_RATED_A', en: 'Issuing bank rated A- or better', zh: '开证行评级A-及以上' },
  { code: 'ISSUER_RATED_BBB', en: 'Issuing bank rated BBB- to BBB+', zh: '开证行评级BBB-至BBB+' },
  { code: 'ISSUER_UNRATED', en: 'Unrated or sub-investment-grade issuing bank', zh: '开证行无评级或非投资级' },
  { code: 'TENOR_UP_TO_180', en: 'Tenor up to 180 days', zh: '期限180天以内' },
  { code: 'TENOR_OVER_180', en: 'Tenor over 180 days', zh: '期限180天以上' },
  { code: 'SILENT_PARTICIPATION', en: 'Silent participation accepted', zh: '接受隐蔽参与' },
  { code: 'FUNDED_PARTICIPATION', en: 'Funded participation', zh: '融资型风险参与' },
  { code: 'UNFUNDED_PARTICIPATION', en: 'Unfunded participation', zh: '非融资型风险参与' },
] as const satisfies readonly DictEntry[];

/** Risk preferences of guarantee business (`riskPreference: 'guarantee'`). */
export const GUARANTEE_RISK_PREFERENCES = [
  { code: 'BANK_COUNTER_GUARANTEE', en: 'Backed by a bank counter-guarantee', zh: '有银行反担保' },
  { code: 'CASH_MARGIN', en: 'Cash margin held', zh: '有保证金' },
  { code: 'INVESTMENT_GRADE_APPLICANT', en: 'Investment-grade applicant', zh: '申请人为投资级' },
  { code: 'SHORT_VALIDITY', en: 'Validity up to one year', zh: '有效期一年以内' },
  { code: 'URDG_758', en: 'Subject to URDG 758', zh: '适用URDG 758' },
  { code: 'ISP98', en: 'Subject to ISP98', zh: '适用ISP98' },
] as const satisfies readonly DictEntry[];

export const RISK_PREFERENCE_CODES = {
  forfaiting: codesOf(FORFAITING_RISK_PREFERENCES),
  guarantee: codesOf(GUARANTEE_RISK_PREFERENCES),
} as const;

/** The common terms of "Term: common" (SPEC §3); "customized" gives a number of days instead. */
export const COMMON_TERMS = [
  { code: 'D30', en: '30 days', zh: '30天' },
  { code: 'D60', en: '60 days', zh: '60天' },
  { code: 'D90', en: '90 days', zh: '90天' },
  { code: 'D180', en: '180 days', zh: '180天' },
  { code: 'D360', en: '360 days', zh: '360天' },
  { code: 'Y1_3', en: '1 to 3 years', zh: '1至3年' },
  { code: 'Y3_5', en: '3 to 5 years', zh: '3至5年' },
  { code: 'Y5_PLUS', en: 'Over 5 years', zh: '5年以上' },
] as const satisfies readonly DictEntry[];
export const COMMON_TERM_CODES = codesOf(COMMON_TERMS);

export const GUARANTEE_TYPES = [
  { code: 'PERFORMANCE', en: 'Performance guarantee', zh: '履约保函' },
  { code: 'BID', en: 'Bid bond', zh: '投标保函' },
  { code: 'ADVANCE_PAYMENT', en: 'Advance payment guarantee', zh: '预付款保函' },
  { code: 'PAYMENT', en: 'Payment guarantee', zh: '付款保函' },
  { code: 'FINANCING', en: 'Financing guarantee', zh: '融资保函' },
  { code: 'RETENTION', en: 'Retention money guarantee', zh: '留置金保函' },
  { code: 'OTHER', en: 'Other', zh: '其他' },
] as const satisfies readonly DictEntry[];
export const GUARANTEE_TYPE_CODES = codesOf(GUARANTEE_TYPES);

export const TRANSFERRED_ASSET_TYPES = [
  { code: 'TRADE_RECEIVABLE', en: 'Trade receivables', zh: '贸易应收款' },
  { code: 'FORFAITED_BILL', en: 'Forfaited bills', zh: '福费廷票据' },
  { code: 'PROJECT_LOAN', en: 'Project loan', zh: '项目贷款' },
  { code: 'SYNDICATED_LOAN_SHARE', en: 'Syndicated loan share', zh: '银团贷款份额' },
  { code: 'BILATERAL_LOAN', en: 'Bilateral loan', zh: '双边贷款' },
  { code: 'BOND', en: 'Bonds', zh: '债券' },
  { code: 'OTHER', en: 'Other', zh: '其他' },
] as const satisfies readonly DictEntry[];
export const TRANSFERRED_ASSET_TYPE_CODES = codesOf(TRANSFERRED_ASSET_TYPES);

/** Who bears the L/C charges. */
export const COST_BEARERS = [
  { code: 'APPLICANT', en: 'Applicant', zh: '申请人' },
  { code: 'BENEFICIARY', en: 'Beneficiary', zh: '受益人' },
  { code: 'SHARED', en: 'Shared', zh: '双方分担' },
] as const satisfies readonly DictEntry[];
export const COST_BEARER_CODES = codesOf(COST_BEARERS);

/** Acceptable BAFT master participation agreement versions. */
export const BAFT_VERSIONS = [
  { code: 'BAFT_2008', en: 'BAFT MPA 2008', zh: 'BAFT主参与协议2008版' },
  { code: 'BAFT_2010', en: 'BAFT MPA 2010', zh: 'BAFT主参与协议2010版' },
  { code: 'BAFT_2018', en: 'BAFT MPA 2018', zh: 'BAFT主参与协议2018版' },
  { code: 'BAFT_2022', en: 'BAFT MPA 2022 (Trade Assets)', zh: 'BAFT主参与协议2022版（贸易资产）' },
] as const satisfies readonly DictEntry[];
export const BAFT_VERSION_CODES = codesOf(BAFT_VERSIONS);

/**
 * Customer type of a request (SPEC §3 "customer type"): the kind of customer behind the business,
 * which the reader weighs before sending an intention. SPEC names the field, not its values; these
 * are the usual ones of interbank trade and project business.
 */
export const CUSTOMER_TYPES = [
  { code: 'COMMERCIAL_BANK', en: 'Commercial bank', zh: '商业银行' },
  { code: 'POLICY_BANK', en: 'Policy or development bank', zh: '政策性或开发性银行' },
  { code: 'NON_BANK_FI', en: 'Non-bank financial institution', zh: '非银行金融机构' },
  { code: 'CORPORATE', en: 'Corporate', zh: '企业' },
  { code: 'SOVEREIGN', en: 'Sovereign or public sector', zh: '主权或公共部门' },
  { code: 'OTHER', en: 'Other', zh: '其他' },
] as const satisfies readonly DictEntry[];
export const CUSTOMER_TYPE_CODES = codesOf(CUSTOMER_TYPES);

/**
 * Where an L/C's applicant or beneficiary is (SPEC §3 "foreign/domestic applicants and
 * beneficiaries"): domestic is the Chinese mainland, as the bank's business lines count it.
 */
export const PARTY_LOCATIONS = [
  { code: 'DOMESTIC', en: 'Domestic (Chinese mainland)', zh: '境内' },
  { code: 'FOREIGN', en: 'Foreign (outside the Chinese mainland)', zh: '境外' },
] as const satisfies readonly DictEntry[];
export const PARTY_LOCATION_CODES = codesOf(PARTY_LOCATIONS);

/** Yes / no answers stored as codes ("L/C issued", "partial shipment allowed"). */
export const YES_NO = [
  { code: 'Y', en: 'Yes', zh: '是' },
  { code: 'N', en: 'No', zh: '否' },
] as const satisfies readonly DictEntry[];

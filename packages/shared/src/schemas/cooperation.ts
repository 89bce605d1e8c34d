/**
 * The cooperation marketplace's contract (SPEC §2, §3, §4, §5, §7): the release forms, drafts,
 * lists, detail, follows, intentions, matched opportunities and master-agreement intentions.
 *
 * One schema per release form (STYLE.md "one schema, both sides"): `RELEASE_FORM_SCHEMAS[kind]`
 * validates the antd form in the browser and the publish request on the server. A sub-type's form
 * kind is `formKindOf(subTypeCode)`. Field names follow SPEC §3 in plain camelCase; the list's
 * response fields keep SPEC's names (itDpchlstRqmNm, instNm, …) where it gives them.
 *
 * Numbers: money is a decimal string (at most 15 digits before the point, 2 after: beyond what a
 * double holds exactly); counts, days and percentages are JSON numbers.
 */
import { z } from 'zod';
import {
  BAFT_VERSION_CODES,
  COMMON_TERM_CODES,
  COST_BEARER_CODES,
  CUSTOMER_TYPE_CODES,
  GUARANTEE_TYPE_CODES,
  PARTY_LOCATION_CODES,
  RISK_PREFERENCE_CODES,
  TRANSFERRED_ASSET_TYPE_CODES,
} from '../dictionaries/cooperation-options.ts';
import {
  COOPERATION_SUB_TYPE_CODES,
  type CooperationSubTypeCode,
  findCooperationSubType,
} from '../dictionaries/cooperation-types.ts';
import { DIRECTION_CODES } from '../dictionaries/directions.ts';
import { LC_PAYMENT_MODE_CODES } from '../dictionaries/lc-payment-modes.ts';
import { PUBLISH_CATEGORY_CODES } from '../dictionaries/publish-categories.ts';
import { RATE_TYPE_CODES } from '../dictionaries/rate-types.ts';
import { TERM_TYPE_CODES } from '../dictionaries/term-types.ts';
import { labelFields } from '../field-labels.ts';
import { ZDictCode, ZEmail, ZPhone, ZSwiftCode } from './accounts.ts';
import { ZIsoDate, ZPageQuery } from './common.ts';
import { ZFileInfo } from './files.ts';

// ---------- limits of SPEC §5 / §9 ----------

export const COOPERATION_LIMITS = {
  /** Short texts (names of people, banks, cities, goods). */
  shortText: 50,
  /** Longer one-line texts (request name, addresses, remark). */
  longText: 100,
  /** Multi-line descriptions (description, project background, asset details). */
  description: 2000,
  /** Digits before the decimal point of an amount. */
  amountDigits: 15,
  attachments: 10,
  scopeCountries: 60,
  intentionMessage: 500,
} as const;

/** The form a sub-type is published with; each kind has its schema below. */
export const FORM_KINDS = [
  'letterOfCredit',
  'tradeFinance',
  'loan',
  'project',
  'bond',
  'guarantee',
  'settlement',
  'assetTransfer',
  'innovation',
] as const;
export type FormKind = (typeof FORM_KINDS)[number];

const FORM_KIND_BY_SUB_TYPE: Record<CooperationSubTypeCode, FormKind> = {
  ORDER_FINANCING: 'tradeFinance',
  EXPORT_NEGOTIATION: 'letterOfCredit',
  EXPORT_BILL_PURCHASE: 'letterOfCredit',
  COLLECTION_LOAN: 'tradeFinance',
  BILL_DISCOUNTING: 'letterOfCredit',
  DIRECT_EXPORT_FACTORING: 'tradeFinance',
  OVERSEAS_REFINANCING: 'letterOfCredit',
  USANCE_BILL_DISCOUNT: 'letterOfCredit',
  RISK_PARTICIPATION: 'letterOfCredit',
  ENTRUSTED_PAYMENT: 'tradeFinance',
  FORFAITING: 'letterOfCredit',
  INTERNATIONAL_FACTORING: 'tradeFinance',
  PROJECT_FINANCING: 'project',
  AIRCRAFT_SHIP_LEASING: 'project',
  OVERSEAS_BORROWING_ON_LENDING: 'loan',
  EXPORT_CREDIT: 'project',
  BILATERAL_LOAN: 'loan',
  SYNDICATED_LOAN: 'loan',
  CLUB_LOAN: 'loan',
  REVOLVING_LOAN: 'loan',
  INTERBANK_CD: 'bond',
  MEDIUM_TERM_NOTE: 'bond',
  GENERAL_BOND: 'bond',
  CAPITAL_BOND: 'bond',
  GOVERNMENT_BOND: 'bond',
  POLICY_FINANCIAL_BOND: 'bond',
  ENTERPRISE_BOND: 'bond',
  ABS: 'bond',
  RMBS: 'bond',
  PANDA_BOND: 'bond',
  CIPS_RMB_ACCOUNT: 'settlement',
  RMB_CLEARING: 'settlement',
  GUARANTEE_REISSUE_ADVISING: 'guarantee',
  LC_ADVISING: 'letterOfCredit',
  LC_NEGOTIATION: 'letterOfCredit',
  STANDBY_LC: 'guarantee',
  TRADE_ASSET_TRANSFER: 'assetTransfer',
  PROJECT_ASSET_TRANSFER: 'assetTransfer',
  LOAN_ASSET_TRANSFER: 'assetTransfer',
  BOND_ASSET_TRANSFER: 'assetTransfer',
  THIRD_PARTY_INNOVATION_COOPERATION: 'innovation',
};

export function formKindOf(subTypeCode: string): FormKind | undefined {
  return (FORM_KIND_BY_SUB_TYPE as Record<string, FormKind>)[subTypeCode];
}

// ---------- field rules (each message is a rule key under errors.validation) ----------

const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => text(max).optional().default('');

/** An amount: greater than 0, at most 15 digits before the point and 2 after. */
export const AMOUNT_PATTERN = /^\d{1,15}(\.\d{1,2})?$/;
/** A plain decimal number as typed: optional sign, digits, optional fraction (no grouping, no exponent). */
export const NUMBER_TEXT_PATTERN = /^[-+]?\d+(\.\d+)?$/;

/**
 * The one rule an amount breaks, most basic first: missing, not a number ("1.35m"), not above 0
 * (−2500), or too many digits (17 digits, 3 decimals). The value is never changed, only judged.
 */
export function amountRule(value: string): string | null {
  if (value === '') return 'required';
  if (!NUMBER_TEXT_PATTERN.test(value)) return 'number';
  if (!(Number(value) > 0)) return 'positiveAmount';
  if (!AMOUNT_PATTERN.test(value)) return 'amountDigits';
  return null;
}

export const ZAmount = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const rule = amountRule(value);
    if (rule) ctx.addIssue({ code: 'custom', message: rule, input: value });
  });

/** An amount that may be left empty; when given, the rules of `ZAmount`. */
export const ZOptionalAmount = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const rule = value === '' ? null : amountRule(value);
    if (rule) ctx.addIssue({ code: 'custom', message: rule, input: value });
  })
  .optional()
  .default('');

/** A number that is not one (a string such as "1.35m") is "must be a number"; a missing one is "required". */
const numberError = (issue: { code?: string; input?: unknown }) =>
  issue.code === 'invalid_type' && issue.input !== undefined && issue.input !== null ? 'number' : undefined;

/** A whole number in [min, max]. */
export const ZWhole = (min: number, max: number) =>
  z.number({ error: numberError }).int({ message: 'integer' }).min(min).max(max);

/** A decimal in [min, max] with at most `places` decimal places. */
export const ZDecimal = (min: number, max: number, places: number) =>
  z
    .number({ error: numberError })
    .min(min)
    .max(max)
    .refine((value) => Math.abs(Math.round(value * 10 ** places) - value * 10 ** places) < 1e-6, {
      message: `decimalPlaces${places}`,
    });

/** A real calendar date, `YYYY-MM-DD` (common.ts). */
export const ZDate = ZIsoDate;
const optionalDate = z
  .union([z.literal(''), ZDate])
  .optional()
  .default('');
const optionalSwift = z
  .union([z.literal(''), ZSwiftCode])
  .optional()
  .default('');
const optionalPartyLocation = z
  .union([z.literal(''), z.enum(PARTY_LOCATION_CODES)])
  .optional()
  .default('');
const optionalCountry = z
  .union([z.literal(''), ZDictCode('countries')])
  .optional()
  .default('');

// ---------- the parts every form has ----------

/** Name, direction, validity, scope, contact and the free texts of every request. */
export const ZCommonFields = z.object({
  /** Step 2 choice of the publish flow; fixes the sub-type (and for funds in/out the direction). */
  choiceCode: z.string().min(1).max(80),
  subTypeCode: z.enum(COOPERATION_SUB_TYPE_CODES as [CooperationSubTypeCode, ...CooperationSubTypeCode[]]),
  itDpchlstRqmNm: requiredText(COOPERATION_LIMITS.longText).describe('Request name'),
  direction: z.enum(DIRECTION_CODES),
  validFrom: ZDate,
  validUntil: ZDate,
  /**
   * Intended time limit (SPEC §3): the day by which the publisher wants intentions; optional,
   * within the validity (not before today, not after `validUntil`).
   */
  intendedTimeLimit: optionalDate,
  /** Customer type (SPEC §3): the kind of customer behind the business; optional. */
  customerType: z
    .union([z.literal(''), z.enum(CUSTOMER_TYPE_CODES)])
    .optional()
    .default(''),
  /** false: no limit; true: only the chosen countries/regions. */
  scopeLimited: z.boolean().default(false),
  scopeCountries: z.array(ZDictCode('countries')).max(COOPERATION_LIMITS.scopeCountries).default([]),
  /** The bank's branch that handles the deal ("bank institution" filter); optional. */
  bankBranch: z
    .union([z.literal(''), ZDictCode('branches')])
    .optional()
    .default(''),
  contactName: requiredText(COOPERATION_LIMITS.shortText),
  contactEmail: ZEmail,
  contactPhone: ZPhone,
  remark: optionalText(COOPERATION_LIMITS.longText),
  description: optionalText(COOPERATION_LIMITS.description),
  /** File ids from /api/fileP1/upload (purpose attachment). */
  attachments: z.array(z.string().min(1).max(64)).max(COOPERATION_LIMITS.attachments).default([]),
});

/** Currency, amount, term and price: the commercial terms most forms share. */
const ZCommercial = z.object({
  currency: ZDictCode('currencies'),
  amount: ZAmount,
  termType: z.enum(TERM_TYPE_CODES),
  commonTerm: z
    .union([z.literal(''), z.enum(COMMON_TERM_CODES)])
    .optional()
    .default(''),
  customTermDays: ZWhole(1, 720).nullish(),
  /** All-in price, % per year. */
  price: ZDecimal(0, 100, 4),
});

/** Letter-of-credit details (SPEC §3 L/C fields). */
const ZLetterOfCreditFields = z.object({
  issuingBank: requiredText(COOPERATION_LIMITS.longText),
  issuingBankSwift: ZSwiftCode,
  issuingBankCountry: optionalCountry,
  issuingBankCity: optionalText(COOPERATION_LIMITS.shortText),
  applicant: requiredText(COOPERATION_LIMITS.longText),
  /** Foreign or domestic applicant (SPEC §3); optional. */
  applicantLocation: optionalPartyLocation,
  beneficiary: requiredText(COOPERATION_LIMITS.longText),
  /** Foreign or domestic beneficiary (SPEC §3); replaces the former Y/N `domesticBeneficiary` (migration 0018). */
  beneficiaryLocation: optionalPartyLocation,
  /** Guarantee bank of the L/C (SPEC §3 L/C fields), when one stands behind it; optional. */
  guaranteeBank: optionalText(COOPERATION_LIMITS.longText),
  lcIssued: z.enum(['Y', 'N']).default('Y'),
  lcExpiryDate: ZDate,
  lcExpiryPlace: optionalText(COOPERATION_LIMITS.shortText),
  paymentDueDate: optionalDate,
  latestShipmentDate: optionalDate,
  commodity: optionalText(COOPERATION_LIMITS.shortText),
  lcType: z
    .union([z.literal(''), z.enum(LC_PAYMENT_MODE_CODES)])
    .optional()
    .default(''),
  lcNumber: optionalText(COOPERATION_LIMITS.shortText),
  /** Days of usance; 0 = at sight. */
  usanceDays: ZWhole(0, 720).nullish(),
  partialShipment: z
    .union([z.literal(''), z.enum(['Y', 'N'])])
    .optional()
    .default(''),
  costBearer: z
    .union([z.literal(''), z.enum(COST_BEARER_CODES)])
    .optional()
    .default(''),
  advisingBank: optionalText(COOPERATION_LIMITS.longText),
  acceptanceWays: optionalText(COOPERATION_LIMITS.longText),
  acceptingBank: optionalText(COOPERATION_LIMITS.longText),
  acceptingBankSwift: optionalSwift,
  acceptingBankCountry: optionalCountry,
  acceptingBankCity: optionalText(COOPERATION_LIMITS.shortText),
  confirmingBank: optionalText(COOPERATION_LIMITS.longText),
  confirmingBankSwift: optionalSwift,
  confirmingBankCountry: optionalCountry,
  confirmingBankCity: optionalText(COOPERATION_LIMITS.shortText),
  /** Required for forfaiting and risk participation (see rules). */
  baftVersion: z
    .union([z.literal(''), z.enum(BAFT_VERSION_CODES)])
    .optional()
    .default(''),
  financingCurrency: z
    .union([z.literal(''), ZDictCode('currencies')])
    .optional()
    .default(''),
  financingDays: ZWhole(1, 720),
  /** Share taken, 0 to 1 with two decimals (risk participation, forfaiting). */
  participationRatio: ZDecimal(0, 1, 2).nullish(),
  /** Financing cost in basis points, 0 to 1000. */
  financingCostBps: ZWhole(0, 1000).nullish(),
  rating: optionalText(COOPERATION_LIMITS.shortText),
  /** Countries/regions of issuing banks accepted; required for forfaiting and risk participation. */
  acceptableCountries: z.array(ZDictCode('countries')).max(COOPERATION_LIMITS.scopeCountries).default([]),
  riskPreferences: z.array(z.enum(RISK_PREFERENCE_CODES.forfaiting)).max(8).default([]),
});

const ZTradeFinanceFields = z.object({
  applicant: requiredText(COOPERATION_LIMITS.longText),
  beneficiary: requiredText(COOPERATION_LIMITS.longText),
  commodity: optionalText(COOPERATION_LIMITS.shortText),
  financingDays: ZWhole(1, 720),
  financingCostBps: ZWhole(0, 1000).nullish(),
  rating: optionalText(COOPERATION_LIMITS.shortText),
});

const ZLoanFields = z.object({
  rateType: z.enum(RATE_TYPE_CODES),
  /** Rate range, % per year (fixed) or margin over the base rate (floating); min ≤ max. */
  rateMin: ZDecimal(0, 100, 4),
  rateMax: ZDecimal(0, 100, 4),
  /** Loan period in years, 0 (under one year) to 100. */
  periodYears: ZWhole(0, 100).nullish(),
  financingCostBps: ZWhole(0, 1000).nullish(),
  rating: optionalText(COOPERATION_LIMITS.shortText),
});

const ZProjectFields = z.object({
  projectBackground: requiredText(COOPERATION_LIMITS.description),
  businessLocation: requiredText(COOPERATION_LIMITS.longText),
  acceptableCountries: z.array(ZDictCode('countries')).max(COOPERATION_LIMITS.scopeCountries).default([]),
  rating: optionalText(COOPERATION_LIMITS.shortText),
});

const ZBondFields = z.object({
  bondIssuer: requiredText(COOPERATION_LIMITS.longText),
  periodYears: ZWhole(0, 100).nullish(),
  rating: optionalText(COOPERATION_LIMITS.shortText),
});

const ZGuaranteeFields = z.object({
  guarantor: requiredText(COOPERATION_LIMITS.longText).describe('Guarantee bank'),
  guarantorSwift: ZSwiftCode,
  guaranteeType: z.enum(GUARANTEE_TYPE_CODES),
  guaranteeDescription: optionalText(COOPERATION_LIMITS.description),
  applicant: optionalText(COOPERATION_LIMITS.longText),
  beneficiary: optionalText(COOPERATION_LIMITS.longText),
  riskPreferences: z.array(z.enum(RISK_PREFERENCE_CODES.guarantee)).max(6).default([]),
});

const ZSettlementFields = z.object({
  currency: ZDictCode('currencies'),
  /** Estimated annual settlement volume, in the currency. */
  annualSettlementVolume: ZAmount,
  /** Estimated number of transactions a year, 0 to 1000 (thousands). */
  estimatedTransactions: ZWhole(0, 1000).nullish(),
});

const ZAssetTransferFields = z.object({
  transferredAssetType: z.enum(TRANSFERRED_ASSET_TYPE_CODES),
  assetDetails: requiredText(COOPERATION_LIMITS.description),
  underlyingAsset: optionalText(COOPERATION_LIMITS.longText),
  rating: optionalText(COOPERATION_LIMITS.shortText),
});

const ZInnovationFields = z.object({
  partnerType: optionalText(COOPERATION_LIMITS.shortText),
  /** Partner name (SPEC §3): the third party the cooperation is with, when known. */
  partnerName: optionalText(COOPERATION_LIMITS.longText),
});

/** Each form's fields, before the cross-field rules. */
export const RELEASE_FORM_SHAPES = {
  letterOfCredit: ZCommonFields.extend(ZCommercial.shape).extend(ZLetterOfCreditFields.shape),
  tradeFinance: ZCommonFields.extend(ZCommercial.shape).extend(ZTradeFinanceFields.shape),
  loan: ZCommonFields.extend(ZCommercial.shape).extend(ZLoanFields.shape),
  project: ZCommonFields.extend(ZCommercial.shape).extend(ZProjectFields.shape),
  bond: ZCommonFields.extend(ZCommercial.shape).extend(ZBondFields.shape),
  guarantee: ZCommonFields.extend(ZCommercial.shape).extend(ZGuaranteeFields.shape),
  settlement: ZCommonFields.extend(ZSettlementFields.shape),
  assetTransfer: ZCommonFields.extend(ZCommercial.shape).extend(ZAssetTransferFields.shape),
  innovation: ZCommonFields.extend(ZInnovationFields.shape).extend({
    currency: z
      .union([z.literal(''), ZDictCode('currencies')])
      .optional()
      .default(''),
    amount: ZOptionalAmount,
    description: requiredText(COOPERATION_LIMITS.description),
  }),
} as const;

type Loose = Record<string, unknown>;
type Ctx = z.core.$RefinementCtx<Loose>;

/**
 * Cross-field rules of every form: the choice matches the sub-type, dates in order, the term
 * that the term type asks for, a correct rate range, scope countries when limited, and the
 * fields that only some sub-types require (SPEC §5).
 */
function releaseRules(value: Loose, ctx: Ctx, options: ReleaseRuleOptions) {
  if (value === null || typeof value !== 'object') return;
  const sub = findCooperationSubType(String(value.subTypeCode));
  const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

  if (typeof value.validFrom === 'string' && typeof value.validUntil === 'string' && value.validUntil < value.validFrom)
    add('validUntil', 'dateOrder');
  if (
    typeof value.intendedTimeLimit === 'string' &&
    value.intendedTimeLimit !== '' &&
    typeof value.validUntil === 'string' &&
    value.intendedTimeLimit > value.validUntil
  )
    add('intendedTimeLimit', 'afterValidity');
  // Dates that must be today or later (SPEC §5: the validity period and the L/C validity).
  if (options.today) {
    for (const name of NOT_PAST_DATES) {
      const date = value[name];
      if (typeof date === 'string' && ZDate.safeParse(date).success && date < options.today) add(name, 'dateInPast');
    }
  }
  if (value.scopeLimited === true && blank(value.scopeCountries)) add('scopeCountries', 'required');
  if ('termType' in value) {
    if (value.termType === 'COMMON' && blank(value.commonTerm)) add('commonTerm', 'required');
    if (value.termType === 'CUSTOMIZED' && blank(value.customTermDays)) add('customTermDays', 'required');
  }
  if ('rateMin' in value && typeof value.rateMin === 'number' && typeof value.rateMax === 'number') {
    if (value.rateMin > value.rateMax) add('rateMax', 'rateRange');
  }
  if (sub?.riskPreference && 'riskPreferences' in value && blank(value.riskPreferences))
    add('riskPreferences', 'atLeastOne');
  if (sub?.requiresMasterAgreement) {
    if (blank(value.baftVersion)) add('baftVersion', 'required');
    if (blank(value.acceptableCountries)) add('acceptableCountries', 'required');
  }
}

/** Dates of a release that must not be before today (checked when the schema is given `today`). */
export const NOT_PAST_DATES = ['validUntil', 'lcExpiryDate', 'intendedTimeLimit'] as const;

export type ReleaseRuleOptions = {
  /** Today as `YYYY-MM-DD`: with it, the dates of `NOT_PAST_DATES` must be today or later. */
  today?: string;
};

/**
 * The cross-field rules run on every parse, also when other fields already failed (`when`), so
 * that one submit shows every error at once (a date in the past, a missing term) rather than
 * revealing them one attempt at a time.
 */
function withRules<S extends z.ZodObject>(shape: S, options: ReleaseRuleOptions = {}) {
  return shape.superRefine((value, ctx) => releaseRules(value as Loose, ctx as unknown as Ctx, options), {
    when: () => true,
  });
}

/** The schema of each release form: fields and rules. The web form and the server use these. */
export const RELEASE_FORM_SCHEMAS = {
  letterOfCredit: withRules(RELEASE_FORM_SHAPES.letterOfCredit),
  tradeFinance: withRules(RELEASE_FORM_SHAPES.tradeFinance),
  loan: withRules(RELEASE_FORM_SHAPES.loan),
  project: withRules(RELEASE_FORM_SHAPES.project),
  bond: withRules(RELEASE_FORM_SHAPES.bond),
  guarantee: withRules(RELEASE_FORM_SHAPES.guarantee),
  settlement: withRules(RELEASE_FORM_SHAPES.settlement),
  assetTransfer: withRules(RELEASE_FORM_SHAPES.assetTransfer),
  innovation: withRules(RELEASE_FORM_SHAPES.innovation),
} as const satisfies Record<FormKind, z.ZodType>;

export type TReleaseForm = z.output<(typeof RELEASE_FORM_SCHEMAS)[FormKind]>;
export type TReleaseFormInput = z.input<(typeof RELEASE_FORM_SCHEMAS)[FormKind]>;

/**
 * The schema of a form kind with the rules that depend on the day: `today` (`YYYY-MM-DD`, the
 * reader's day in the browser, the server's day on the server) makes past dates an error.
 */
export function releaseFormSchema(
  kind: FormKind,
  options: ReleaseRuleOptions = {},
): (typeof RELEASE_FORM_SCHEMAS)[FormKind] {
  if (!options.today) return RELEASE_FORM_SCHEMAS[kind];
  return withRules(RELEASE_FORM_SHAPES[kind], options) as unknown as (typeof RELEASE_FORM_SCHEMAS)[FormKind];
}

/** The schema that validates a request of this sub-type. */
export function releaseSchemaFor(subTypeCode: string, options: ReleaseRuleOptions = {}) {
  const kind = formKindOf(subTypeCode);
  return kind ? releaseFormSchema(kind, options) : undefined;
}

/**
 * Publish (and update) body: the form's fields, loose at the HTTP edge; the service validates
 * them with `releaseSchemaFor(subTypeCode)` so the errors name the form's fields.
 * `draftLgcSn` publishes a saved draft (which is then no longer a draft).
 */
export const ZPublishRequest = z.looseObject({
  subTypeCode: z.enum(COOPERATION_SUB_TYPE_CODES as [CooperationSubTypeCode, ...CooperationSubTypeCode[]]),
  choiceCode: z.string().min(1).max(80),
  draftLgcSn: z.string().max(64).optional(),
});
export type TPublishRequest = z.infer<typeof ZPublishRequest> & Loose;

/**
 * A draft may be saved at any step: only the choice is needed, every other field may be missing,
 * and what is there must still respect types and lengths (the server checks with the form's
 * shape made partial).
 */
export const ZDraftRequest = z.looseObject({
  categoryCode: z.enum(PUBLISH_CATEGORY_CODES),
  choiceCode: z.string().max(80).optional(),
  subTypeCode: z.string().max(80).optional(),
  draftLgcSn: z.string().max(64).optional(),
});
export type TDraftRequest = z.infer<typeof ZDraftRequest> & Loose;

// ---------- states (SPEC §4) ----------

export const REQUEST_STATUSES = ['draft', 'effective', 'invalid'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** Why a request is invalid: past its validity, withdrawn by its owner, taken down by the bank. */
export const INVALID_REASONS = ['expired', 'withdrawn', 'takenDown'] as const;

/** Intention statuses: notSent is what a request shows to a viewer who has sent none. */
export const INTENTION_STATUSES = ['notSent', 'pending', 'agreed', 'rejected'] as const;
export type IntentionStatus = (typeof INTENTION_STATUSES)[number];

export const PUSH_KINDS = ['system', 'manual'] as const;

// ---------- lists ----------

/**
 * The Business Opportunities filters (SPEC §2): the one filter shape. The list query below is
 * these plus the page; the server's list statement takes `TOpportunityFilters`; the web keeps
 * them in the address under the same names (`OPPORTUNITY_FILTER_KEYS`).
 */
export const ZOpportunityFilters = z.object({
  /** Demand type: the direction. */
  direction: z.enum(DIRECTION_CODES).optional(),
  /** Project type: a cooperation type or a sub-type code. */
  typeCode: z.string().max(80).optional(),
  releaseFrom: ZDate.optional(),
  releaseTo: ZDate.optional(),
  /** Issuing agency: part of the publishing institution's name. */
  institution: z.string().trim().max(100).optional(),
  /** Country/region of the publishing institution. */
  country: z.string().max(8).optional(),
  /** Bank institution: the bank's branch handling the deal. */
  bankBranch: z.string().max(80).optional(),
  /** Cooperation scope: open to this country/region (requests with no limit included). */
  scopeCountry: z.string().max(8).optional(),
  /** Part of the request name. */
  q: z.string().trim().max(100).optional(),
});
export type TOpportunityFilters = z.infer<typeof ZOpportunityFilters>;
/** The filters' names, in the order the list page shows them. */
export const OPPORTUNITY_FILTER_KEYS = ZOpportunityFilters.keyof().options;
export type OpportunityFilterKey = (typeof OPPORTUNITY_FILTER_KEYS)[number];

/** Business Opportunities list (SPEC §2) and the home page's two-way list (no filters). */
export const ZOpportunityListQuery = ZPageQuery.extend(ZOpportunityFilters.shape);
export type TOpportunityListQuery = z.infer<typeof ZOpportunityListQuery>;

/** One row of the lists (SPEC §3 list fields, names as SPEC gives them). */
export const ZOpportunityListItem = z.object({
  lgcSn: z.string(),
  itDpchlstRqmNm: z.string().describe('Request name'),
  instNm: z.string().describe('Publishing institution'),
  instSwiftCode: z.string().nullable(),
  instCountry: z.string().nullable(),
  direction: z.enum(DIRECTION_CODES),
  typeCode: z.string(),
  subTypeCode: z.string(),
  astPrjTpcdName: z.string().describe('Project type (sub-type), in the reader’s language'),
  cmavyTpcd: z.string().nullable().describe('Currency code'),
  cmavyTpcdName: z.string().nullable().describe('Currency, in the reader’s language'),
  idcstAstIvsAmt: z.string().nullable().describe('Amount (decimal string)'),
  idcstAstIvsAmtName: z.string().nullable().describe('Amount formatted with the currency'),
  bscrcCoAgrmTmdt: z.string().nullable().describe('Term, in the reader’s language'),
  price: z.string().nullable().describe('Price, formatted'),
  status: z.enum(REQUEST_STATUSES),
  invalidReason: z.enum(INVALID_REASONS).nullable(),
  validUntil: z.string().nullable(),
  createTime: z.string().nullable().describe('Publish time (ISO)'),
  updateTime: z.string().describe('Update date: when the request was last changed (ISO)'),
  customerType: z.string().nullable().describe('Customer type code (dictionary customerTypes)'),
  customerTypeName: z.string().nullable().describe('Customer type, in the reader’s language'),
  intendedTimeLimit: z.string().nullable().describe('Intended time limit (YYYY-MM-DD)'),
  isMine: z.boolean().describe('Published by the reader’s institution'),
  followed: z.boolean(),
  intentionStatus: z.enum(INTENTION_STATUSES).describe('The reader’s institution’s intention on it'),
});
export type TOpportunityListItem = z.infer<typeof ZOpportunityListItem>;

/** myPublish: the reader's own requests with their counts. */
export const ZMyPublishQuery = ZPageQuery.extend({
  status: z.enum(['effective', 'invalid', 'all']).default('all'),
  q: z.string().trim().max(100).optional(),
});
export const ZMyPublishItem = ZOpportunityListItem.extend({
  pushedCount: z.number().int().describe('Institutions the opportunity was pushed to'),
  intentionCount: z.number().int().describe('Intentions received'),
  agreedCount: z.number().int().describe('Intentions agreed (reached)'),
});

/** myDraft */
export const ZDraftListItem = z.object({
  lgcSn: z.string(),
  itDpchlstRqmNm: z.string(),
  categoryCode: z.string(),
  choiceCode: z.string().nullable(),
  subTypeCode: z.string().nullable(),
  astPrjTpcdName: z.string().nullable(),
  updateTime: z.string(),
});
export const ZDraftDetail = z.object({
  lgcSn: z.string(),
  categoryCode: z.string(),
  /** The saved fields, as the form sent them. */
  fields: z.record(z.string(), z.unknown()),
  attachments: z.array(ZFileInfo),
  updateTime: z.string(),
});

// ---------- detail ----------

export const ZIntentionItem = z.object({
  lgcSn: z.string(),
  requestLgcSn: z.string(),
  requestName: z.string(),
  status: z.enum(['pending', 'agreed', 'rejected']),
  handled: z.boolean().describe('Answered (agreed or rejected)'),
  message: z.string(),
  senderName: z.string(),
  senderInstitution: z.string(),
  senderSwiftCode: z.string().nullable(),
  recipientInstitution: z.string(),
  sentAt: z.string(),
  respondedAt: z.string().nullable(),
  /** The reader may agree or refuse it (recipient side, still pending). */
  canAnswer: z.boolean(),
  /**
   * The other side's contact, once the intention is agreed and only for the two institutions of
   * the deal: the publisher sees the sender's, the sender sees the publisher's; null otherwise.
   */
  counterpartContact: z
    .object({
      institution: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
    })
    .nullable()
    .describe('The other party’s contact (agreed intentions, to the two parties only)'),
});
export type TIntentionItem = z.infer<typeof ZIntentionItem>;

export const ZOpportunityDetail = z.object({
  item: ZOpportunityListItem,
  categoryCode: z.string().nullable(),
  choiceCode: z.string().nullable(),
  formKind: z.enum(FORM_KINDS),
  /** Every field of the form as published (codes; the web labels them from the dictionaries). */
  fields: z.record(z.string(), z.unknown()),
  attachments: z.array(ZFileInfo),
  publisher: z.object({
    instNm: z.string(),
    instSwiftCode: z.string().nullable(),
    country: z.string().nullable(),
    contactName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
  }),
  /** Owner only: counts and the intentions received. */
  owner: z
    .object({
      pushedCount: z.number().int(),
      intentionCount: z.number().int(),
      agreedCount: z.number().int(),
      intentions: z.array(ZIntentionItem),
    })
    .nullable(),
  /** The reader's institution's intention on it, if any. */
  myIntention: ZIntentionItem.nullable(),
  canSendIntention: z.boolean(),
  canEdit: z.boolean(),
});
export type TOpportunityDetail = z.infer<typeof ZOpportunityDetail>;

// ---------- follow, intentions ----------

export const ZFollowResult = z.object({ followed: z.boolean() });

export const ZSendIntentionRequest = z.object({
  requestLgcSn: z.string().min(1).max(64),
  message: requiredText(COOPERATION_LIMITS.intentionMessage),
});
export const ZAnswerIntentionRequest = z.object({
  intentionLgcSn: z.string().min(1).max(64),
  decision: z.enum(['agree', 'refuse']),
});

/** myCooperation: intentions sent or received by the reader's institution. */
export const ZMyCooperationQuery = ZPageQuery.extend({
  box: z.enum(['sent', 'received']).default('received'),
  status: z.enum(['pending', 'agreed', 'rejected', 'all']).default('all'),
});

// ---------- matched opportunities ----------

export const ZMatchedQuery = ZPageQuery;
export const ZMatchedItem = z.object({
  request: ZOpportunityListItem,
  kind: z.enum(PUSH_KINDS),
  instNm: z.string().describe('Publishing institution'),
  swiftCode: z.string().nullable(),
  pushTime: z.string(),
});

// ---------- master agreement (forfaiting, risk participation) ----------

export const ZMasterAgreementStatus = z.object({
  signed: z.boolean(),
  /** An agreement intention was submitted and is waiting for the bank. */
  pending: z.boolean(),
});
export const ZMasterAgreementIntentionRequest = z.object({
  subTypeCode: z.enum(['FORFAITING', 'RISK_PARTICIPATION']),
  note: optionalText(COOPERATION_LIMITS.longText),
});

// ---------- back office ----------

export const ZBackofficeRequestQuery = ZPageQuery.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['effective', 'invalid', 'all']).default('all'),
});
export const ZTakeDownRequest = z.object({ reason: requiredText(500) });
export const ZManualPushRequest = z.object({
  institutions: z.array(z.string().min(1).max(64)).min(1).max(50).describe('Institution lgcSns'),
});
export const ZMasterAgreementItem = z.object({
  lgcSn: z.string(),
  instNm: z.string(),
  instSwiftCode: z.string().nullable(),
  userName: z.string(),
  userEmail: z.string(),
  subTypeCode: z.string(),
  note: z.string(),
  status: z.enum(['submitted', 'signed']),
  createdAt: z.string(),
  signedAt: z.string().nullable(),
});
export const ZMasterAgreementQuery = ZPageQuery.extend({
  status: z.enum(['submitted', 'signed', 'all']).default('submitted'),
});

/** A request as the back office lists it: the list row plus its owner and any take-down note. */
export const ZBackofficeRequestItem = ZOpportunityListItem.extend({
  ownerName: z.string(),
  ownerEmail: z.string(),
  takenDownNote: z.string().nullable(),
});

/**
 * A page of the Business Opportunities list. Counting stops at `OPPORTUNITY_COUNT_CAP` matches
 * so that the list stays fast on a large table: `totalCapped` true means "at least `total`"
 * (show "10,000+").
 */
export const OPPORTUNITY_COUNT_CAP = 10_000;
export const ZOpportunityPage = z.object({
  list: z.array(ZOpportunityListItem),
  total: z.number().int(),
  totalCapped: z.boolean(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});

/** Countries/regions for the scope picker (`/signet/new/countries`). */
export const ZCountryItem = z.object({ code: z.string(), en: z.string(), zh: z.string(), continent: z.string() });

// The labels these forms show, so their messages name the field as the form does (issue 26).
labelFields(ZSendIntentionRequest, { message: 'cooperation.intention.message' });
labelFields(ZManualPushRequest, { institutions: 'backoffice.cooperation.push.institutions' });

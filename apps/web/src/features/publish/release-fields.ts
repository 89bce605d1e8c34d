/**
 * The release form, data-driven: which sections and fields a form kind shows, and how each field
 * is entered. Whether a field exists comes from the kind's schema (`RELEASE_FORM_SHAPES[kind]`),
 * so the form always shows exactly what the server validates; the lists below only give order,
 * section and widget.
 */
import type { Locale } from '@portal/shared';
import {
  BAFT_VERSIONS,
  COMMON_TERMS,
  COST_BEARERS,
  type CooperationSubTypeShape,
  CURRENCIES,
  CUSTOMER_TYPES,
  type DictEntry,
  dictLabel,
  FORFAITING_RISK_PREFERENCES,
  GUARANTEE_RISK_PREFERENCES,
  GUARANTEE_TYPES,
  LC_PAYMENT_MODES,
  PARTY_LOCATIONS,
  RATE_TYPES,
  TERM_TYPES,
  TRANSFERRED_ASSET_TYPES,
  YES_NO,
} from '@portal/shared/dictionaries';
import { COOPERATION_LIMITS, type FormKind, RELEASE_FORM_SHAPES } from '@portal/shared/schemas/cooperation';

export type Option = { value: string; label: string };

export type FieldWidget =
  | 'text'
  | 'textarea'
  | 'swift'
  | 'date'
  | 'amount'
  | 'integer'
  | 'decimal'
  | 'select'
  | 'country'
  | 'countries'
  | 'branch'
  | 'yesNo'
  | 'direction'
  | 'riskPreferences'
  | 'scope'
  | 'attachments';

export type FieldSpec = {
  name: string;
  widget: FieldWidget;
  /** Options of a select or radio group, from a dictionary. */
  options?: readonly DictEntry[];
  /** Text length limit, shown as a counter. */
  maxLength?: number;
  /** The schema's number limits, for reference: the input never clamps, the schema says what is wrong. */
  min?: number;
  max?: number;
  /** Unit shown after a number ("%", "days", "bps"). */
  unit?: 'percent' | 'days' | 'years' | 'bps' | 'thousands';
  /** Spans both columns. */
  wide?: boolean;
};

const L = COOPERATION_LIMITS;

const FIELDS: readonly FieldSpec[] = [
  // basic
  { name: 'itDpchlstRqmNm', widget: 'text', maxLength: L.longText, wide: true },
  { name: 'direction', widget: 'direction' },
  { name: 'bankBranch', widget: 'branch' },
  { name: 'validFrom', widget: 'date' },
  { name: 'validUntil', widget: 'date' },
  { name: 'intendedTimeLimit', widget: 'date' },
  { name: 'customerType', widget: 'select', options: CUSTOMER_TYPES },
  // commercial
  { name: 'currency', widget: 'select', options: CURRENCIES },
  { name: 'amount', widget: 'amount' },
  { name: 'annualSettlementVolume', widget: 'amount' },
  { name: 'estimatedTransactions', widget: 'integer', min: 0, max: 1000, unit: 'thousands' },
  { name: 'termType', widget: 'select', options: TERM_TYPES },
  { name: 'commonTerm', widget: 'select', options: COMMON_TERMS },
  { name: 'customTermDays', widget: 'integer', min: 1, max: 720, unit: 'days' },
  { name: 'price', widget: 'decimal', min: 0, max: 100, unit: 'percent' },
  { name: 'financingCurrency', widget: 'select', options: CURRENCIES },
  { name: 'financingDays', widget: 'integer', min: 1, max: 720, unit: 'days' },
  { name: 'participationRatio', widget: 'decimal', min: 0, max: 1 },
  { name: 'financingCostBps', widget: 'integer', min: 0, max: 1000, unit: 'bps' },
  { name: 'rating', widget: 'text', maxLength: L.shortText },
  // letter of credit
  { name: 'issuingBank', widget: 'text', maxLength: L.longText },
  { name: 'issuingBankSwift', widget: 'swift' },
  { name: 'issuingBankCountry', widget: 'country' },
  { name: 'issuingBankCity', widget: 'text', maxLength: L.shortText },
  { name: 'applicant', widget: 'text', maxLength: L.longText },
  { name: 'applicantLocation', widget: 'select', options: PARTY_LOCATIONS },
  { name: 'beneficiary', widget: 'text', maxLength: L.longText },
  { name: 'beneficiaryLocation', widget: 'select', options: PARTY_LOCATIONS },
  { name: 'guaranteeBank', widget: 'text', maxLength: L.longText },
  { name: 'lcIssued', widget: 'yesNo' },
  { name: 'lcNumber', widget: 'text', maxLength: L.shortText },
  { name: 'lcType', widget: 'select', options: LC_PAYMENT_MODES },
  { name: 'usanceDays', widget: 'integer', min: 0, max: 720, unit: 'days' },
  { name: 'lcExpiryDate', widget: 'date' },
  { name: 'lcExpiryPlace', widget: 'text', maxLength: L.shortText },
  { name: 'paymentDueDate', widget: 'date' },
  { name: 'latestShipmentDate', widget: 'date' },
  { name: 'commodity', widget: 'text', maxLength: L.shortText },
  { name: 'partialShipment', widget: 'yesNo' },
  { name: 'costBearer', widget: 'select', options: COST_BEARERS },
  { name: 'advisingBank', widget: 'text', maxLength: L.longText },
  { name: 'baftVersion', widget: 'select', options: BAFT_VERSIONS },
  { name: 'acceptableCountries', widget: 'countries', wide: true },
  // accepting and confirming banks
  { name: 'acceptanceWays', widget: 'text', maxLength: L.longText, wide: true },
  { name: 'acceptingBank', widget: 'text', maxLength: L.longText },
  { name: 'acceptingBankSwift', widget: 'swift' },
  { name: 'acceptingBankCountry', widget: 'country' },
  { name: 'acceptingBankCity', widget: 'text', maxLength: L.shortText },
  { name: 'confirmingBank', widget: 'text', maxLength: L.longText },
  { name: 'confirmingBankSwift', widget: 'swift' },
  { name: 'confirmingBankCountry', widget: 'country' },
  { name: 'confirmingBankCity', widget: 'text', maxLength: L.shortText },
  // type-specific
  { name: 'rateType', widget: 'select', options: RATE_TYPES },
  { name: 'periodYears', widget: 'integer', min: 0, max: 100, unit: 'years' },
  { name: 'rateMin', widget: 'decimal', min: 0, max: 100, unit: 'percent' },
  { name: 'rateMax', widget: 'decimal', min: 0, max: 100, unit: 'percent' },
  { name: 'businessLocation', widget: 'text', maxLength: L.longText },
  { name: 'projectBackground', widget: 'textarea', maxLength: L.description, wide: true },
  { name: 'bondIssuer', widget: 'text', maxLength: L.longText },
  { name: 'guarantor', widget: 'text', maxLength: L.longText },
  { name: 'guarantorSwift', widget: 'swift' },
  { name: 'guaranteeType', widget: 'select', options: GUARANTEE_TYPES },
  { name: 'guaranteeDescription', widget: 'textarea', maxLength: L.description, wide: true },
  { name: 'transferredAssetType', widget: 'select', options: TRANSFERRED_ASSET_TYPES },
  { name: 'underlyingAsset', widget: 'text', maxLength: L.longText },
  { name: 'assetDetails', widget: 'textarea', maxLength: L.description, wide: true },
  { name: 'partnerType', widget: 'text', maxLength: L.shortText },
  { name: 'partnerName', widget: 'text', maxLength: L.longText },
  // risk preference
  { name: 'riskPreferences', widget: 'riskPreferences', wide: true },
  // scope
  { name: 'scopeLimited', widget: 'scope', wide: true },
  // contact
  { name: 'contactName', widget: 'text', maxLength: L.shortText },
  { name: 'contactEmail', widget: 'text', maxLength: 254 },
  { name: 'contactPhone', widget: 'text', maxLength: 30 },
  // remark, description, attachments
  { name: 'remark', widget: 'text', maxLength: L.longText, wide: true },
  { name: 'description', widget: 'textarea', maxLength: L.description, wide: true },
  { name: 'attachments', widget: 'attachments', wide: true },
];

const SPEC_BY_NAME = new Map(FIELDS.map((spec) => [spec.name, spec]));

export const SECTION_KEYS = [
  'basic',
  'commercial',
  'letterOfCredit',
  'banks',
  'specific',
  'riskPreference',
  'scope',
  'contact',
  'other',
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** Each section's fields in order; a field shows in the first section that lists it. */
const SECTION_FIELDS: Record<SectionKey, readonly string[]> = {
  basic: ['itDpchlstRqmNm', 'direction', 'bankBranch', 'validFrom', 'validUntil', 'intendedTimeLimit', 'customerType'],
  commercial: [
    'currency',
    'amount',
    'annualSettlementVolume',
    'estimatedTransactions',
    'termType',
    'commonTerm',
    'customTermDays',
    'price',
    'financingCurrency',
    'financingDays',
    'participationRatio',
    'financingCostBps',
    'rating',
  ],
  letterOfCredit: [
    'issuingBank',
    'issuingBankSwift',
    'issuingBankCountry',
    'issuingBankCity',
    'applicant',
    'applicantLocation',
    'beneficiary',
    'beneficiaryLocation',
    'guaranteeBank',
    'lcIssued',
    'lcNumber',
    'lcType',
    'usanceDays',
    'lcExpiryDate',
    'lcExpiryPlace',
    'paymentDueDate',
    'latestShipmentDate',
    'commodity',
    'partialShipment',
    'costBearer',
    'advisingBank',
    'baftVersion',
    'acceptableCountries',
  ],
  banks: [
    'acceptanceWays',
    'acceptingBank',
    'acceptingBankSwift',
    'acceptingBankCountry',
    'acceptingBankCity',
    'confirmingBank',
    'confirmingBankSwift',
    'confirmingBankCountry',
    'confirmingBankCity',
  ],
  specific: [
    'rateType',
    'periodYears',
    'rateMin',
    'rateMax',
    'businessLocation',
    'projectBackground',
    'acceptableCountries',
    'bondIssuer',
    'guarantor',
    'guarantorSwift',
    'guaranteeType',
    'applicant',
    'beneficiary',
    'commodity',
    'guaranteeDescription',
    'transferredAssetType',
    'underlyingAsset',
    'assetDetails',
    'partnerType',
    'partnerName',
  ],
  riskPreference: ['riskPreferences'],
  scope: ['scopeLimited'],
  contact: ['contactName', 'contactEmail', 'contactPhone'],
  other: ['remark', 'description', 'attachments'],
};

export type FormSection = { key: SectionKey; fields: FieldSpec[] };

/**
 * The sections of a form kind, each with the fields its schema has (empty sections left out).
 * With `sub`, only what that sub-type has: no risk preference section for a type without one.
 */
export function formSections(
  kind: FormKind,
  options: { sub?: CooperationSubTypeShape | undefined } = {},
): FormSection[] {
  const shape = RELEASE_FORM_SHAPES[kind].shape as Record<string, unknown>;
  const placed = new Set<string>();
  const sections: FormSection[] = [];
  const hasRiskPreference = !('sub' in options) || Boolean(options.sub?.riskPreference);
  for (const key of SECTION_KEYS) {
    if (key === 'riskPreference' && !hasRiskPreference) continue;
    const fields: FieldSpec[] = [];
    for (const name of SECTION_FIELDS[key]) {
      const spec = SPEC_BY_NAME.get(name);
      if (!spec || placed.has(name) || !(name in shape)) continue;
      placed.add(name);
      fields.push(spec);
    }
    if (fields.length) sections.push({ key, fields });
  }
  return sections;
}

/** Every field name of a form kind (what the form sends). */
export function formFieldNames(kind: FormKind): string[] {
  return Object.keys(RELEASE_FORM_SHAPES[kind].shape);
}

/**
 * Whether a field must be filled in: the schema refuses it empty, or a rule of the sub-type or of
 * the chosen term type asks for it (the cross-field rules of `releaseRules`).
 */
export function isFieldRequired(
  kind: FormKind,
  name: string,
  context: { sub: CooperationSubTypeShape | undefined; termType: unknown; scopeLimited: unknown },
): boolean {
  if (name === 'commonTerm') return context.termType === 'COMMON';
  if (name === 'customTermDays') return context.termType === 'CUSTOMIZED';
  if (name === 'riskPreferences') return Boolean(context.sub?.riskPreference);
  if (name === 'baftVersion' || name === 'acceptableCountries') {
    if (context.sub?.requiresMasterAgreement) return true;
  }
  if (name === 'scopeLimited') return true;
  if (name === 'scopeCountries') return context.scopeLimited === true;
  const field = (
    RELEASE_FORM_SHAPES[kind].shape as Record<string, { safeParse: (v: unknown) => { success: boolean } }>
  )[name];
  if (!field) return false;
  return !field.safeParse(undefined).success && !field.safeParse('').success && !field.safeParse(null).success;
}

/** A dictionary's entries as options in the reader's language; obsolete currencies only if already chosen. */
export function dictOptions(entries: readonly DictEntry[], locale: Locale, current?: unknown): Option[] {
  return entries
    .filter((entry) => !entry.obsolete || entry.code === current)
    .map((entry) => ({
      value: entry.code,
      label: entries === CURRENCIES ? `${entry.code} · ${dictLabel(entry, locale)}` : dictLabel(entry, locale),
    }));
}

export const YES_NO_OPTIONS = YES_NO;

/** The risk preferences a sub-type offers. */
export function riskPreferenceEntries(sub: CooperationSubTypeShape | undefined): readonly DictEntry[] {
  if (sub?.riskPreference === 'forfaiting') return FORFAITING_RISK_PREFERENCES;
  if (sub?.riskPreference === 'guarantee') return GUARANTEE_RISK_PREFERENCES;
  return [];
}

/**
 * How the detail page shows a request's fields (SPEC §2 detail sections, §3 fields): which
 * section each field belongs to, and how its stored value reads (codes become dictionary names
 * in the reader's language, dates, days, percentages, amounts with their currency). Fields a
 * form does not have, or left empty, are not shown.
 */
import type { Locale } from '@portal/shared';
import {
  BAFT_VERSIONS,
  COMMON_TERMS,
  COST_BEARERS,
  CUSTOMER_TYPES,
  type DictEntry,
  type DictType,
  dictLabel,
  dictName,
  FORFAITING_RISK_PREFERENCES,
  GUARANTEE_RISK_PREFERENCES,
  GUARANTEE_TYPES,
  PARTY_LOCATIONS,
  TRANSFERRED_ASSET_TYPES,
  YES_NO,
} from '@portal/shared/dictionaries';
import type { FormKind } from '@portal/shared/schemas/cooperation';

export type FieldFormat =
  | { kind: 'text' }
  | { kind: 'code' }
  | { kind: 'multiline' }
  | { kind: 'date' }
  | { kind: 'dict'; type: DictType }
  | { kind: 'dictList'; type: DictType }
  | { kind: 'options'; entries: readonly DictEntry[] }
  | { kind: 'optionList'; entries: readonly DictEntry[] }
  | { kind: 'money'; currencyField: string }
  | { kind: 'days' }
  | { kind: 'years' }
  | { kind: 'percent' }
  | { kind: 'ratio' }
  | { kind: 'bps' }
  | { kind: 'number' };

export type FieldSpec = { key: string; format: FieldFormat };
export type SectionKey = 'letterOfCredit' | 'banks' | 'cooperation' | 'materials';

const text = (key: string): FieldSpec => ({ key, format: { kind: 'text' } });
/** A SWIFT code or reference number: one unit, never wrapped. */
const code = (key: string): FieldSpec => ({ key, format: { kind: 'code' } });
const date = (key: string): FieldSpec => ({ key, format: { kind: 'date' } });
const country = (key: string): FieldSpec => ({ key, format: { kind: 'dict', type: 'countries' } });
const yesNo = (key: string): FieldSpec => ({ key, format: { kind: 'options', entries: YES_NO } });
const location = (key: string): FieldSpec => ({ key, format: { kind: 'options', entries: PARTY_LOCATIONS } });

const RISK_PREFERENCES = [...FORFAITING_RISK_PREFERENCES, ...GUARANTEE_RISK_PREFERENCES];

const LETTER_OF_CREDIT: readonly FieldSpec[] = [
  text('issuingBank'),
  code('issuingBankSwift'),
  country('issuingBankCountry'),
  text('issuingBankCity'),
  text('applicant'),
  location('applicantLocation'),
  text('beneficiary'),
  location('beneficiaryLocation'),
  text('guaranteeBank'),
  yesNo('lcIssued'),
  code('lcNumber'),
  { key: 'lcType', format: { kind: 'dict', type: 'lcPaymentModes' } },
  date('lcExpiryDate'),
  text('lcExpiryPlace'),
  date('paymentDueDate'),
  date('latestShipmentDate'),
  text('commodity'),
  { key: 'usanceDays', format: { kind: 'days' } },
  yesNo('partialShipment'),
  { key: 'costBearer', format: { kind: 'options', entries: COST_BEARERS } },
  text('advisingBank'),
];

const BANKS: readonly FieldSpec[] = [
  text('acceptanceWays'),
  text('acceptingBank'),
  code('acceptingBankSwift'),
  country('acceptingBankCountry'),
  text('acceptingBankCity'),
  text('confirmingBank'),
  code('confirmingBankSwift'),
  country('confirmingBankCountry'),
  text('confirmingBankCity'),
];

/** Commercial terms first, then what only some forms carry. */
const COOPERATION: readonly FieldSpec[] = [
  { key: 'direction', format: { kind: 'dict', type: 'directions' } },
  { key: 'subTypeCode', format: { kind: 'dict', type: 'cooperationTypes' } },
  { key: 'customerType', format: { kind: 'options', entries: CUSTOMER_TYPES } },
  { key: 'currency', format: { kind: 'dict', type: 'currencies' } },
  { key: 'amount', format: { kind: 'money', currencyField: 'currency' } },
  { key: 'commonTerm', format: { kind: 'options', entries: COMMON_TERMS } },
  { key: 'customTermDays', format: { kind: 'days' } },
  { key: 'price', format: { kind: 'percent' } },
  { key: 'rateType', format: { kind: 'dict', type: 'rateTypes' } },
  { key: 'rateMin', format: { kind: 'percent' } },
  { key: 'rateMax', format: { kind: 'percent' } },
  { key: 'periodYears', format: { kind: 'years' } },
  { key: 'financingCurrency', format: { kind: 'dict', type: 'currencies' } },
  { key: 'financingDays', format: { kind: 'days' } },
  { key: 'participationRatio', format: { kind: 'ratio' } },
  { key: 'financingCostBps', format: { kind: 'bps' } },
  { key: 'baftVersion', format: { kind: 'options', entries: BAFT_VERSIONS } },
  { key: 'acceptableCountries', format: { kind: 'dictList', type: 'countries' } },
  { key: 'riskPreferences', format: { kind: 'optionList', entries: RISK_PREFERENCES } },
  text('rating'),
  text('applicant'),
  text('beneficiary'),
  text('commodity'),
  text('guarantor'),
  code('guarantorSwift'),
  { key: 'guaranteeType', format: { kind: 'options', entries: GUARANTEE_TYPES } },
  { key: 'guaranteeDescription', format: { kind: 'multiline' } },
  text('bondIssuer'),
  text('businessLocation'),
  { key: 'projectBackground', format: { kind: 'multiline' } },
  { key: 'annualSettlementVolume', format: { kind: 'money', currencyField: 'currency' } },
  { key: 'estimatedTransactions', format: { kind: 'number' } },
  { key: 'transferredAssetType', format: { kind: 'options', entries: TRANSFERRED_ASSET_TYPES } },
  text('underlyingAsset'),
  { key: 'assetDetails', format: { kind: 'multiline' } },
  text('partnerType'),
  text('partnerName'),
  { key: 'bankBranch', format: { kind: 'dict', type: 'branches' } },
];

const MATERIALS: readonly FieldSpec[] = [text('remark'), { key: 'description', format: { kind: 'multiline' } }];

/** The fields of each section for a request of this form kind. */
export function sectionFields(section: SectionKey, formKind: FormKind): readonly FieldSpec[] {
  const hasLetterOfCredit = formKind === 'letterOfCredit';
  switch (section) {
    case 'letterOfCredit':
      return hasLetterOfCredit ? LETTER_OF_CREDIT : [];
    case 'banks':
      return hasLetterOfCredit ? BANKS : [];
    case 'cooperation': {
      // Fields the L/C section already shows are not repeated.
      const shown = hasLetterOfCredit ? new Set(LETTER_OF_CREDIT.map((field) => field.key)) : new Set<string>();
      return COOPERATION.filter((field) => !shown.has(field.key));
    }
    case 'materials':
      return MATERIALS;
  }
}

const UNBROKEN: ReadonlySet<FieldFormat['kind']> = new Set([
  'code',
  'date',
  'money',
  'days',
  'years',
  'percent',
  'ratio',
  'bps',
  'number',
]);

/** Whether the value is one unit that must not wrap: a code, an amount, a date, a number with its unit. */
export function isUnbroken(spec: FieldSpec): boolean {
  return UNBROKEN.has(spec.format.kind);
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** "1234567.5" → "1,234,567.50", keeping every digit (amounts are decimal strings, two places). */
export function groupDigits(amount: string): string {
  const [whole = '', fraction = ''] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}.${fraction.padEnd(2, '0')}`;
}

const entryName = (entries: readonly DictEntry[], code: string, locale: Locale) => {
  const entry = entries.find((item) => item.code === code);
  return entry ? dictLabel(entry, locale) : code;
};

export type UnitTexts = {
  days: (count: number) => string;
  years: (count: number) => string;
  bps: (count: number) => string;
};

/** The value as the reader sees it; '' when there is nothing to show. */
export function formatFieldValue(
  spec: FieldSpec,
  fields: Record<string, unknown>,
  locale: Locale,
  units: UnitTexts,
): string {
  const value = fields[spec.key];
  if (isBlank(value)) return '';
  const format = spec.format;
  const list = Array.isArray(value) ? value.map(String) : [String(value)];
  const separator = locale === 'zh-CN' ? '、' : ', ';
  switch (format.kind) {
    case 'text':
    case 'code':
    case 'multiline':
      return String(value);
    case 'date':
      return String(value).slice(0, 10);
    case 'dict':
      return dictName(format.type, String(value), locale);
    case 'dictList':
      return list.map((code) => dictName(format.type, code, locale)).join(separator);
    case 'options':
      return entryName(format.entries, String(value), locale);
    case 'optionList':
      return list.map((code) => entryName(format.entries, code, locale)).join(separator);
    case 'money': {
      const currency = fields[format.currencyField];
      const amount = groupDigits(String(value));
      return typeof currency === 'string' && currency ? `${currency} ${amount}` : amount;
    }
    case 'days':
      return units.days(Number(value));
    case 'years':
      return units.years(Number(value));
    case 'percent':
      return `${Number(value)}%`;
    case 'ratio':
      return `${Math.round(Number(value) * 10000) / 100}%`;
    case 'bps':
      return units.bps(Number(value));
    case 'number':
      return String(value);
  }
}

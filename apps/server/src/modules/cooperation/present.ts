/**
 * How requests read in lists: names in the reader's language, amounts with their currency,
 * terms and prices as text. Pure functions: the reader's follow and intention come with each row
 * (requests.repository.ts readerFlags).
 */
import type { Locale } from '@portal/shared';
import { COMMON_TERMS, dictName, findCooperationSubType, findEntry } from '@portal/shared/dictionaries';
import type { TOpportunityListItem } from '@portal/shared/schemas/cooperation';
import type { ListRow } from './requests.repository.ts';

type Named = { en: string; zh: string };
export const nameIn = (entry: Named, locale: Locale) => (locale === 'zh-CN' ? entry.zh : entry.en);

/** "1,234,567.50" from a decimal string (no floating point: amounts reach 15 digits). */
export function groupDigits(decimal: string): string {
  const [whole = '0', fraction] = decimal.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** "USD 1,000,000.00" */
export function formatAmount(currency: string | null, amount: string | null): string | null {
  if (amount === null || amount === '') return null;
  const value = groupDigits(amount.includes('.') ? amount : `${amount}.00`);
  return currency ? `${currency} ${value}` : value;
}

/** "3.50%", "3.125%": two decimals at least, up to the four stored. */
export function formatPrice(price: string | number | null): string | null {
  if (price === null || price === '') return null;
  const fixed = Number(price)
    .toFixed(4)
    .replace(/0{1,2}$/, '');
  return `${fixed}%`;
}

/** The term in words: a common term's name, or "180 days" / "180天". */
export function formatTerm(
  row: { termType: string | null; commonTerm: string | null; customTermDays: number | null },
  locale: Locale,
): string | null {
  if (row.termType === 'COMMON' && row.commonTerm) {
    const entry = COMMON_TERMS.find((term) => term.code === row.commonTerm);
    return entry ? nameIn(entry, locale) : row.commonTerm;
  }
  if (row.termType === 'CUSTOMIZED' && row.customTermDays !== null) {
    return locale === 'zh-CN' ? `${row.customTermDays}天` : `${row.customTermDays} days`;
  }
  return null;
}

export function subTypeName(code: string | null, locale: Locale): string | null {
  const sub = code ? findCooperationSubType(code) : undefined;
  return sub ? nameIn(sub, locale) : code;
}

export function currencyName(code: string | null, locale: Locale): string | null {
  if (!code) return null;
  const entry = findEntry('currencies', code);
  return entry ? nameIn(entry, locale) : code;
}

export type Reader = { userId: number; institutionId: number | null; locale: Locale };

/** One list row as the API sends it, with the reader's follow and intention on it. */
export function toListItem(row: ListRow, reader: Reader): TOpportunityListItem {
  return {
    lgcSn: row.lgcSn,
    itDpchlstRqmNm: row.name,
    instNm: row.instName,
    instSwiftCode: row.instSwiftCode,
    instCountry: row.instCountry,
    direction: row.direction as TOpportunityListItem['direction'],
    typeCode: row.typeCode ?? '',
    subTypeCode: row.subTypeCode ?? '',
    astPrjTpcdName: subTypeName(row.subTypeCode, reader.locale) ?? '',
    cmavyTpcd: row.currency,
    cmavyTpcdName: currencyName(row.currency, reader.locale),
    idcstAstIvsAmt: row.amount,
    idcstAstIvsAmtName: formatAmount(row.currency, row.amount),
    bscrcCoAgrmTmdt: formatTerm(row, reader.locale),
    price: formatPrice(row.price),
    status: row.status,
    invalidReason: row.invalidReason,
    validUntil: row.validUntil,
    createTime: row.publishedAt ? new Date(row.publishedAt).toISOString() : null,
    updateTime: new Date(row.updatedAt).toISOString(),
    customerType: row.customerType,
    customerTypeName: row.customerType ? dictName('customerTypes', row.customerType, reader.locale) : null,
    intendedTimeLimit: row.intendedTimeLimit,
    isMine: reader.institutionId !== null && row.institutionId === reader.institutionId,
    followed: Boolean(row.followed),
    intentionStatus: row.intentionStatus ?? 'notSent',
  };
}

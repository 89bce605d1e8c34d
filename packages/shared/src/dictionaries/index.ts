/**
 * Reference data ("dictionaries"): stable codes with English and Chinese names, served by
 * `/api/dict` and used by both the server (validation, stored codes) and the web (selects,
 * labels). Codes never change once published; names may be corrected.
 */
import type { Locale } from '../i18n/index.ts';
import { BRANCHES } from './branches.ts';
import { CONTINENTS } from './continents.ts';
import {
  BAFT_VERSIONS,
  COMMON_TERMS,
  COST_BEARERS,
  CUSTOMER_TYPES,
  FORFAITING_RISK_PREFERENCES,
  GUARANTEE_RISK_PREFERENCES,
  GUARANTEE_TYPES,
  PARTY_LOCATIONS,
  TRANSFERRED_ASSET_TYPES,
} from './cooperation-options.ts';
import { COOPERATION_TYPES } from './cooperation-types.ts';
import { COUNTRIES } from './countries.ts';
import { CURRENCIES } from './currencies.ts';
import { DIRECTIONS } from './directions.ts';
import { LC_PAYMENT_MODES } from './lc-payment-modes.ts';
import { PUBLISH_CATEGORIES } from './publish-categories.ts';
import { RATE_TYPES } from './rate-types.ts';
import { TERM_TYPES } from './term-types.ts';
import { DICT_TYPES, type DictEntry, type DictType } from './types.ts';

export * from './branches.ts';
export * from './continents.ts';
export * from './cooperation-options.ts';
export * from './cooperation-types.ts';
export * from './countries.ts';
export * from './country-continents.ts';
export * from './currencies.ts';
export * from './directions.ts';
export * from './lc-payment-modes.ts';
export * from './publish-categories.ts';
export * from './rate-types.ts';
export * from './term-types.ts';
export * from './types.ts';

/** Every dictionary by type; plain JSON. */
export const DICTIONARIES: { readonly [K in DictType]: readonly DictEntry[] } = {
  directions: DIRECTIONS,
  cooperationTypes: COOPERATION_TYPES,
  publishCategories: PUBLISH_CATEGORIES,
  currencies: CURRENCIES,
  continents: CONTINENTS,
  countries: COUNTRIES,
  branches: BRANCHES,
  rateTypes: RATE_TYPES,
  lcPaymentModes: LC_PAYMENT_MODES,
  termTypes: TERM_TYPES,
  riskPreferencesForfaiting: FORFAITING_RISK_PREFERENCES,
  riskPreferencesGuarantee: GUARANTEE_RISK_PREFERENCES,
  commonTerms: COMMON_TERMS,
  guaranteeTypes: GUARANTEE_TYPES,
  transferredAssetTypes: TRANSFERRED_ASSET_TYPES,
  costBearers: COST_BEARERS,
  baftVersions: BAFT_VERSIONS,
  customerTypes: CUSTOMER_TYPES,
  partyLocations: PARTY_LOCATIONS,
};

export function isDictType(value: unknown): value is DictType {
  return typeof value === 'string' && (DICT_TYPES as readonly string[]).includes(value);
}

function indexEntries(entries: readonly DictEntry[], index: Map<string, DictEntry>): Map<string, DictEntry> {
  for (const entry of entries) {
    if (!index.has(entry.code)) index.set(entry.code, entry);
    if (entry.children) indexEntries(entry.children, index);
  }
  return index;
}

const indexes = new Map<DictType, Map<string, DictEntry>>();

function indexOf(type: DictType): Map<string, DictEntry> {
  let index = indexes.get(type);
  if (!index) {
    index = indexEntries(DICTIONARIES[type], new Map());
    indexes.set(type, index);
  }
  return index;
}

/**
 * The entry with this code in a dictionary, searching children too (a cooperation sub-type, a
 * publish-category choice); `undefined` if there is none.
 */
export function findEntry(type: DictType, code: string): DictEntry | undefined {
  return indexOf(type).get(code);
}

/** Every code of a dictionary, children included. */
export function dictCodes(type: DictType): string[] {
  return [...indexOf(type).keys()];
}

/** The entry's name in the reader's language. */
export function dictLabel(entry: Pick<DictEntry, 'en' | 'zh'>, locale: Locale): string {
  return locale === 'zh-CN' ? entry.zh : entry.en;
}

/** A stored code's name in the reader's language: the code itself if unknown, '' for none. */
export function dictName(type: DictType, code: string | null | undefined, locale: Locale): string {
  if (!code) return '';
  const entry = findEntry(type, code);
  return entry ? dictLabel(entry, locale) : code;
}

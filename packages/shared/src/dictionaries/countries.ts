import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import zh from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import type { ContinentCode } from './continents.ts';
import { COUNTRY_CONTINENTS } from './country-continents.ts';

/**
 * Countries and regions: ISO 3166-1 (and XK, Kosovo) with English and Chinese names, sorted by
 * English name. Names come from the `i18n-iso-countries` locale files, imported statically so
 * that the same module works in Node and in the Vite browser bundle (nothing is read at run
 * time, and the library's own code is not needed). Where a name does not read as a mainland
 * Chinese bank would write it, or a shorter common name is better, it is overridden below.
 */
export type Country = { code: string; en: string; zh: string; continent: ContinentCode };

const EN_NAMES: Readonly<Record<string, string>> = {
  CN: 'China',
  HK: 'Hong Kong SAR, China',
  MO: 'Macao SAR, China',
  TW: 'Taiwan, China',
  GM: 'Gambia',
  IR: 'Iran',
  KR: 'South Korea',
  MK: 'North Macedonia',
  NL: 'Netherlands',
  RU: 'Russia',
  TR: 'Türkiye',
  TZ: 'Tanzania',
  US: 'United States',
};

const ZH_NAMES: Readonly<Record<string, string>> = {
  HK: '中国香港',
  MO: '中国澳门',
  TW: '中国台湾',
  AE: '阿拉伯联合酋长国',
  AX: '奥兰群岛',
  BA: '波斯尼亚和黑塞哥维那',
  CF: '中非共和国',
  DO: '多米尼加共和国',
  EH: '西撒哈拉',
  FK: '福克兰群岛（马尔维纳斯）',
  GG: '根西岛',
  ID: '印度尼西亚',
  JE: '泽西岛',
  MN: '蒙古国',
};

function firstName(value: string | readonly string[]): string {
  return typeof value === 'string' ? value : (value[0] ?? '');
}

const enNames: Record<string, string | readonly string[]> = en.countries;
const zhNames: Record<string, string | readonly string[]> = zh.countries;

// One collator for the whole sort: `localeCompare(other, 'en')` builds one per comparison (about
// 2,000 here), which made this module's evaluation a long task on a phone (issue 27).
const byEnglishName = new Intl.Collator('en').compare;

export const COUNTRIES: readonly Country[] = Object.keys(enNames)
  .map((code) => ({
    code,
    en: EN_NAMES[code] ?? firstName(enNames[code] ?? ''),
    zh: ZH_NAMES[code] ?? firstName(zhNames[code] ?? ''),
    continent: COUNTRY_CONTINENTS[code] ?? 'ASIA',
  }))
  .sort((a, b) => byEnglishName(a.en, b.en));

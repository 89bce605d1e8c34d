import { codesOf, type DictEntry } from './types.ts';

/**
 * The 30 currencies of SPEC §3, in its order. Codes are the bank's legacy codes and are kept as
 * given even where ISO 4217 now differs (`isoCode`): NTD (TWD), BRC (BRL), RUR (RUB), SPP (ESP).
 * The currencies replaced by the euro stay for old records and are flagged `obsolete`.
 */
export const CURRENCIES = [
  { code: 'USD', en: 'US Dollar', zh: '美元' },
  { code: 'CNY', en: 'Chinese Yuan Renminbi', zh: '人民币' },
  { code: 'EUR', en: 'Euro', zh: '欧元' },
  { code: 'JPY', en: 'Japanese Yen', zh: '日元' },
  { code: 'GBP', en: 'Pound Sterling', zh: '英镑' },
  { code: 'AUD', en: 'Australian Dollar', zh: '澳大利亚元' },
  { code: 'HKD', en: 'Hong Kong Dollar', zh: '港币' },
  { code: 'CAD', en: 'Canadian Dollar', zh: '加拿大元' },
  { code: 'NZD', en: 'New Zealand Dollar', zh: '新西兰元' },
  { code: 'FRF', en: 'French Franc', zh: '法国法郎', obsolete: true },
  { code: 'CHF', en: 'Swiss Franc', zh: '瑞士法郎' },
  { code: 'NLG', en: 'Dutch Guilder', zh: '荷兰盾', obsolete: true },
  { code: 'DEM', en: 'Deutsche Mark', zh: '德国马克', obsolete: true },
  { code: 'NTD', en: 'New Taiwan Dollar', zh: '新台币', isoCode: 'TWD' },
  { code: 'IDR', en: 'Indonesian Rupiah', zh: '印度尼西亚盾' },
  { code: 'ZAR', en: 'South African Rand', zh: '南非兰特' },
  { code: 'BRC', en: 'Brazilian Real', zh: '巴西雷亚尔', isoCode: 'BRL' },
  { code: 'ITL', en: 'Italian Lira', zh: '意大利里拉', obsolete: true },
  { code: 'RUR', en: 'Russian Ruble', zh: '俄罗斯卢布', isoCode: 'RUB' },
  { code: 'KRW', en: 'South Korean Won', zh: '韩元' },
  { code: 'VND', en: 'Vietnamese Dong', zh: '越南盾' },
  { code: 'SGD', en: 'Singapore Dollar', zh: '新加坡元' },
  { code: 'MOP', en: 'Macao Pataca', zh: '澳门元' },
  { code: 'AED', en: 'UAE Dirham', zh: '阿联酋迪拉姆' },
  { code: 'MNT', en: 'Mongolian Tugrik', zh: '蒙古图格里克' },
  { code: 'HUF', en: 'Hungarian Forint', zh: '匈牙利福林' },
  { code: 'SPP', en: 'Spanish Peseta', zh: '西班牙比塞塔', isoCode: 'ESP', obsolete: true },
  { code: 'MYR', en: 'Malaysian Ringgit', zh: '马来西亚林吉特' },
  { code: 'CLP', en: 'Chilean Peso', zh: '智利比索' },
  { code: 'PLN', en: 'Polish Zloty', zh: '波兰兹罗提' },
] as const satisfies readonly DictEntry[];

export const CURRENCY_CODES = codesOf(CURRENCIES);
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

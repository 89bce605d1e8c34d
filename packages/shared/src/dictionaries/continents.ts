import { codesOf, type DictEntry } from './types.ts';

/**
 * Continents of the registration form, in the order of SPEC §3. There is no Antarctica:
 * the few Antarctic and sub-Antarctic territories are placed on a neighbouring continent
 * (see `COUNTRY_CONTINENTS` in `country-continents.ts`).
 */
export const CONTINENTS = [
  { code: 'NORTH_AMERICA', en: 'North America', zh: '北美洲' },
  { code: 'ASIA', en: 'Asia', zh: '亚洲' },
  { code: 'SOUTH_AMERICA', en: 'South America', zh: '南美洲' },
  { code: 'EUROPE', en: 'Europe', zh: '欧洲' },
  { code: 'OCEANIA', en: 'Oceania', zh: '大洋洲' },
  { code: 'AFRICA', en: 'Africa', zh: '非洲' },
] as const satisfies readonly DictEntry[];

export const CONTINENT_CODES = codesOf(CONTINENTS);
export type ContinentCode = (typeof CONTINENT_CODES)[number];

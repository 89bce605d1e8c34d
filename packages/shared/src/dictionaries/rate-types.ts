import { codesOf, type DictEntry } from './types.ts';

/** Rate types: fixed, or floating on an interbank offered rate (SPEC §3). */
export const RATE_TYPES = [
  { code: 'FIXED', en: 'Fixed rate', zh: '固定利率' },
  { code: 'LIBOR', en: 'LIBOR (London Interbank Offered Rate)', zh: '伦敦同业拆借利率（LIBOR）' },
  { code: 'SIBOR', en: 'SIBOR (Singapore Interbank Offered Rate)', zh: '新加坡同业拆借利率（SIBOR）' },
  { code: 'HIBOR', en: 'HIBOR (Hong Kong Interbank Offered Rate)', zh: '香港同业拆借利率（HIBOR）' },
  { code: 'EURIBOR', en: 'EURIBOR (Euro Interbank Offered Rate)', zh: '欧元同业拆借利率（EURIBOR）' },
  { code: 'SHIBOR', en: 'SHIBOR (Shanghai Interbank Offered Rate)', zh: '上海银行间同业拆放利率（SHIBOR）' },
  { code: 'NIBOR', en: 'NIBOR (Norwegian Interbank Offered Rate)', zh: '挪威银行间同业拆借利率（NIBOR）' },
] as const satisfies readonly DictEntry[];

export const RATE_TYPE_CODES = codesOf(RATE_TYPES);
export type RateTypeCode = (typeof RATE_TYPE_CODES)[number];

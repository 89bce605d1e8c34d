import { codesOf, type DictEntry } from './types.ts';

/** Cooperation directions (SPEC §1). */
export const DIRECTIONS = [
  { code: 'REQUEST_FUNDING', en: 'Request for funding', zh: '资金需求' },
  { code: 'PROVIDE_FUNDING', en: 'Provide funding', zh: '资金供给' },
] as const satisfies readonly DictEntry[];

export const DIRECTION_CODES = codesOf(DIRECTIONS);
export type DirectionCode = (typeof DIRECTION_CODES)[number];

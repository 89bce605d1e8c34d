import { codesOf, type DictEntry } from './types.ts';

/** Term of a request: one of the common terms, or a customized one (SPEC §3). */
export const TERM_TYPES = [
  { code: 'COMMON', en: 'Common term', zh: '常规期限' },
  { code: 'CUSTOMIZED', en: 'Customized term', zh: '自定义期限' },
] as const satisfies readonly DictEntry[];

export const TERM_TYPE_CODES = codesOf(TERM_TYPES);
export type TermTypeCode = (typeof TERM_TYPE_CODES)[number];

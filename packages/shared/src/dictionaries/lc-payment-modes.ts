import { codesOf, type DictEntry } from './types.ts';

/** How a letter of credit is available (SPEC §3). */
export const LC_PAYMENT_MODES = [
  { code: 'SIGHT', en: 'Sight payment', zh: '即期付款' },
  { code: 'DEFERRED', en: 'Deferred payment / usance', zh: '远期/延期付款' },
  { code: 'NEGOTIATION', en: 'Negotiation', zh: '议付' },
  { code: 'ACCEPTANCE', en: 'Acceptance', zh: '承兑' },
  { code: 'OTHERS', en: 'Others', zh: '其他' },
] as const satisfies readonly DictEntry[];

export const LC_PAYMENT_MODE_CODES = codesOf(LC_PAYMENT_MODES);
export type LcPaymentModeCode = (typeof LC_PAYMENT_MODE_CODES)[number];

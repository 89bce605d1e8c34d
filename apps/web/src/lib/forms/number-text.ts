/**
 * Numbers as the reader types them (issue 16): the text is never rounded, clamped or cleaned up;
 * the schema judges it and says what is wrong. Only the thousands grouping is the locale's
 * (`Intl.NumberFormat(locale)`), shown while typing and taken off again before the value is used.
 */

/** A plain number as typed: optional sign, digits, optional fraction (the schemas' pattern too). */
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;
/** A number being typed: digits with an optional point and fraction still to come ("12.", "-"). */
const TYPED_NUMBER = /^([-+]?)(\d+)(\.\d*)?$/;

export type NumberSeparators = { group: string; decimal: string };

const separatorCache = new Map<string, NumberSeparators>();

/** The locale's thousands and decimal separators (en-US and zh-CN: "," and "."). */
export function numberSeparators(locale: string): NumberSeparators {
  const cached = separatorCache.get(locale);
  if (cached) return cached;
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  const separators = {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
  separatorCache.set(locale, separators);
  return separators;
}

/**
 * The typed text with the locale's thousands grouping ("1234567.89" → "1,234,567.89"); the
 * digits are exactly the typed ones (BigInt, so 17 digits stay 17 digits). Anything that is not
 * a plain number ("1.35m", "007") is shown exactly as typed.
 */
export function groupNumberText(raw: string, locale: string): string {
  const match = TYPED_NUMBER.exec(raw);
  if (!match) return raw;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole.length > 1 && whole.startsWith('0')) return raw;
  const { decimal } = numberSeparators(locale);
  const grouped = new Intl.NumberFormat(locale, { useGrouping: true }).format(BigInt(whole));
  return `${sign}${grouped}${fraction ? `${decimal}${fraction.slice(1)}` : ''}`;
}

/**
 * The text without its thousands grouping, as the schema reads it ("1,234,567.89" →
 * "1234567.89"). A separator is taken off only between digits of the whole part; text that is
 * not a number otherwise ("1.35m", "1,,2") is kept exactly as typed, for the schema to refuse.
 */
export function ungroupNumberText(shown: string, locale: string): string {
  const { group, decimal } = numberSeparators(locale);
  const point = decimal === '.' ? shown : shown.split(decimal).join('.');
  const dot = point.indexOf('.');
  const whole = dot === -1 ? point : point.slice(0, dot);
  const rest = dot === -1 ? '' : point.slice(dot);
  const escaped = group.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const groupedWhole = new RegExp(`^[-+]?\\d+(${escaped}\\d+)*$`);
  if (!groupedWhole.test(whole)) return shown;
  return `${whole.split(group).join('')}${rest}`;
}

/**
 * The form value of a number field's text: `'string'` keeps the text (amounts are decimal strings),
 * `'number'` makes a plain number a JSON number ("720" → 720) and keeps anything else as typed,
 * so the schema names the rule ("1.35m" → "must be a number"). Empty is null (a number) or ''.
 */
export function numberTextValue(raw: string, as: 'string' | 'number'): unknown {
  if (as === 'string') return raw;
  const text = raw.trim();
  if (text === '') return null;
  return PLAIN_NUMBER.test(text) ? Number(text) : raw;
}

/** The text a form value is shown with (a saved draft's 5.25, an amount's "50000000.00"). */
export function numberValueText(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return typeof value === 'string' ? value : '';
}

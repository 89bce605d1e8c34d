import type { z } from 'zod';
import type { FieldLabelKeys } from './field-labels.ts';
import { hasTranslation, type Locale, translate } from './i18n/index.ts';
import type { TFieldError } from './schemas/common.ts';

export { type FieldLabelKeys, fieldLabelsOf, labelFields } from './field-labels.ts';

/**
 * Turns zod issues into field errors that name the field and the rule in the reader's language.
 * Used by the server's error handler and by the web forms, so both say the same thing.
 *
 * A schema may give a rule of its own as the issue message, written as an i18n key under
 * `errors.validation` (for example `.regex(SWIFT, { message: 'swift' })`); otherwise the rule is
 * derived from the zod issue code.
 */
export function localizeIssues(
  issues: readonly z.core.$ZodIssue[],
  locale: Locale,
  input?: unknown,
  labels?: FieldLabelKeys,
): TFieldError[] {
  return issues.map((issue) => localizeIssue(issue, locale, input, labels));
}

export function localizeIssue(
  issue: z.core.$ZodIssue,
  locale: Locale,
  input?: unknown,
  labels?: FieldLabelKeys,
): TFieldError {
  const field = issue.path.map(String).join('.');
  const { rule, params } = ruleOf(issue, input);
  const label = fieldLabelOf(issue.path, locale, labels) ?? field;
  const text = translate(locale, `errors.validation.${rule}`, {
    ...params,
    field: label || translate(locale, 'errors.fields.body'),
  });
  return { field: field || '(body)', rule, message: text };
}

/**
 * The name a message gives the field at `path`: the label its form registered (`labelFields`),
 * else the shared dictionary's (`errors.fields`); null when neither has one, and the message
 * would fall back to the field's key ("rlTpcd needs at least 1 item(s)."). For an item of a list
 * (`scopeCountries.0`), the list's name.
 */
export function fieldLabelOf(path: readonly PropertyKey[], locale: Locale, labels?: FieldLabelKeys): string | null {
  const named = path.filter((segment) => typeof segment !== 'number').map(String);
  const own = labels?.[named.join('.')] ?? labels?.[named[named.length - 1] ?? ''];
  return (own && hasTranslation(locale, own) ? translate(locale, own) : null) ?? fieldLabel(named, locale);
}

/**
 * The field's name in the reader's language: its last named segment's label, or for one language
 * of a bilingual pair (`title.en`) the pair's label with the language ("Title (English)").
 */
function fieldLabel(named: readonly string[], locale: Locale): string | null {
  const last = named[named.length - 1];
  if (!last) return null;
  const parent = named[named.length - 2];
  if ((last === 'en' || last === 'zh') && parent && hasTranslation(locale, `errors.bilingualFields.${parent}`)) {
    return translate(locale, 'errors.fieldInLanguage', {
      field: translate(locale, `errors.bilingualFields.${parent}`),
      language: translate(locale, `errors.languages.${last}`),
    });
  }
  return hasTranslation(locale, `errors.fields.${last}`) ? translate(locale, `errors.fields.${last}`) : null;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function ruleOf(issue: z.core.$ZodIssue, input: unknown): { rule: string; params: Record<string, string | number> } {
  // A schema's own rule, named by an i18n key under errors.validation.
  if (
    issue.message &&
    /^[a-z][A-Za-z0-9_]*$/.test(issue.message) &&
    hasTranslation('en-US', `errors.validation.${issue.message}`)
  ) {
    return { rule: issue.message, params: paramsOf(issue) };
  }
  switch (issue.code) {
    case 'invalid_type': {
      const missing =
        input === undefined ? /received undefined/.test(issue.message) : valueAt(input, issue.path) === undefined;
      if (missing || valueAt(input, issue.path) === null) return { rule: 'required', params: {} };
      return { rule: 'type', params: { expected: String(issue.expected) } };
    }
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) === 1
          ? { rule: 'required', params: {} }
          : { rule: 'tooShort', params: paramsOf(issue) };
      if (issue.origin === 'array' || issue.origin === 'set') return { rule: 'tooFewItems', params: paramsOf(issue) };
      return { rule: issue.inclusive === false ? 'greaterThan' : 'min', params: paramsOf(issue) };
    case 'too_big':
      if (issue.origin === 'string') return { rule: 'tooLong', params: paramsOf(issue) };
      if (issue.origin === 'array' || issue.origin === 'set') return { rule: 'tooManyItems', params: paramsOf(issue) };
      return { rule: issue.inclusive === false ? 'lessThan' : 'max', params: paramsOf(issue) };
    case 'invalid_format':
      if (issue.format === 'email') return { rule: 'email', params: {} };
      return { rule: 'format', params: {} };
    case 'not_multiple_of':
      return { rule: 'multipleOf', params: { divisor: Number(issue.divisor) } };
    case 'invalid_value':
      // Nothing chosen is "required", not a list of internal codes.
      if (isBlank(valueAt(input, issue.path))) return { rule: 'required', params: {} };
      return { rule: 'oneOf', params: { values: issue.values.map(String).join(', ') } };
    case 'invalid_union':
      if (isBlank(valueAt(input, issue.path))) return { rule: 'required', params: {} };
      return { rule: 'invalid', params: {} };
    case 'unrecognized_keys':
      return { rule: 'unknownKeys', params: { keys: issue.keys.join(', ') } };
    default:
      return { rule: 'invalid', params: {} };
  }
}

function paramsOf(issue: z.core.$ZodIssue): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if ('minimum' in issue) params.min = Number(issue.minimum);
  if ('maximum' in issue) params.max = Number(issue.maximum);
  return params;
}

/**
 * One schema, both sides (STYLE.md, documenso): the zod schemas of `@portal/shared` that the
 * server validates requests with also validate the antd forms. Field names of a form follow the
 * request's shape (`['profile', 'instSwiftCode']`), so an issue's path, a server `PRT_VALIDATION`
 * answer's dotted `field` and the form's name path are the same thing.
 *
 * - `schemaRule(schema, path)`: an antd rule that validates one field live against the schema;
 * - `validateForm(form, schema, values)`: validates on submit, shows the errors, returns the data;
 * - `applyServerErrors(form, error)`: shows the field errors of a `PRT_VALIDATION` answer.
 */
import { fieldLabelsOf, localizeIssues, type TFieldError } from '@portal/shared';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { ApiError } from '../api/api-error.ts';
import { getLocale } from '../i18n/locale.ts';

export type FieldPath = readonly (string | number)[];
export type FormFieldErrors = { name: (string | number)[]; errors: string[] };

export const VALIDATION_ERROR_CODE = 'PRT_VALIDATION';

/**
 * `profile.instSwiftCode` → `['profile', 'instSwiftCode']`. Item indexes at the end are dropped
 * (`interestedTypes.3` is shown on the select of `interestedTypes`).
 */
export function toFieldPath(field: string | FieldPath): (string | number)[] {
  const parts = typeof field === 'string' ? field.split('.').filter(Boolean) : [...field].map(String);
  while (parts.length > 1 && /^\d+$/.test(String(parts[parts.length - 1]))) parts.pop();
  return parts;
}

export function pathKey(path: string | FieldPath): string {
  return toFieldPath(path).join('.');
}

/** Groups field errors by field (several rules of one field become several lines). */
export function groupFieldErrors(errors: readonly TFieldError[]): FormFieldErrors[] {
  const byField = new Map<string, FormFieldErrors>();
  for (const error of errors) {
    const name = toFieldPath(error.field);
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(error.message)) entry.errors.push(error.message);
    byField.set(key, entry);
  }
  return [...byField.values()];
}

export type SchemaCheck<S extends z.ZodType> =
  | { success: true; data: z.output<S>; errors: [] }
  | { success: false; data: null; errors: FormFieldErrors[] };

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let node = values;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/**
 * A choice not made yet (an empty select of an enum) is "required", not "must be one of:
 * headOffice, branch, ..." (the codes mean nothing to the reader).
 */
function unchosenAsRequired(issues: readonly z.core.$ZodIssue[], values: unknown): z.core.$ZodIssue[] {
  return issues.map((issue) => {
    if (issue.code !== 'invalid_value') return issue;
    const value = valueAt(values, issue.path);
    return value === undefined || value === null || value === '' ? { ...issue, message: 'required' } : issue;
  });
}

/** Runs the schema on the values; the issues come back localised and grouped by form field. */
export function checkWithSchema<S extends z.ZodType>(schema: S, values: unknown): SchemaCheck<S> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { success: true, data: parsed.data as z.output<S>, errors: [] };
  const issues = unchosenAsRequired(parsed.error.issues, values);
  return {
    success: false,
    data: null,
    errors: groupFieldErrors(localizeIssues(issues, getLocale(), values, fieldLabelsOf(schema))),
  };
}

/**
 * Validates the whole form on submit. With `fields`, only issues of those fields (and of fields
 * under them) count: a step of a multi-step form checks its own fields against the schema of
 * the whole request. Shows the errors on the fields (and clears those of valid fields); returns
 * the parsed data when nothing relevant failed, else null (the first failing field is focused).
 */
export function validateForm<S extends z.ZodType>(
  form: FormInstance,
  schema: S,
  values: unknown,
  options: { fields?: readonly FieldPath[] } = {},
): z.output<S> | null {
  const check = checkWithSchema(schema, values);
  const scope = options.fields?.map((field) => pathKey(field));
  const inScope = (name: (string | number)[]) => {
    if (!scope) return true;
    const key = name.join('.');
    return scope.some((field) => key === field || key.startsWith(`${field}.`));
  };
  const relevant = check.errors.filter((error) => inScope(error.name));
  const failing = new Set(relevant.map((error) => error.name.join('.')));
  const cleared = (options.fields ?? []).map(toFieldPath).filter((name) => !failing.has(name.join('.')));
  form.setFields([
    ...relevant.map((error) => ({ name: error.name, errors: error.errors })),
    ...cleared.map((name) => ({ name, errors: [] })),
  ]);
  if (relevant.length) {
    const first = relevant[0];
    if (first) form.scrollToField(first.name, { block: 'center', focus: true });
    return null;
  }
  if (scope) {
    // The step is valid; the data of the whole request may not be yet.
    return (check.success ? check.data : values) as z.output<S>;
  }
  return check.success ? check.data : null;
}

/** The field errors of a `PRT_VALIDATION` answer, or none for any other error. */
export function serverFieldErrors(error: unknown): FormFieldErrors[] {
  if (!(error instanceof ApiError) || error.code !== VALIDATION_ERROR_CODE) return [];
  const data = error.data as { fields?: unknown } | null;
  if (!data || !Array.isArray(data.fields)) return [];
  const fields = data.fields.filter(
    (item): item is TFieldError =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as TFieldError).field === 'string' &&
      typeof (item as TFieldError).message === 'string',
  );
  return groupFieldErrors(fields);
}

/**
 * Shows a `PRT_VALIDATION` answer's errors on the form's fields (the toast has already named
 * them). Returns the fields that got an error, so a multi-step form can go to the right step.
 */
export function applyServerErrors(form: FormInstance, error: unknown): FormFieldErrors[] {
  const errors = serverFieldErrors(error);
  if (errors.length) {
    form.setFields(errors.map((entry) => ({ name: entry.name, errors: entry.errors })));
    const first = errors[0];
    if (first) form.scrollToField(first.name, { block: 'center' });
  }
  return errors;
}

/**
 * When a free-text field is checked: on leaving it, and on every change once the reader types, so
 * "Message is required." goes the moment a message is there instead of staying under it until
 * the field loses focus (issue 26). Typing always gives a value, so this never scolds early.
 */
export const TEXT_VALIDATE_TRIGGER: string[] = ['onBlur', 'onChange'];

/**
 * An antd rule that checks one field against the schema of the whole form, so live validation
 * (on change, on blur) says exactly what the server would. `prepare` adds values that are not
 * form fields (a picture-code reference) before the check.
 */
export function schemaRule<S extends z.ZodType>(
  schema: S,
  path: string | FieldPath,
  prepare: (values: Record<string, unknown>) => unknown = (values) => values,
): FormRule {
  const key = pathKey(path);
  return (form) => ({
    validator: async () => {
      const check = checkWithSchema(schema, prepare(form.getFieldsValue(true) as Record<string, unknown>));
      const own = check.errors.find((error) => error.name.join('.') === key);
      if (own?.errors.length) throw new Error(own.errors[0]);
    },
  });
}

/**
 * Runs the form's rules (all, or those of `names`); false when one fails (the first failing
 * field is focused). antd rejects with `outOfDate` and no errors when a value changed while it
 * validated: that counts as valid, the schema check that follows has the last word.
 */
export async function fieldsAreValid(form: FormInstance, names?: readonly FieldPath[]): Promise<boolean> {
  try {
    if (names) await form.validateFields(names.map((name) => [...name]));
    else await form.validateFields();
    return true;
  } catch (error) {
    const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
    if (!first) return true;
    form.scrollToField(first.name, { block: 'center', focus: true });
    return false;
  }
}

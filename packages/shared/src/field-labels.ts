import type { z } from 'zod';

/** Field name (or dotted path) → i18n key of the label a form shows for it. */
export type FieldLabelKeys = Readonly<Record<string, string>>;

// Keyed by the schema's definition, which `.meta()` copies share with the schema they copy (the
// routes document their bodies with `.meta()`), so the server finds the labels of the form too.
const formLabels = new WeakMap<object, FieldLabelKeys>();

/**
 * A form that labels a field more precisely than the shared dictionary `errors.fields` ("Message
 * to the publisher" where the dictionary says "Message") registers its labels on the schema it
 * validates with. `localizeIssues` then names the field by that label, in the browser's checks
 * and in the server's `PRT_VALIDATION` answer alike: "Message to the publisher is required."
 * This module imports nothing at run time, so a schema file can use it without the translations.
 */
export function labelFields<S extends z.ZodType>(schema: S, labels: FieldLabelKeys): S {
  formLabels.set(schema._zod.def, { ...formLabels.get(schema._zod.def), ...labels });
  return schema;
}

/** The labels `labelFields` registered for this schema (or a `.meta()` copy of it), if any. */
export function fieldLabelsOf(schema: unknown): FieldLabelKeys | undefined {
  const def = (schema as { _zod?: { def?: object } } | null | undefined)?._zod?.def;
  return def ? formLabels.get(def) : undefined;
}

/**
 * The submit of a form checked by a shared schema (schema-form.ts): validate the form's values
 * with the zod schema the server uses, send the parsed data, show a `PRT_VALIDATION` answer's
 * field errors on the form, and say meanwhile that it is saving.
 *
 *   const { submit, saving } = useSchemaSubmit(form, ZStopRequest, (body) => stopUser(body.reason));
 *   <Modal onOk={() => void submit()} okButtonProps={{ loading: saving }} …>
 *
 * A rejected `send` leaves the form open (the API client's toast has said why); nothing is thrown.
 */
import type { FormInstance } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { type ApiError, isApiError } from '../api/api-error.ts';
import { applyServerErrors, fieldsAreValid, validateForm } from './schema-form.ts';

export type SchemaSubmitOptions = {
  /** Adds values that are not form fields (a token, the request's id) before the check. */
  prepare?: (values: Record<string, unknown>) => unknown;
  /** Runs the form's own rules first (uploads in progress, live checks); stops when one fails. */
  checkRules?: boolean;
  /** Told of an API error before its field errors are shown (a toast, an error code on a field). */
  onApiError?: (error: ApiError) => void;
};

export function useSchemaSubmit<S extends z.ZodType, R>(
  form: FormInstance,
  schema: S,
  send: (data: z.output<S>) => Promise<R>,
  options: SchemaSubmitOptions = {},
) {
  const [saving, setSaving] = useState(false);

  const submit = async (): Promise<void> => {
    if (options.checkRules && !(await fieldsAreValid(form))) return;
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const data = validateForm(form, schema, options.prepare ? options.prepare(values) : values);
    if (!data) return;
    setSaving(true);
    try {
      await send(data);
    } catch (error) {
      if (isApiError(error)) options.onApiError?.(error);
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return { submit, saving };
}

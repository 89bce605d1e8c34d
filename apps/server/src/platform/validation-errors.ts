/**
 * PRT_VALIDATION errors a service raises itself, for a rule the request's schema cannot know (a
 * date in the past, a file that is not the caller's). Worded like the schemas' own errors
 * (`localizeIssues` in @portal/shared): the field's label and the rule's message in the reader's
 * language, and `data.fields: [{ field, rule, message }]`.
 */
import { hasTranslation, type Locale, translate } from '@portal/shared';
import { AppError } from './errors.ts';

/** A PRT_VALIDATION error on one field (`field` may be a path: `profile.introAttachments`). */
export function fieldError(
  locale: Locale,
  field: string,
  rule: string,
  params: Record<string, string | number> = {},
): AppError {
  const last = field.split('.').pop() ?? field;
  const label = hasTranslation(locale, `errors.fields.${last}`) ? translate(locale, `errors.fields.${last}`) : field;
  const message = translate(locale, `errors.validation.${rule}`, { ...params, field: label });
  return new AppError('PRT_VALIDATION', { details: message }, [{ field, rule, message }]);
}

import { useTranslation } from 'react-i18next';
import { translateKey } from '../i18n/translate.ts';

/**
 * The one dictionary of field names (issue 16): `errors.fields.<name>` in `@portal/shared`. The
 * same entry labels a field on a form (publish, registration, profile), names it on a detail page,
 * and names it in a validation message, the client's (`localizeIssues`) and the server's
 * (`PRT_VALIDATION`). A field therefore reads the same everywhere, in both languages, and
 * "Institution name is required." stands under "Institution name" by construction.
 *
 * `fieldLabel`: the field's name in the current language (the raw name when the dictionary has none).
 */
export function fieldLabel(name: string): string {
  return translateKey(`errors:fields.${name}`, name);
}

/** `fieldLabel`, re-rendering with the language. */
export function useFieldLabel(): (name: string) => string {
  const { t } = useTranslation('errors');
  return (name: string) => {
    const key = `fields.${name}`;
    return t(key as 'fields.name', { defaultValue: name });
  };
}

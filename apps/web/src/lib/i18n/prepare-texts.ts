import { initI18n } from './i18n.ts';
import { applyLocaleToEnvironment, readStoredLocale } from './locale.ts';

/** The texts in the remembered language (or the browser's), before anything renders (main.tsx). */
export function prepareTexts(): void {
  const locale = readStoredLocale();
  initI18n(locale);
  applyLocaleToEnvironment(locale);
}

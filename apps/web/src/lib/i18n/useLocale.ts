import type { Locale } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { getLocale, normalizeLocale, setLocale } from './locale.ts';

/** The current locale (re-renders on change) and the function that switches it. */
export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => Promise<void> } {
  const { i18n } = useTranslation();
  const locale = normalizeLocale(i18n.language) ?? getLocale();
  return { locale, setLocale };
}

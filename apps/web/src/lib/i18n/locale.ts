import { DEFAULT_LOCALE, LOCALES, type Locale, type TBilingual } from '@portal/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { appEvents } from '../events.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage.ts';
import { i18n } from './i18n.ts';

const DAYJS_LOCALES: Record<Locale, string> = { 'en-US': 'en', 'zh-CN': 'zh-cn' };

/** Accepts the portal's locales in any casing (`zh-cn` from older clients); otherwise null. */
export function normalizeLocale(value: unknown): Locale | null {
  if (typeof value !== 'string') return null;
  const lower = value.trim().toLowerCase();
  return LOCALES.find((locale) => locale.toLowerCase() === lower) ?? null;
}

/** The remembered locale, `en-US` when nothing (or something unknown) is stored. */
export function readStoredLocale(): Locale {
  return normalizeLocale(readStorage(STORAGE_KEYS.locale)) ?? DEFAULT_LOCALE;
}

/** The locale in use right now (what the `lang` header carries). */
export function getLocale(): Locale {
  return normalizeLocale(i18n.language) ?? readStoredLocale();
}

/** Applies a locale to everything outside React: `<html lang>` and dayjs. */
export function applyLocaleToEnvironment(locale: Locale): void {
  document.documentElement.lang = locale;
  dayjs.locale(DAYJS_LOCALES[locale]);
}

/**
 * Switches the language: remembers it, re-renders every translated view (react-i18next), moves
 * dayjs and `<html lang>`, then emits `locale-change` (the providers reload locale-bound queries).
 */
export async function setLocale(locale: Locale): Promise<void> {
  const previous = getLocale();
  writeStorage(STORAGE_KEYS.locale, locale);
  applyLocaleToEnvironment(locale);
  if (previous === locale && i18n.language === locale) return;
  await i18n.changeLanguage(locale);
  appEvents.emit('locale-change', { locale, previous });
}

/** The text of a bilingual value (site config, reference data) in the given locale. */
export function pickText(value: TBilingual, locale: Locale): string {
  return locale === 'zh-CN' ? value.zh : value.en;
}

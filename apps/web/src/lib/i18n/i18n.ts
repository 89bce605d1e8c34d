import { DEFAULT_LOCALE, LOCALES, type Locale, NAMESPACES, resources } from '@portal/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The app's single i18next instance; every string comes from `@portal/shared`: the core
 * `resources` at start, the back office and agreement texts when a page needs them
 * (`loadNamespace` in ./namespaces.ts).
 */
export const i18n = i18next.createInstance();

/** Initialises synchronously (the core resources are bundled), so the first render is already translated. */
export function initI18n(locale: Locale): typeof i18n {
  if (i18n.isInitialized) return i18n;
  i18n.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackNS: false,
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
    // 'added': views re-render when a namespace loaded on demand arrives (a back-office route title).
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  return i18n;
}

import { useTranslation } from 'react-i18next';
import { pickText } from '../../lib/i18n/locale.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { useSiteConfig } from './useSiteConfig.ts';

/** Portal and bank names in the current language; the bundled names until the config arrives. */
export function useSiteNames(): { portalName: string; bankName: string | null } {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const config = useSiteConfig();
  return {
    portalName: config ? pickText(config.portalName, locale) : t('app.name'),
    bankName: config ? pickText(config.bankName, locale) : null,
  };
}

import { LOCALES } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../components/icons.tsx';
import { useLocale } from '../../lib/i18n/useLocale.ts';

/** English / 中文, each label in its own language; the pressed one is current. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t('language.label')}</legend>
      <GlobeIcon size={16} className="language-switch__icon" />
      {LOCALES.map((option) => {
        const current = option === locale;
        return (
          <button
            key={option}
            type="button"
            lang={option}
            className={current ? 'language-switch__option is-current' : 'language-switch__option'}
            aria-pressed={current}
            onClick={() => {
              if (!current) void setLocale(option);
            }}
          >
            {t(`language.names.${option}`)}
          </button>
        );
      })}
    </fieldset>
  );
}

import { useTranslation } from 'react-i18next';

/** While a page's code loads: a quiet spinner in the content area (header and footer stay). */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="page-fallback">
      <span className="spinner spinner--small" aria-hidden="true" />
      <span className="visually-hidden">{t('a11y.loading')}</span>
    </div>
  );
}

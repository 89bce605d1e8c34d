import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage.tsx';

export function ForbiddenPage() {
  const { t } = useTranslation();
  return <StatusPage code="403" heading={t('errorPages.forbidden.heading')} text={t('errorPages.forbidden.text')} />;
}

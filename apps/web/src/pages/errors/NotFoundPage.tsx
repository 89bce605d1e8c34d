import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <StatusPage code="404" heading={t('errorPages.notFound.heading')} text={t('errorPages.notFound.text')} />;
}

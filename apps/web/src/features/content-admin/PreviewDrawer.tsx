import '../content/content.css';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Segmented, Skeleton } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import type { ContentLanguage } from './BilingualFields.tsx';

/**
 * Shows an entry as a visitor would see it, in either language (the page's language first),
 * drawn with the public pages' styles and their sanitising rich-text renderer. Whatever its
 * status: drafts can be checked before they are published.
 */
export function PreviewDrawer<T>({
  open,
  title,
  queryKey,
  load,
  render,
  onClose,
}: {
  open: boolean;
  title: string;
  queryKey: readonly unknown[];
  load: (signal: AbortSignal) => Promise<T>;
  render: (data: T, language: ContentLanguage) => ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  const pageLanguage: ContentLanguage = locale === 'zh-CN' ? 'zh' : 'en';
  const [language, setLanguage] = useState<ContentLanguage>(pageLanguage);
  useEffect(() => {
    if (open) setLanguage(pageLanguage);
  }, [open, pageLanguage]);

  const preview = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    enabled: open,
    gcTime: 0,
    staleTime: 0,
  });

  return (
    <Drawer open={open} title={title} size={960} onClose={onClose} destroyOnHidden>
      <Segmented<ContentLanguage>
        className="content-preview__switch"
        value={language}
        onChange={setLanguage}
        options={[
          { value: 'en', label: t('content.languages.en') },
          { value: 'zh', label: t('content.languages.zh') },
        ]}
        aria-label={t('content.preview.language')}
      />
      <div className="content-preview__frame">
        {preview.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
        {preview.isError ? (
          <Empty description={t('content.preview.failed')}>
            <Button onClick={() => void preview.refetch()}>{t('content.retry')}</Button>
          </Empty>
        ) : null}
        {preview.isSuccess ? (
          <div className="content-preview__page" lang={language === 'zh' ? 'zh-CN' : 'en'}>
            {render(preview.data, language)}
          </div>
        ) : null}
      </div>
    </Drawer>
  );
}

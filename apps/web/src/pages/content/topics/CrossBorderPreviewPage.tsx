import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isNotFound, useBilingual, useTopic } from '../../../features/content/content-api.ts';
import { ContentFrame } from '../../../features/content/ui/ContentFrame.tsx';
import { CONTENT_PATHS, inlineUrl } from '../../../features/content/ui/content-links.ts';
import { ErrorBlock, LoadingBlock, NotFoundBlock } from '../../../features/content/ui/states.tsx';
import { lazyComponent } from '../../../lib/lazy-page.ts';

const PdfViewer = lazyComponent(() => import('../../../features/content/pdf/PdfViewer.tsx'), 'PdfViewer');

/** /crossBorderRmb/preview: the cross-border RMB service guide, read in the page. */
export function CrossBorderPreviewPage() {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const query = useTopic('crossBorderRmb');
  const document = query.data?.document ?? null;
  return (
    <ContentFrame
      crumbs={[
        { label: t('routes.crossBorderRmb'), to: CONTENT_PATHS.crossBorderRmb },
        { label: t('routes.crossBorderRmbPreview') },
      ]}
      title={t('routes.crossBorderRmbPreview')}
      aside={
        <Link to={CONTENT_PATHS.crossBorderRmb} className="button button--ghost">
          {t('topics.backToTopic')}
        </Link>
      }
    >
      {query.isPending ? <LoadingBlock lines={6} /> : null}
      {query.isError && !isNotFound(query.error) ? <ErrorBlock onRetry={() => void query.refetch()} /> : null}
      {(query.isError && isNotFound(query.error)) || (query.isSuccess && !document) ? (
        <NotFoundBlock backTo={CONTENT_PATHS.crossBorderRmb} backLabel={t('topics.backToTopic')} />
      ) : null}
      {query.data && document ? (
        <Suspense fallback={<LoadingBlock lines={6} label={t('reports.pdfLoading')} />}>
          <PdfViewer url={inlineUrl(document.url)} downloadUrl={document.url} title={text(query.data.title)} />
        </Suspense>
      ) : null}
    </ContentFrame>
  );
}

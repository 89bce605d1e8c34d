import type { TReport } from '@portal/shared/schemas/content';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBilingual, useReport, useReports } from '../../../features/content/content-api.ts';
import { ContentFrame } from '../../../features/content/ui/ContentFrame.tsx';
import { CONTENT_PATHS, inlineUrl } from '../../../features/content/ui/content-links.ts';
import { formatContentDate } from '../../../features/content/ui/format.ts';
import { ListThumb, SearchableList } from '../../../features/content/ui/SearchableList.tsx';
import { ErrorBlock, LoadingBlock } from '../../../features/content/ui/states.tsx';
import { formatFileSize } from '../../../features/files/files-api.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { lazyComponent } from '../../../lib/lazy-page.ts';
import { pageFromParams, withParams } from '../paging.ts';

const PdfViewer = lazyComponent(() => import('../../../features/content/pdf/PdfViewer.tsx'), 'PdfViewer');

export const REPORTS_PAGE_SIZE = 6;

function Preview({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const query = useReport(id);
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    anchor.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  const report: TReport | undefined = query.data;
  return (
    <div ref={anchor} className="content-block">
      {query.isPending ? <LoadingBlock lines={3} label={t('reports.pdfLoading')} /> : null}
      {query.isError ? <ErrorBlock onRetry={() => void query.refetch()} /> : null}
      {report ? (
        <>
          <Suspense fallback={<LoadingBlock lines={3} label={t('reports.pdfLoading')} />}>
            <PdfViewer url={inlineUrl(report.pdf.url)} downloadUrl={report.pdf.url} title={text(report.title)} />
          </Suspense>
          <p style={{ marginTop: 12 }}>
            <button type="button" className="button button--ghost" onClick={onClose}>
              {t('reports.closePreview')}
            </button>
          </p>
        </>
      ) : null}
    </div>
  );
}

/**
 * /PolicyInformation/fcReport: the research series "FITs Your Wit" — a searchable list of
 * reports, each previewed in the page (pdf.js, loaded on first preview) or downloaded.
 */
export function ReportsPage() {
  const { t } = useTranslation('content');
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  const pageNo = pageFromParams(params);
  const previewId = params.get('preview');
  const query = useReports({ keyword, pageNo, pageSize: REPORTS_PAGE_SIZE });

  return (
    <ContentFrame
      crumbs={[{ label: t('routes.trends'), to: CONTENT_PATHS.trends }, { label: t('routes.reports') }]}
      eyebrow={t('reports.subtitle')}
      title={t('reports.title')}
      intro={t('reports.intro')}
    >
      {previewId ? (
        <Preview key={previewId} id={previewId} onClose={() => setParams(withParams(params, { preview: null }))} />
      ) : null}

      <SearchableList
        query={query}
        keyword={keyword}
        pageNo={pageNo}
        pageSize={REPORTS_PAGE_SIZE}
        emptyText={t('reports.empty')}
        onChange={(changes) => setParams(withParams(params, changes))}
        renderItem={(report) => (
          <ReportItem
            report={report}
            previewed={previewId === report.lgcSn}
            onPreview={() => setParams(withParams(params, { preview: report.lgcSn }))}
          />
        )}
      />
    </ContentFrame>
  );
}

/** One report in the list: cover, title, summary, issue, date and size; preview or download. */
function ReportItem({ report, previewed, onPreview }: { report: TReport; previewed: boolean; onPreview: () => void }) {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const { locale } = useLocale();
  return (
    <>
      <ListThumb cover={report.cover} />
      <div className="content-list__body">
        <h2 className="content-list__title">{text(report.title)}</h2>
        <p className="content-list__text">{text(report.summary)}</p>
        <p className="content-list__meta">
          {report.issue ? <span className="content-tag">{t('reports.issue', { issue: report.issue })}</span> : null}
          <time dateTime={report.publishDate}>{formatContentDate(report.publishDate, locale)}</time>
          <span>{t('reports.size', { size: formatFileSize(report.pdf.size) })}</span>
        </p>
      </div>
      <div className="content-list__actions">
        <button
          type="button"
          className="button button--primary"
          data-track={`report:preview:${report.lgcSn}`}
          onClick={onPreview}
          aria-pressed={previewed}
        >
          {t('common.preview')}
        </button>
        <a
          className="button button--ghost"
          href={report.pdf.url}
          download
          data-track={`report:download:${report.lgcSn}`}
        >
          {t('common.download')}
        </a>
      </div>
    </>
  );
}

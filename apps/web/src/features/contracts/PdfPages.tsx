import { Button } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfDocumentHandle } from './pdf-document.ts';
import type { PageSize } from './placement.ts';
import { FIT, type PdfPagesState, usePdfPages, ZOOM_LEVELS } from './usePdfPages.ts';

export { ZOOM_LEVELS } from './usePdfPages.ts';

/** A page's widest fitted width (as .pdf-pages__page's max-width). */
const PAGE_MAX_WIDTH = 820;

export type PdfPagesProps = {
  url: string;
  /** Names the scrollable region of the pages. */
  label: string;
  /** Drawn over page n, inside its box (the box is the page: percentages are fractions of it). */
  renderOverlay?: (pageNumber: number, size: PageSize) => ReactNode;
  /** Under page n (e.g. "Place on this page"). */
  renderPageTools?: (pageNumber: number) => ReactNode;
  /** Told of each page's box (to find the page under the pointer while dragging). */
  onPageElement?: (pageNumber: number, element: HTMLElement | null) => void;
  /** Told of the document once loaded (page count and sizes). */
  onLoaded?: (doc: Pick<PdfDocumentHandle, 'numPages' | 'pageSizes'>) => void;
  /** Zoom out, fit to width and zoom in buttons (and the -, 0 and + keys in the pages). */
  zoomable?: boolean;
};

/**
 * Every page of a PDF, one under the other in a scrollable region (focusable: arrow keys and
 * Page Up/Down scroll it), each drawn by pdf.js when it comes near the visible area; a counter
 * says which page is in view. Each page's box has the page's proportions before it is drawn,
 * so overlays (seals) sit where they land on paper. With `zoomable`, the pages are drawn at a
 * chosen multiple of the fitted width.
 */
export function PdfPages({
  url,
  label,
  renderOverlay,
  renderPageTools,
  onPageElement,
  onLoaded,
  zoomable = false,
}: PdfPagesProps) {
  const { t } = useTranslation('contracts');
  const pages = usePdfPages(url, onLoaded, onPageElement, zoomable);
  const { state, doc, zoom } = pages;
  return (
    <div className={zoom === FIT ? 'pdf-pages' : 'pdf-pages is-zoomed'}>
      <div className="pdf-pages__bar">
        <span aria-live="polite">
          {doc ? t('pdf.pageOf', { page: pages.currentPage, total: doc.numPages }) : t('pdf.loading')}
        </span>
        {doc && zoomable ? <ZoomButtons pages={pages} /> : null}
        {doc ? <span className="pdf-pages__hint">{t(zoomable ? 'pdf.zoomHint' : 'pdf.scrollHint')}</span> : null}
      </div>
      <section
        ref={pages.container}
        className="pdf-pages__scroll"
        aria-label={label}
        aria-busy={state.status === 'loading'}
        onKeyDown={pages.onKeyDown}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        {state.status === 'loading' ? (
          <p className="pdf-pages__message" role="status">
            <span className="spinner spinner--small" aria-hidden="true" /> {t('pdf.loading')}
          </p>
        ) : null}
        {state.status === 'failed' ? (
          <div className="pdf-pages__message" role="alert">
            <p>{t('pdf.failed')}</p>
            <Button onClick={pages.retry}>{t('actions.retry')}</Button>
          </div>
        ) : null}
        {doc
          ? doc.pageSizes.map((size, index) =>
              pdfPage({ pages, doc, size, pageNumber: index + 1, renderOverlay, renderPageTools, t }),
            )
          : null}
      </section>
    </div>
  );
}

function ZoomButtons({ pages: { zoom, level, zoomBy, setZoom } }: { pages: PdfPagesState }) {
  const { t } = useTranslation('contracts');
  return (
    <fieldset className="pdf-pages__zoom" aria-label={t('pdf.zoom')}>
      <Button size="small" onClick={() => zoomBy(-1)} disabled={level <= 0}>
        {t('pdf.zoomOut')}
      </Button>
      <span className="pdf-pages__zoom-level" aria-live="polite">
        {t('pdf.zoomLevel', { percent: Math.round(zoom * 100) })}
      </span>
      <Button size="small" onClick={() => zoomBy(1)} disabled={level >= ZOOM_LEVELS.length - 1}>
        {t('pdf.zoomIn')}
      </Button>
      <Button size="small" onClick={() => setZoom(FIT)} disabled={zoom === FIT}>
        {t('pdf.fit')}
      </Button>
    </fieldset>
  );
}

/** One page's box (drawn when near the visible area), its overlay and the tools under it. */
function pdfPage({
  pages: { zoom, nearby, registerBox },
  doc,
  size,
  pageNumber,
  renderOverlay,
  renderPageTools,
  t,
}: Pick<PdfPagesProps, 'renderOverlay' | 'renderPageTools'> & {
  pages: PdfPagesState;
  doc: PdfDocumentHandle;
  size: PageSize;
  pageNumber: number;
  t: TFunction<'contracts'>;
}) {
  return (
    <div key={pageNumber} className="pdf-pages__item">
      <figure
        ref={(element) => registerBox(pageNumber, element)}
        className="pdf-pages__page"
        data-page={pageNumber}
        aria-label={t('pdf.pageLabel', { page: pageNumber, total: doc.numPages })}
        style={{
          aspectRatio: `${size.width} / ${size.height}`,
          ...(zoom === FIT ? {} : { width: `${zoom * 100}%`, maxWidth: `${zoom * PAGE_MAX_WIDTH}px` }),
        }}
      >
        {/* Drawn again at each zoom, sharp at the new width. */}
        {nearby.has(pageNumber) ? <PageCanvas key={zoom} doc={doc} pageNumber={pageNumber} /> : null}
        {renderOverlay?.(pageNumber, size)}
      </figure>
      {renderPageTools ? <div className="pdf-pages__tools">{renderPageTools(pageNumber)}</div> : null}
    </div>
  );
}

/** One page drawn at the width of its box. */
function PageCanvas({ doc, pageNumber }: { doc: PdfDocumentHandle; pageNumber: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const element = canvas.current;
    const width = element?.parentElement?.clientWidth ?? 0;
    if (!element || width <= 0) return undefined;
    const task = doc.render(pageNumber, element, width);
    let live = true;
    task.promise.then(
      () => live && setDrawn(true),
      () => {
        // Cancelled on unmount, or failed: the page stays blank with its number.
      },
    );
    return () => {
      live = false;
      task.cancel();
    };
  }, [doc, pageNumber]);
  return <canvas ref={canvas} className={drawn ? 'pdf-pages__canvas is-drawn' : 'pdf-pages__canvas'} />;
}

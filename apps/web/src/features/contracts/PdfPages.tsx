import { Button } from 'antd';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PdfDocumentHandle, pdfLoader } from './pdf-document.ts';
import type { PageSize } from './placement.ts';

/** Pages this far below or above the visible area are drawn ahead of scrolling. */
const RENDER_AHEAD = '600px 0px';
/** Zoom levels, as multiples of the fitted width (the viewer's width, at most 820 px a page). */
export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FIT = 1;
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

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; doc: PdfDocumentHandle };

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
  const [zoom, setZoom] = useState<number>(FIT);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [nearby, setNearby] = useState<ReadonlySet<number>>(() => new Set());
  const [currentPage, setCurrentPage] = useState(1);
  const container = useRef<HTMLDivElement>(null);
  const boxes = useRef(new Map<number, HTMLElement>());
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  const onPageElementRef = useRef(onPageElement);
  onPageElementRef.current = onPageElement;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads after a failure
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    setNearby(new Set());
    setCurrentPage(1);
    setZoom(FIT);
    const task = pdfLoader()(url);
    task.promise.then(
      (doc) => {
        if (!live) return;
        setState({ status: 'ready', doc });
        onLoadedRef.current?.(doc);
      },
      () => {
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
      task.destroy();
    };
  }, [url, attempt]);

  const doc = state.status === 'ready' ? state.doc : null;

  // Which pages to draw (near the visible area) and which one is in view (the most visible).
  useEffect(() => {
    if (!doc) return undefined;
    const all = Array.from({ length: doc.numPages }, (_, index) => index + 1);
    if (typeof IntersectionObserver === 'undefined') {
      setNearby(new Set(all));
      return undefined;
    }
    const pageOf = (target: Element) => Number((target as HTMLElement).dataset.page);
    const ahead = new IntersectionObserver(
      (entries) => {
        const arriving = entries.filter((entry) => entry.isIntersecting).map((entry) => pageOf(entry.target));
        if (arriving.length === 0) return;
        setNearby((previous) => {
          if (arriving.every((page) => previous.has(page))) return previous;
          return new Set([...previous, ...arriving]);
        });
      },
      { root: container.current, rootMargin: RENDER_AHEAD },
    );
    const ratios = new Map<number, number>();
    const inView = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) ratios.set(pageOf(entry.target), entry.intersectionRatio);
        let best = 0;
        let bestRatio = 0;
        for (const [page, ratio] of ratios) {
          if (ratio > bestRatio || (ratio === bestRatio && ratio > 0 && page < best)) {
            best = page;
            bestRatio = ratio;
          }
        }
        if (best > 0) setCurrentPage(best);
      },
      { root: container.current, threshold: [0, 0.1, 0.25, 0.5, 0.75, 1] },
    );
    for (const box of boxes.current.values()) {
      ahead.observe(box);
      inView.observe(box);
    }
    return () => {
      ahead.disconnect();
      inView.disconnect();
    };
  }, [doc]);

  const registerBox = useCallback((pageNumber: number, element: HTMLElement | null) => {
    if (element) boxes.current.set(pageNumber, element);
    else boxes.current.delete(pageNumber);
    onPageElementRef.current?.(pageNumber, element);
  }, []);

  const level = ZOOM_LEVELS.indexOf(zoom as (typeof ZOOM_LEVELS)[number]);
  const zoomBy = (step: -1 | 1) => setZoom(ZOOM_LEVELS[level + step] ?? zoom);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!zoomable || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '+' || event.key === '=') zoomBy(1);
    else if (event.key === '-') zoomBy(-1);
    else if (event.key === '0') setZoom(FIT);
    else return;
    event.preventDefault();
  };

  return (
    <div className={zoom === FIT ? 'pdf-pages' : 'pdf-pages is-zoomed'}>
      <div className="pdf-pages__bar">
        <span aria-live="polite">
          {doc ? t('pdf.pageOf', { page: currentPage, total: doc.numPages }) : t('pdf.loading')}
        </span>
        {doc && zoomable ? (
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
        ) : null}
        {doc ? <span className="pdf-pages__hint">{t(zoomable ? 'pdf.zoomHint' : 'pdf.scrollHint')}</span> : null}
      </div>
      <section
        ref={container}
        className="pdf-pages__scroll"
        aria-label={label}
        aria-busy={state.status === 'loading'}
        onKeyDown={onKeyDown}
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
            <Button onClick={() => setAttempt((value) => value + 1)}>{t('actions.retry')}</Button>
          </div>
        ) : null}
        {doc
          ? doc.pageSizes.map((size, index) => {
              const pageNumber = index + 1;
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
            })
          : null}
      </section>
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

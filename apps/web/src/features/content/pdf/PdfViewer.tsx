import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openPdf, type PDFDocumentProxy } from './pdfjs.ts';

const MIN_SCALE = 0.6;
const MAX_SCALE = 2.4;
const SCALE_STEP = 0.2;

type Status = 'loading' | 'ready' | 'failed';

type PdfPage = Awaited<ReturnType<PDFDocumentProxy['getPage']>>;

/** Draws a page on the canvas, sharp on the screen's pixels; returns the render task. */
function drawPage(pdfPage: PdfPage, element: HTMLCanvasElement, scale: number) {
  const ratio = window.devicePixelRatio || 1;
  const viewport = pdfPage.getViewport({ scale: scale * ratio });
  element.width = Math.floor(viewport.width);
  element.height = Math.floor(viewport.height);
  element.style.width = `${Math.floor(viewport.width / ratio)}px`;
  const renderTask = pdfPage.render({ canvas: element, viewport });
  renderTask.promise.catch(() => {
    // Cancelled by a newer render, or failed: the next render or the message covers it.
  });
  return renderTask;
}

/** The document at `url`, the page shown and the zoom; the page is drawn whenever one changes. */
function usePdfDocument(url: string) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [page, setPage] = useState(1);
  const [scale, setScale] = useState(1.2);

  useEffect(() => {
    let cancelled = false;
    setStatus('loading');
    setDoc(null);
    setPage(1);
    const task = openPdf(url);
    task.promise.then(
      (loaded) => {
        if (cancelled) return;
        setDoc(loaded);
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let cancelled = false;
    let renderTask: { cancel: () => void; promise: Promise<void> } | null = null;
    doc.getPage(page).then(
      (pdfPage) => {
        if (cancelled || !canvas.current) return;
        renderTask = drawPage(pdfPage, canvas.current, scale);
      },
      () => {
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      renderTask?.cancel();
    };
  }, [doc, page, scale]);

  const total = doc?.numPages ?? 0;
  const previous = () => setPage((value) => Math.max(1, value - 1));
  const next = () => setPage((value) => Math.min(total, value + 1));
  const zoomOut = () => setScale((value) => Math.max(MIN_SCALE, value - SCALE_STEP));
  const zoomIn = () => setScale((value) => Math.min(MAX_SCALE, value + SCALE_STEP));
  return { canvas, status, page, scale, total, previous, next, zoomOut, zoomIn };
}

/**
 * A PDF shown in the page, one page at a time, with paging and zoom (keyboard: the buttons, or
 * ←/→ while the document has focus) and a download link. Any failure shows a message and keeps
 * the download link.
 */
export function PdfViewer({ url, title, downloadUrl }: { url: string; title: string; downloadUrl: string }) {
  const { t } = useTranslation('content');
  const viewer = usePdfDocument(url);
  const { canvas, status, previous, next } = viewer;
  return (
    <section className="pdf-viewer" aria-label={t('reports.previewTitle', { title })}>
      <div className="pdf-viewer__bar">
        <span className="pdf-viewer__title">{title}</span>
        <PdfTools viewer={viewer} downloadUrl={downloadUrl} />
      </div>
      <section
        className="pdf-viewer__canvas-wrap"
        aria-label={title}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard; ←/→ turn pages
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') previous();
          if (event.key === 'ArrowRight') next();
        }}
      >
        {status === 'loading' ? (
          <p className="pdf-viewer__message" role="status">
            {t('reports.pdfLoading')}
          </p>
        ) : null}
        {status === 'failed' ? (
          <p className="pdf-viewer__message" role="alert">
            {t('reports.pdfFailed')}
          </p>
        ) : null}
        <canvas ref={canvas} className="pdf-viewer__canvas" hidden={status !== 'ready'} aria-label={title} role="img" />
      </section>
    </section>
  );
}

/** Previous and next page, zoom out and in, and the download link. */
function PdfTools({ viewer, downloadUrl }: { viewer: ReturnType<typeof usePdfDocument>; downloadUrl: string }) {
  const { t } = useTranslation('content');
  const { status, page, total, scale, previous, next } = viewer;
  return (
    <div className="pdf-viewer__tools">
      <button
        type="button"
        className="button button--ghost"
        onClick={previous}
        disabled={status !== 'ready' || page <= 1}
      >
        {t('reports.previousPage')}
      </button>
      <span className="pdf-viewer__page-label" aria-live="polite">
        {status === 'ready' ? t('reports.pageOf', { page, total }) : ''}
      </span>
      <button
        type="button"
        className="button button--ghost"
        onClick={next}
        disabled={status !== 'ready' || page >= total}
      >
        {t('reports.nextPage')}
      </button>
      <button
        type="button"
        className="button button--ghost"
        onClick={viewer.zoomOut}
        disabled={status !== 'ready' || scale <= MIN_SCALE}
        aria-label={t('reports.zoomOut')}
      >
        −
      </button>
      <button
        type="button"
        className="button button--ghost"
        onClick={viewer.zoomIn}
        disabled={status !== 'ready' || scale >= MAX_SCALE}
        aria-label={t('reports.zoomIn')}
      >
        +
      </button>
      <a className="button button--accent" href={downloadUrl} download>
        {t('common.download')}
      </a>
    </div>
  );
}

import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type PdfDocumentHandle, pdfLoader } from './pdf-document.ts';

/** Pages this far below or above the visible area are drawn ahead of scrolling. */
const RENDER_AHEAD = '600px 0px';
/** Zoom levels, as multiples of the fitted width (the viewer's width, at most 820 px a page). */
export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
export const FIT = 1;

export type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; doc: PdfDocumentHandle };

/** Loads the document at `url`, telling `settle` how it went; returns what stops it. */
function loadDocument(url: string, settle: (state: LoadState) => void): () => void {
  let live = true;
  const task = pdfLoader()(url);
  task.promise.then(
    (doc) => {
      if (live) settle({ status: 'ready', doc });
    },
    () => {
      if (live) settle({ status: 'failed' });
    },
  );
  return () => {
    live = false;
    task.destroy();
  };
}

type Observed = {
  doc: PdfDocumentHandle;
  root: HTMLElement | null;
  boxes: Map<number, HTMLElement>;
  setNearby: (update: (previous: ReadonlySet<number>) => ReadonlySet<number>) => void;
  setCurrentPage: (page: number) => void;
};

/** The page most in view (the first of equals), or 0 when none is. */
function mostVisible(ratios: Map<number, number>): number {
  let best = 0;
  let bestRatio = 0;
  for (const [page, ratio] of ratios) {
    if (ratio > bestRatio || (ratio === bestRatio && ratio > 0 && page < best)) {
      best = page;
      bestRatio = ratio;
    }
  }
  return best;
}

/** Watches which pages to draw (near the visible area) and which one is in view; returns what stops it. */
function observePages({ doc, root, boxes, setNearby, setCurrentPage }: Observed): (() => void) | undefined {
  const all = Array.from({ length: doc.numPages }, (_, index) => index + 1);
  if (typeof IntersectionObserver === 'undefined') {
    setNearby(() => new Set(all));
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
    { root, rootMargin: RENDER_AHEAD },
  );
  const ratios = new Map<number, number>();
  const inView = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) ratios.set(pageOf(entry.target), entry.intersectionRatio);
      const best = mostVisible(ratios);
      if (best > 0) setCurrentPage(best);
    },
    { root, threshold: [0, 0.1, 0.25, 0.5, 0.75, 1] },
  );
  for (const box of boxes.values()) {
    ahead.observe(box);
    inView.observe(box);
  }
  return () => {
    ahead.disconnect();
    inView.disconnect();
  };
}

/** The zoom level, its buttons' steps and the -, 0 and + keys. */
function zoomControls(zoom: number, setZoom: (zoom: number) => void, zoomable: boolean) {
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
  return { zoom, setZoom, level, zoomBy, onKeyDown };
}

/** The document's loading, the pages near the visible area, the page in view and the zoom. */
export function usePdfPages(
  url: string,
  onLoaded: ((doc: Pick<PdfDocumentHandle, 'numPages' | 'pageSizes'>) => void) | undefined,
  onPageElement: ((pageNumber: number, element: HTMLElement | null) => void) | undefined,
  zoomable: boolean,
) {
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
    setState({ status: 'loading' });
    setNearby(new Set());
    setCurrentPage(1);
    setZoom(FIT);
    return loadDocument(url, (next) => {
      setState(next);
      if (next.status === 'ready') onLoadedRef.current?.(next.doc);
    });
  }, [url, attempt]);

  const doc = state.status === 'ready' ? state.doc : null;

  // Which pages to draw (near the visible area) and which one is in view (the most visible).
  useEffect(() => {
    if (!doc) return undefined;
    return observePages({ doc, root: container.current, boxes: boxes.current, setNearby, setCurrentPage });
  }, [doc]);

  const registerBox = useCallback((pageNumber: number, element: HTMLElement | null) => {
    if (element) boxes.current.set(pageNumber, element);
    else boxes.current.delete(pageNumber);
    onPageElementRef.current?.(pageNumber, element);
  }, []);

  const retry = () => setAttempt((value) => value + 1);
  return { state, doc, nearby, currentPage, container, registerBox, retry, ...zoomControls(zoom, setZoom, zoomable) };
}

export type PdfPagesState = ReturnType<typeof usePdfPages>;

/**
 * The contract PDF as the contract screens need it: the page count, each page's size in PDF
 * points (for the placement geometry) and a way to draw one page on a canvas. pdf.js does it in
 * the browser (features/content/pdf/pdfjs.ts: its worker is a file of our own origin, eval off,
 * so the strict CSP holds), loaded only when a contract page opens.
 *
 * jsdom cannot run pdf.js, so the loader is injectable: tests put a fake in its place with
 * `overridePdfLoader` (fake pages of a given size that draw nothing).
 */
import type { PageSize } from './placement.ts';

export type RenderTask = { promise: Promise<void>; cancel: () => void };

export type PdfDocumentHandle = {
  numPages: number;
  /** Page n (from 1) is `pageSizes[n - 1]`, in PDF points as displayed (rotation applied). */
  pageSizes: readonly PageSize[];
  /** Draws page n on the canvas, `cssWidth` CSS pixels wide (sharp on high-density screens). */
  render: (pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number) => RenderTask;
  destroy: () => void;
};

export type PdfLoadTask = { promise: Promise<PdfDocumentHandle>; destroy: () => void };
export type PdfLoader = (url: string) => PdfLoadTask;

/** pdf.js (pdfjs-dist), imported on first use. */
export const loadWithPdfjs: PdfLoader = (url) => {
  let destroyed = false;
  let destroyTask: (() => void) | null = null;
  const promise = (async (): Promise<PdfDocumentHandle> => {
    const { openPdf } = await import('../content/pdf/pdfjs.ts');
    if (destroyed) throw new Error('cancelled');
    const task = openPdf(url);
    destroyTask = () => void task.destroy();
    const doc = await task.promise;
    const pageSizes: PageSize[] = [];
    for (let number = 1; number <= doc.numPages; number += 1) {
      const page = await doc.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      pageSizes.push({ width: viewport.width, height: viewport.height });
    }
    return {
      numPages: doc.numPages,
      pageSizes,
      render: (pageNumber, canvas, cssWidth) => {
        let cancelled = false;
        let cancelRender: (() => void) | null = null;
        const rendering = doc.getPage(pageNumber).then((page) => {
          if (cancelled) return;
          const natural = page.getViewport({ scale: 1 });
          const ratio = window.devicePixelRatio || 1;
          const viewport = page.getViewport({ scale: (cssWidth / natural.width) * ratio });
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          const task = page.render({ canvas, viewport });
          cancelRender = () => task.cancel();
          return task.promise;
        });
        return {
          promise: rendering,
          cancel: () => {
            cancelled = true;
            cancelRender?.();
          },
        };
      },
      destroy: () => void task.destroy(),
    };
  })();
  return {
    promise,
    destroy: () => {
      destroyed = true;
      destroyTask?.();
    },
  };
};

let current: PdfLoader = loadWithPdfjs;

/** The loader in use (pdf.js unless a test replaced it). */
export function pdfLoader(): PdfLoader {
  return current;
}

/** Replaces the loader (tests); returns the function that puts pdf.js back. */
export function overridePdfLoader(loader: PdfLoader): () => void {
  current = loader;
  return () => {
    current = loadWithPdfjs;
  };
}

/**
 * pdf.js (DESIGN.md: pdfjs-dist to preview PDFs in the browser), loaded only by the pages that
 * preview a document. Its worker is a file of our own origin (CSP worker-src 'self').
 */
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

// pdf.js 6 compiles no PDF functions with eval any more (its isEvalSupported option is gone); our CSP
// allows no eval either.
export function openPdf(url: string) {
  return pdfjs.getDocument({ url, withCredentials: true });
}

export type { PDFDocumentProxy } from 'pdfjs-dist';

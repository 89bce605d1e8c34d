/**
 * The bounds on reading files that clients send (docs/security.md, Parsing limits). Every parser
 * of untrusted bytes runs in the parser pool (pool.ts) under these limits, checked before the
 * costly work: a file over one is refused with its own error code, in the reader's language.
 *
 * This file is loaded by the worker too: it imports nothing.
 */
export const PARSE_LIMITS = {
  /** Objects in one PDF: `N G obj` headers plus the objects object streams declare (/N), and /Size. */
  pdfMaxObjects: 100_000,
  /** What one compressed PDF stream may inflate to (checked by inflating with this cap, never fully). */
  pdfMaxStreamInflatedBytes: 64 * 1024 * 1024,
  /** The same for a cross-reference or object stream (the PDF's own structure, read at load). */
  pdfMaxStructureInflatedBytes: 16 * 1024 * 1024,
  /** What all the compressed streams of one PDF may inflate to together. */
  pdfMaxTotalInflatedBytes: 256 * 1024 * 1024,
  /** Signatures in one PDF: distinct /ByteRange arrays. */
  pdfMaxSignatures: 16,
  /** Widest and tallest image decoded (seal images), read from the header before decoding. */
  imageMaxSide: 2000,
  /** Worker threads reading files. */
  workers: 2,
  /** Files waiting for a worker; one more is refused as busy (503). */
  queue: 16,
  /** Time one file may take in a worker, from the moment it starts there; then the worker is ended. */
  deadlineMs: 8_000,
  /** Each worker's V8 heap (old generation), in MB; a worker past it is ended. */
  heapMb: 384,
} as const;

export type RefusalCode =
  | 'PRT_PDF_TOO_MANY_OBJECTS'
  | 'PRT_PDF_STREAM_TOO_LARGE'
  | 'PRT_PDF_TOO_MANY_SIGNATURES'
  | 'PRT_IMAGE_TOO_LARGE'
  | 'PRT_IMAGE_DAMAGED';

/** A file over one of PARSE_LIMITS (or a damaged image): thrown in the worker, answered as the AppError `code`. */
export class ParseRefusal extends Error {
  readonly code: RefusalCode;
  readonly params: Record<string, string | number>;
  constructor(code: RefusalCode, params: Record<string, string | number> = {}) {
    super(code);
    this.name = 'ParseRefusal';
    this.code = code;
    this.params = params;
  }
}

/** `bytes` as "64 MB" (whole MiB). */
export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * What the parser pool's workers do (pool.ts): each task reads one file from a client, within
 * PARSE_LIMITS, and answers plain data (structured-cloned back to the request thread). A refusal
 * travels as { kind: 'refusal', code, params } and becomes the AppError of that code there.
 */
import { fileTypeFromBuffer } from 'file-type';
import { findPdfActiveContent, type PdfActiveContent } from '../files/pdf-active-content.ts';
import { type PngFacts, readPngFacts, sealImagePng, sealStampPng } from '../files/png.ts';
import { loadForUpdate, type PdfUnreadableCode, PdfUnreadableError } from '../signing/pdf-sign.ts';
import { inspectPdfSignatures, type PdfSignatureReport } from '../signing/pdf-verify.ts';
import { ParseRefusal, type RefusalCode } from './limits.ts';
import { checkPdfLimits } from './pdf-limits.ts';

/** Bytes as they arrive in a worker (a structured-cloned Buffer is a plain Uint8Array). */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export type UploadFacts = {
  /** What file-type detects from the content; null when nothing. */
  detected: { ext: string; mime: string } | null;
  /** For a detected PDF, when asked: what active content it carries (after the PDF limits). */
  pdf?: PdfActiveContent;
  /**
   * For a detected PNG, when asked (a seal image): its size and whether its background is
   * transparent once its white is taken out (null: not a PNG).
   */
  png?: PngFacts | null;
  /** With `png`: the seal image as the portal keeps it, its white taken out (png.ts sealImagePng). */
  sealPng?: Uint8Array;
};

export const tasks = {
  /** An upload's type by content, and the checks its type needs (file-types.ts). */
  async uploadFacts(input: { bytes: Uint8Array; pdf: boolean; png: boolean }): Promise<UploadFacts> {
    const buffer = asBuffer(input.bytes);
    const type = buffer.length > 0 ? await fileTypeFromBuffer(buffer) : undefined;
    const facts: UploadFacts = { detected: type ? { ext: type.ext, mime: type.mime } : null };
    if (type?.ext === 'pdf' && input.pdf) {
      await checkPdfLimits(buffer);
      facts.pdf = findPdfActiveContent(buffer);
    }
    if (type?.ext === 'png' && input.png) {
      const sealed = sealImagePng(buffer);
      facts.png = sealed?.facts ?? null;
      if (sealed) facts.sealPng = sealed.png;
    }
    return facts;
  },

  /** Every signature in a PDF (/verify). */
  verifyPdf(input: { bytes: Uint8Array; trustedRoots: Uint8Array[] }): Promise<PdfSignatureReport> {
    return inspectPdfSignatures(input.bytes, { trustedRoots: input.trustedRoots });
  },

  /** A contract upload: within the limits, and a PDF that takes an incremental update; its page count. */
  async contractPdf(input: { bytes: Uint8Array }): Promise<{ pageCount: number }> {
    const buffer = asBuffer(input.bytes);
    if (buffer.subarray(0, 1024).toString('latin1').includes('%PDF-')) await checkPdfLimits(buffer);
    const pdf = await loadForUpdate(input.bytes);
    return { pageCount: pdf.getPages().length };
  },

  /** A seal image's facts (at application). */
  async pngFacts(input: { bytes: Uint8Array }): Promise<PngFacts | null> {
    return readPngFacts(asBuffer(input.bytes));
  },

  /** A seal image as it is stamped: decoded within the bounds, written again as plain RGBA. */
  async sealStamp(input: { bytes: Uint8Array }): Promise<Uint8Array> {
    return sealStampPng(asBuffer(input.bytes));
  },
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
export type TaskResult<N extends TaskName> = Awaited<ReturnType<Tasks[N]>>;

export type WorkerFailure =
  | { kind: 'refusal'; code: RefusalCode; params: Record<string, string | number> }
  | { kind: 'pdfUnreadable'; code: PdfUnreadableCode; message: string }
  | { kind: 'failed'; message: string };

export type WorkerAnswer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WorkerFailure };

/** An error thrown by a task, as it travels back. */
export function failureOf(error: unknown): WorkerFailure {
  if (error instanceof ParseRefusal) return { kind: 'refusal', code: error.code, params: error.params };
  if (error instanceof PdfUnreadableError) return { kind: 'pdfUnreadable', code: error.code, message: error.message };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Spreadsheet exports of back-office lists: one CSV writer for every module. RFC 4180 quoting,
 * CRLF line ends, UTF-8 with a byte-order mark (so Excel reads Chinese correctly), a guard
 * against formula injection, and the attachment headers. Each module owns its export route and
 * its columns; the header texts come in the reader's language from the caller.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors.ts';

/** At most this many rows in one export; more is refused (narrow the filters). */
export const EXPORT_ROW_CAP = 50_000;

/** The cap in force: EXPORT_ROW_CAP (a test lowers it to check the refusal without 50,000 rows). */
export const exportLimits = { maxRows: EXPORT_ROW_CAP };

const BOM = '\uFEFF';
const CRLF = '\r\n';

export type CsvValue = string | number | boolean | null | undefined;
export type CsvColumn<T> = { header: string; value: (row: T) => CsvValue };

/**
 * What a spreadsheet runs as a formula when a cell starts with it, in any locale: `=`, `+`, `-`,
 * `@` (Lotus-style), their full-width forms `＝ ＋ － ＠` (East Asian input turns them into the
 * half-width ones), and tab, carriage return and line feed (OWASP's list has tab and CR: importers
 * that drop leading whitespace read the formula behind it; LF for the same reason). `|` is not here: it is a formula start nowhere (a DDE payload such as
 * `=cmd|'/c calc'!A0` needs one of the above first).
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A text made safe for every spreadsheet: each piece that would be read as a formula gets a
 * leading apostrophe. The pieces are the cell and whatever follows a `;` in it, because in a
 * locale whose list separator is `;` (German, French, ... Excel) a `;` inside a comma-separated
 * cell ends a cell there, quoted or not, and the next one starts with what comes after it:
 * `;=1+1` and `a;@SUM(A1)` would each run a formula in the second cell. The one guard every
 * export uses.
 */
export function neutraliseFormula(text: string): string {
  return text
    .split(';')
    .map((piece) => (FORMULA_START.test(piece) ? `'${piece}` : piece))
    .join(';');
}

/**
 * One cell: a text a spreadsheet would run as a formula is neutralised (neutraliseFormula); a cell
 * with a comma, semicolon, quote or line break is quoted, its quotes doubled. Numbers are written as
 * they are (a negative amount stays a number).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutraliseFormula(String(value));
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, a header row, one row per item, each line ending CRLF. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): Buffer {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return Buffer.from(BOM + lines.join(CRLF) + CRLF, 'utf8');
}

/** A time as `YYYY-MM-DD HH:mm:ss` in UTC (the header says "UTC"); empty when there is none. */
export function csvTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Rows to fetch for an export: one more than the cap, so that going over it shows. */
export function exportFetchSize(): number {
  return exportLimits.maxRows + 1;
}

/** Refuses an export of more rows than the cap (422, naming the limit). */
export function assertExportSize(total: number): void {
  if (total > exportLimits.maxRows) {
    throw new AppError('PRT_EXPORT_TOO_LARGE', { limit: exportLimits.maxRows.toLocaleString('en-US') });
  }
}

/** `<base>-YYYY-MM-DD.csv`, dated today (UTC). */
export function exportFileName(base: string, now: Date = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}

/** `attachment` with an ASCII filename and its RFC 5987 `filename*` twin. */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Sends rows as a CSV attachment named `<base>-<today>.csv`. */
export function sendCsv<T>(reply: FastifyReply, base: string, columns: readonly CsvColumn<T>[], rows: readonly T[]) {
  const data = toCsv(columns, rows);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-length', String(data.length))
    .header('content-disposition', attachmentDisposition(exportFileName(base)))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(data);
}

/**
 * The OpenAPI description of an export's answer, for a route's `response[200]`: a CSV file.
 */
export const CSV_RESPONSE = {
  description: 'A CSV file (UTF-8 with BOM, CRLF), every row matching the filters; header in the reader’s language',
  content: { 'text/csv': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
};

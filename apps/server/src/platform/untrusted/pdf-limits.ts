/**
 * The limits a PDF from a client must keep before any PDF parser reads it (docs/security.md,
 * Parsing limits): objects, what each compressed stream and all of them inflate to. One pass over
 * the bytes; nothing is inflated past its cap (zlib stops at maxOutputLength), so a stream of
 * zeros compressed a thousand to one costs at most the cap, never the gigabytes it claims.
 *
 * A cross-reference or object stream (the file's structure, which a parser inflates as it loads
 * the file) has the tighter cap pdfMaxStructureInflatedBytes.
 *
 * Streams are found by their `stream` keyword wherever it stands (inside another stream's data
 * too: a parser that follows the cross-reference table may reach any offset). A stream is inflated
 * when its dictionary names FlateDecode (after ASCIIHexDecode or ASCII85Decode, which are decoded
 * first) or when its data starts with a zlib header whatever the dictionary says. A Flate filter
 * behind any other filter cannot be measured and counts as over the cap.
 */
import { constants, createInflate } from 'node:zlib';
import { megabytes, PARSE_LIMITS, ParseRefusal } from './limits.ts';

const WHITE = '[\\0\\t\\n\\f\\r ]';
const OBJECT_HEADER = new RegExp(`(?<![0-9])[0-9]+${WHITE}+[0-9]+${WHITE}+obj(?![A-Za-z])`, 'g');
const STREAM_KEYWORD = /(?<![A-Za-z])stream(?:\r\n|\n|\r)/g;
const SIZE_ENTRY = new RegExp(`/Size${WHITE}+([0-9]+)`);
/** A classic trailer's keyword, or the `startxref` that ends its dictionary. */
const TRAILER_BOUNDS = /(?<![A-Za-z])(trailer|startxref)(?![A-Za-z])/g;
const OBJECT_STREAM = new RegExp(`/Type${WHITE}*/ObjStm(?![A-Za-z])`);
const XREF_STREAM = new RegExp(`/Type${WHITE}*/XRef(?![A-Za-z])`);
/** How far before `stream` its dictionary is looked for. */
const DICT_WINDOW = 4096;
const FLATE = new Set(['FlateDecode', 'Fl']);
const DECODED_FIRST = new Set(['ASCIIHexDecode', 'AHx', 'ASCII85Decode', 'A85']);

export type PdfLimitsReport = { objects: number; streams: number; inflatedBytes: number };

/** Throws (rejects with) ParseRefusal when the PDF in `buffer` is over a limit; else what it counted. */
export async function checkPdfLimits(buffer: Buffer, text = buffer.toString('latin1')): Promise<PdfLimitsReport> {
  const max = PARSE_LIMITS.pdfMaxObjects;
  const tooMany = () => new ParseRefusal('PRT_PDF_TOO_MANY_OBJECTS', { max });
  let objects = 0;
  for (const _ of text.matchAll(OBJECT_HEADER)) if (++objects > max) throw tooMany();
  // The object count a parser sizes its cross-reference table by: /Size of a trailer or of a
  // cross-reference stream, nowhere else (an embedded file's /Params /Size is its length in bytes).
  const sizeOver = (dict: string) => Number(SIZE_ENTRY.exec(dict)?.[1] ?? 0) > max + 1;
  // Each trailer runs from its keyword to the next trailer or startxref (however long a padded
  // dictionary is); the pieces never overlap, so this stays one pass over the text.
  const bounds = [...text.matchAll(TRAILER_BOUNDS)];
  for (const [i, bound] of bounds.entries()) {
    if (bound[1] !== 'trailer') continue;
    if (sizeOver(text.slice(bound.index, bounds[i + 1]?.index ?? text.length))) throw tooMany();
  }

  let streams = 0;
  let inflatedBytes = 0;
  for (const match of text.matchAll(STREAM_KEYWORD)) {
    if (++streams > max) throw tooMany();
    const dict = dictionaryBefore(text, match.index);
    const objectStream = OBJECT_STREAM.test(dict);
    if (objectStream) {
      objects += Number(new RegExp(`/N${WHITE}+([0-9]+)`).exec(dict)?.[1] ?? 0);
      if (objects > max) throw tooMany();
    }
    const xrefStream = XREF_STREAM.test(dict);
    if (xrefStream && sizeOver(dict)) throw tooMany();
    const structure = objectStream || xrefStream;
    const start = match.index + match[0].length;
    inflatedBytes += await inflatedSize(buffer, start, filtersOf(dict), { spent: inflatedBytes, structure });
  }
  return { objects, streams, inflatedBytes };
}

/** The text from the last `obj` (or DICT_WINDOW bytes) before `at`: the stream's dictionary. */
function dictionaryBefore(text: string, at: number): string {
  const window = text.slice(Math.max(0, at - DICT_WINDOW), at);
  const obj = window.lastIndexOf('obj');
  return obj >= 0 ? window.slice(obj + 3) : window;
}

/** The names of /Filter, in order (`/Filter /FlateDecode` or `/Filter [/AHx /Fl]`); [] when indirect or absent. */
function filtersOf(dict: string): string[] {
  const match = /\/Filter[\0\t\n\f\r ]*(\[[^\]]*\]|\/[^\s/<>[\]()]+)/.exec(dict);
  if (!match?.[1]) return [];
  return [...match[1].matchAll(/\/([^\s/<>[\]()]+)/g)].map((name) => name[1] ?? '');
}

const hasZlibHeader = (data: Buffer) =>
  data.length >= 2 && (data[0]! & 0x0f) === 8 && data[0]! >> 4 <= 7 && ((data[0]! << 8) | data[1]!) % 31 === 0;

/**
 * What the stream whose data starts at `start` inflates to (0 when it is not compressed; what came
 * out before the damage when it is damaged: a parser may read that much). Refuses past either cap.
 */
async function inflatedSize(
  buffer: Buffer,
  start: number,
  filters: string[],
  { spent, structure }: { spent: number; structure: boolean },
): Promise<number> {
  const flateAt = filters.findIndex((name) => FLATE.has(name));
  const before = flateAt >= 0 ? filters.slice(0, flateAt) : [];
  const perStream = structure ? PARSE_LIMITS.pdfMaxStructureInflatedBytes : PARSE_LIMITS.pdfMaxStreamInflatedBytes;
  const cap = Math.min(perStream, PARSE_LIMITS.pdfMaxTotalInflatedBytes - spent);
  const overCap = () =>
    new ParseRefusal('PRT_PDF_STREAM_TOO_LARGE', {
      limit: megabytes(cap === perStream ? perStream : PARSE_LIMITS.pdfMaxTotalInflatedBytes),
    });
  if (before.some((name) => !DECODED_FIRST.has(name))) throw overCap();
  let data = buffer.subarray(start);
  for (const name of before) data = name === 'ASCIIHexDecode' || name === 'AHx' ? fromHex(data) : fromAscii85(data);
  if (flateAt < 0 && !hasZlibHeader(data)) return 0;
  const length = await inflatedLength(data, cap);
  if (length > cap) throw overCap();
  return length;
}

/**
 * How many bytes `data` inflates to, counted as they stream out and dropped (nothing is kept);
 * stops as soon as the count passes `cap` (answers cap + 1). zlib stops by itself at the end of
 * the compressed data: what follows it in the file is not read.
 */
function inflatedLength(data: Buffer, cap: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 1024 * 1024 });
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > cap) {
        inflate.destroy();
        resolve(cap + 1);
      }
    });
    inflate.on('end', () => resolve(total));
    inflate.on('error', () => resolve(total));
    inflate.end(data);
  });
}

/** ASCIIHexDecode up to its `>` (PDF 32000 §7.4.2). */
function fromHex(data: Buffer): Buffer {
  const end = data.indexOf(0x3e);
  const hex = data.toString('latin1', 0, end < 0 ? data.length : end).replace(/[^0-9A-Fa-f]/g, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

/** ASCII85Decode up to its `~>` (PDF 32000 §7.4.3). */
function fromAscii85(data: Buffer): Buffer {
  const end = data.indexOf('~>');
  const text = data.toString('latin1', 0, end < 0 ? data.length : end).replace(/[\0\t\n\f\r ]/g, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    const value = group.reduce((n, digit) => n * 85 + digit, 0);
    for (let i = 0; i < count; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const char of text) {
    if (char === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const digit = char.charCodeAt(0) - 33;
    if (digit < 0 || digit > 84) break;
    group.push(digit);
    if (group.length === 5) flush(4);
  }
  if (group.length > 1) flush(group.length - 1);
  return Buffer.from(out);
}

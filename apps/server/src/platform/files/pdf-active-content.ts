/**
 * Does a PDF carry active content: JavaScript, a launch action, automatic actions? Such a PDF is
 * refused at upload (file-types.ts), because the portal shows PDFs inline and users download them.
 *
 * Refused when any of these names (PDF names, `#xx` escapes decoded, case as PDF uses it) appears
 * in the file's dictionaries: /JS and /JavaScript (scripts, also as /OpenAction), /Launch,
 * /AA (actions run on open, close, focus…), /SubmitForm, /ImportData, /GoToE (opens an embedded
 * PDF), /RichMedia, /XFA (forms that carry scripts).
 *
 * How it looks, without trusting the file's own structure (viewers reach objects by byte offset,
 * so an object can hide anywhere):
 * - the whole file is read token by token (strings, comments, dictionaries); stream data is skipped;
 * - every region skipped (stream data, strings, comments) is searched for an object header
 *   (`12 0 obj`, comments allowed between), and read from there too — nesting at most MAX_DEPTH;
 * - object streams (`/Type /ObjStm`, or any stream with `/N` and `/First`) are inflated (Flate or
 *   no filter; at most INFLATE_BUDGET bytes in all) and read like the file.
 * What cannot be checked — an object stream under another filter, with a predictor, encrypted or
 * broken, nesting past MAX_DEPTH, the budget spent — counts as active content (refused).
 */
import { constants, inflateSync } from 'node:zlib';

export const PDF_ACTIVE_NAMES: ReadonlySet<string> = new Set([
  'JS',
  'JavaScript',
  'Launch',
  'AA',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'RichMedia',
  'XFA',
]);

const MAX_DEPTH = 8;
const MAX_REGIONS = 20_000;
const INFLATE_BUDGET = 64 * 1024 * 1024;
const FLATE = new Set(['FlateDecode', 'Fl']);
const OTHER_FILTERS = new Set([
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'LZWDecode',
  'LZW',
  'RunLengthDecode',
  'RL',
  'CCITTFaxDecode',
  'CCF',
  'DCTDecode',
  'DCT',
  'JBIG2Decode',
  'JPXDecode',
  'Crypt',
]);

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
// ( ) < > [ ] { } / %
const isDelimiter = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;

/** `N G obj`, with whitespace or comments between the three tokens. */
const OBJECT_HEADER = /(?<![0-9])[0-9]+(?:[\0\t\n\f\r ]|%[^\r\n]*[\r\n])+[0-9]+(?:[\0\t\n\f\r ]|%[^\r\n]*[\r\n])+obj/;

type Token = { kind: 'name' | 'number' | 'keyword'; value: string; level: number };

type Scan = { found: Set<string>; uncheckable: boolean; inflated: number; regions: number };

export type PdfActiveContent = { active: boolean; names: string[]; uncheckable: boolean };

/** What active content the PDF in `buffer` carries (see the header). */
export function findPdfActiveContent(buffer: Buffer): PdfActiveContent {
  const scan: Scan = { found: new Set(), uncheckable: false, inflated: 0, regions: 0 };
  const text = buffer.toString('latin1');
  read(text, 0, text.length, 0, scan);
  return {
    active: scan.found.size > 0 || scan.uncheckable,
    names: [...scan.found].sort(),
    uncheckable: scan.uncheckable,
  };
}

function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A region the reader did not read as PDF syntax: read it from any object header inside it. */
function skipped(text: string, start: number, end: number, depth: number, scan: Scan): void {
  if (end <= start || scan.uncheckable) return;
  const region = text.slice(start, end);
  if (!region.includes('obj')) return;
  const header = OBJECT_HEADER.exec(region);
  if (!header) return;
  if (depth + 1 > MAX_DEPTH) {
    scan.uncheckable = true;
    return;
  }
  read(text, start + header.index, end, depth + 1, scan);
}

/** Where the reader stands in dictionaries: the tokens of the outermost one, the last one closed. */
type DictState = {
  level: number;
  tokens: Token[];
  last: Token[] | null;
  /** The last thing read closed a dictionary (a `stream` keyword now starts its data). */
  afterDict: boolean;
};

/** Reads PDF syntax in text[start, end), noting active names; stream data is handled apart. */
function read(text: string, start: number, end: number, depth: number, scan: Scan): void {
  if (++scan.regions > MAX_REGIONS) {
    scan.uncheckable = true;
    return;
  }
  let i = start;
  const dict: DictState = { level: 0, tokens: [], last: null, afterDict: false };
  while (i < end && !scan.uncheckable) {
    const c = text.charCodeAt(i);
    if (isWhite(c)) {
      i++;
      continue;
    }
    if (c === 0x25) {
      // % comment, to the end of the line
      let j = i + 1;
      while (j < end && text.charCodeAt(j) !== 0x0a && text.charCodeAt(j) !== 0x0d) j++;
      skipped(text, i + 1, j, depth, scan);
      i = j;
      continue;
    }
    if (c === 0x28) {
      const j = literalStringEnd(text, i, end);
      skipped(text, i + 1, j, depth, scan);
      i = j;
      dict.afterDict = false;
      continue;
    }
    if (c === 0x3c || c === 0x3e) {
      i = readAngleBracket(text, i, end, depth, scan, dict);
      continue;
    }
    if (c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x29) {
      i++;
      dict.afterDict = false;
      continue;
    }
    i = readWord(text, i, end, depth, scan, dict);
  }
}

/** (literal string), balanced parentheses, backslash escapes: where it ends (at most `end`). */
function literalStringEnd(text: string, i: number, end: number): number {
  let j = i + 1;
  let nesting = 1;
  while (j < end && nesting > 0) {
    const d = text.charCodeAt(j);
    if (d === 0x5c) j++;
    else if (d === 0x28) nesting++;
    else if (d === 0x29) nesting--;
    j++;
  }
  return Math.min(j, end);
}

/** `<<`, `>>`, a `<hex string>` or a stray `>` at i; returns where reading goes on. */
function readAngleBracket(text: string, i: number, end: number, depth: number, scan: Scan, dict: DictState): number {
  const c = text.charCodeAt(i);
  if (c === 0x3c) {
    if (text.charCodeAt(i + 1) === 0x3c) {
      dict.level++;
      if (dict.level === 1) dict.tokens = [];
      dict.afterDict = false;
      return i + 2;
    }
    // <hex string>
    const close = text.indexOf('>', i + 1);
    const j = close < 0 || close >= end ? end : close + 1;
    skipped(text, i + 1, j, depth, scan);
    dict.afterDict = false;
    return j;
  }
  if (text.charCodeAt(i + 1) === 0x3e) {
    const closed = dict.level > 0 && --dict.level === 0;
    if (closed) dict.last = dict.tokens;
    dict.afterDict = closed;
    return i + 2;
  }
  dict.afterDict = false;
  return i + 1;
}

/** A /Name, a number or a keyword at i (`stream` after a dictionary: its data); returns where reading goes on. */
function readWord(text: string, i: number, end: number, depth: number, scan: Scan, dict: DictState): number {
  const c = text.charCodeAt(i);
  let j = i + 1;
  while (j < end && !isWhite(text.charCodeAt(j)) && !isDelimiter(text.charCodeAt(j))) j++;
  if (c === 0x2f) {
    const name = decodeName(text.slice(i + 1, j));
    if (PDF_ACTIVE_NAMES.has(name)) scan.found.add(name);
    if (dict.level > 0) dict.tokens.push({ kind: 'name', value: name, level: dict.level });
    dict.afterDict = false;
    return j;
  }
  const word = text.slice(i, j);
  if (word === 'stream' && dict.afterDict && dict.last) {
    const next = readStream(text, j, end, dict.last, depth, scan);
    dict.afterDict = false;
    return next;
  }
  if (dict.level > 0)
    dict.tokens.push({ kind: /^[+-]?[0-9.]+$/.test(word) ? 'number' : 'keyword', value: word, level: dict.level });
  dict.afterDict = false;
  return j;
}

/** The stream's length when the dictionary gives it directly (`/Length 123`, not `/Length 5 0 R`). */
function directLength(dict: Token[]): number | null {
  for (let k = 0; k < dict.length; k++) {
    const token = dict[k]!;
    if (token.kind !== 'name' || token.value !== 'Length' || token.level !== 1) continue;
    const value = dict[k + 1];
    const reference = dict[k + 3];
    if (value?.kind !== 'number' || (dict[k + 2]?.kind === 'number' && reference?.value === 'R')) return null;
    const length = Number(value.value);
    return Number.isInteger(length) && length >= 0 ? length : null;
  }
  return null;
}

/** Skips (or, for an object stream, inflates and reads) stream data; returns where reading goes on. */
function readStream(text: string, at: number, end: number, dict: Token[], depth: number, scan: Scan): number {
  let dataStart = at;
  if (text.charCodeAt(dataStart) === 0x0d) dataStart++;
  if (text.charCodeAt(dataStart) === 0x0a) dataStart++;
  const length = directLength(dict);
  let dataEnd: number;
  if (
    length !== null &&
    dataStart + length <= end &&
    /^\s*endstream/.test(text.slice(dataStart + length, dataStart + length + 32))
  ) {
    dataEnd = dataStart + length;
  } else {
    const found = text.indexOf('endstream', dataStart);
    dataEnd = found < 0 || found > end ? end : found;
  }
  skipped(text, dataStart, dataEnd, depth, scan);

  const names = new Set(dict.filter((t) => t.kind === 'name').map((t) => t.value));
  const topKeys = new Set(dict.filter((t) => t.kind === 'name' && t.level === 1).map((t) => t.value));
  const objectStream = names.has('ObjStm') || (topKeys.has('N') && topKeys.has('First'));
  if (objectStream && !scan.uncheckable) {
    const decoded = decodeObjectStream(text.slice(dataStart, dataEnd), dict, scan);
    if (decoded === null) scan.uncheckable = true;
    else if (depth + 1 > MAX_DEPTH) scan.uncheckable = true;
    else read(decoded, 0, decoded.length, depth + 1, scan);
  }
  return Math.min(end, dataEnd + 'endstream'.length);
}

function decodeObjectStream(raw: string, dict: Token[], scan: Scan): string | null {
  const filterNames = dict.filter((t) => t.kind === 'name' && (FLATE.has(t.value) || OTHER_FILTERS.has(t.value)));
  if (filterNames.some((t) => !FLATE.has(t.value))) return null;
  const predictor = dict.findIndex((t) => t.kind === 'name' && t.value === 'Predictor');
  if (predictor >= 0 && Number(dict[predictor + 1]?.value) > 1) return null;
  let data = Buffer.from(raw, 'latin1');
  for (let k = 0; k < filterNames.length; k++) {
    try {
      data = inflateSync(data, {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: Math.max(1, INFLATE_BUDGET - scan.inflated),
      });
    } catch {
      return null;
    }
    scan.inflated += data.length;
  }
  return data.toString('latin1');
}

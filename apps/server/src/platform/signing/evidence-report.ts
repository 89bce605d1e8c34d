/**
 * The evidence report: an A4 PDF listing what happened to a contract (who sealed it, when, the
 * file hashes), in texts the caller has already translated. The portal then signs it with its own
 * key: `stampAndSign(report, { stamps: [], signer: portalSigner })`.
 *
 * Fonts: the caller passes the font bytes (an OpenType/TrueType font, or one face of a .ttc via
 * `fontFromCollection`), e.g. Noto Sans SC for Chinese. Only the glyphs the report uses are
 * embedded: the text is known up front, so a small font is built from exactly those characters
 * (opentype.js), and the PDF stays a few kilobytes instead of carrying an 8 MB CJK font (libpdf
 * embeds CFF-based OpenType fonts whole). Characters the font lacks, and any outside the Basic
 * Multilingual Plane, print as '?'. With no font, Helvetica (WinAnsi) is used and every character
 * outside WinAnsi, so all Chinese, prints as '?'.
 */
import type { Color, FontInput, PDF, PDFPage } from '@libpdf/core';
import type { Font } from 'opentype.js';
import { libpdf, loaded, loadLibpdf } from './libraries.ts';
import { toArrayBuffer } from './pki.ts';

export type EvidenceReport = {
  title: string;
  heading: string;
  lines: Array<{ label: string; value: string }>;
  table: { columns: string[]; rows: string[][] };
  footer: string;
  /** Font bytes (OTF/TTF); without them Helvetica, and '?' for what it cannot draw. */
  font?: Uint8Array;
  /** Document metadata: creation date (default now). */
  createdAt?: Date;
};

const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = { left: 56, right: 56, top: 56, bottom: 48 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const SIZE = { title: 16, heading: 10.5, body: 9.5, table: 8.5, footer: 7.5, running: 7.5 };
const LEADING = 1.45;
const CELL_PADDING = 4;
// opentype.js, loaded with the first report drawn in a font (as @libpdf/core, libraries.ts).
type Opentype = typeof import('opentype.js').default;
let opentypeModule: Opentype | undefined;
async function loadOpentype(): Promise<void> {
  // Node's own loader gives the package's CommonJS build (a default export); loaders that pick its
  // ES module build (tsx: the crash test's worker) give named exports only.
  const module = (await import('opentype.js')) as unknown as { default?: Opentype } & Opentype;
  opentypeModule ??= module.default ?? module;
}
const opentype: Opentype = loaded('opentype.js', () => opentypeModule, 'loadOpentype');

// Functions, not constants: @libpdf/core is loaded by renderEvidenceReport (libraries.ts).
const grey = () => libpdf.grayscale(0.4);
const rule = () => libpdf.grayscale(0.75);
const headerFill = () => libpdf.grayscale(0.92);
const MIN_COLUMN = 40;

type Typeface = {
  regular: FontInput;
  bold: FontInput;
  width(text: string, size: number, bold?: boolean): number;
};

// ---------------------------------------------------------------------------------------------
// Fonts

/** WinAnsiEncoding (PDF 32000 Annex D): what the standard 14 fonts can draw. */
const WIN_ANSI = new Set<number>([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => 0xa0 + i),
  ...[0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d],
  ...[0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178],
]);

/** Tabs become spaces, other control characters go; line breaks stay for the layout. */
const normalise = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[^\P{Cc}\n]/gu, '');

function replaceMissing(text: string, has: (codePoint: number) => boolean): string {
  let out = '';
  for (const char of normalise(text)) out += char === '\n' || has(char.codePointAt(0)!) ? char : '?';
  return out;
}

const parsedFonts = new WeakMap<Uint8Array, Font>();

/** Parsing a CJK font takes a few hundred ms: keep the result for as long as the caller keeps the bytes. */
function parseFont(bytes: Uint8Array): Font {
  let font = parsedFonts.get(bytes);
  if (!font) {
    try {
      font = opentype.parse(toArrayBuffer(bytes));
    } catch (error) {
      throw new Error(`the report font cannot be read: ${(error as Error).message}`, { cause: error });
    }
    parsedFonts.set(bytes, font);
  }
  return font;
}

/** A small OpenType font holding only `chars` (each with its own glyph, so the cmap is exact). */
function subsetFont(source: Font, chars: Set<string>): Uint8Array {
  const notdef = source.glyphs.get(0);
  const glyphs = [new opentype.Glyph({ name: '.notdef', advanceWidth: notdef.advanceWidth, path: notdef.path })];
  for (const char of [...chars].sort()) {
    const codePoint = char.codePointAt(0)!;
    const glyph = source.charToGlyph(char);
    glyphs.push(
      new opentype.Glyph({
        name: `uni${codePoint.toString(16).toUpperCase().padStart(4, '0')}`,
        unicode: codePoint,
        advanceWidth: glyph.advanceWidth,
        path: glyph.path,
      }),
    );
  }
  const subset = new opentype.Font({
    familyName: 'PortalReport',
    styleName: 'Regular',
    unitsPerEm: source.unitsPerEm,
    ascender: source.ascender,
    descender: source.descender,
    weightClass: source.tables.os2?.usWeightClass,
    copyright: source.names.copyright?.en,
    license: source.names.license?.en,
    glyphs,
  });
  return new Uint8Array(subset.toArrayBuffer());
}

/**
 * One face of a TrueType/OpenType collection (.ttc) as a standalone font file, e.g. face 2 of
 * Debian's NotoSansCJK-Regular.ttc is Noto Sans CJK SC. Other font files are returned unchanged.
 */
export function fontFromCollection(bytes: Uint8Array, index: number): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || view.getUint32(0) !== 0x74746366 /* 'ttcf' */) return bytes;
  const faces = view.getUint32(8);
  if (!(index >= 0 && index < faces)) throw new RangeError(`the collection has ${faces} faces, not ${index + 1}`);
  const offset = view.getUint32(12 + 4 * index);
  const tableCount = view.getUint16(offset + 4);
  const tables = Array.from({ length: tableCount }, (_, i) => {
    const record = offset + 12 + 16 * i;
    return {
      tag: view.getUint32(record),
      checksum: view.getUint32(record + 4),
      start: view.getUint32(record + 8),
      length: view.getUint32(record + 12),
    };
  });
  const headerLength = 12 + 16 * tableCount;
  const out = new Uint8Array(tables.reduce((n, t) => n + ((t.length + 3) & ~3), headerLength));
  const outView = new DataView(out.buffer);
  out.set(bytes.subarray(offset, offset + 12), 0);
  let position = headerLength;
  tables.forEach((table, i) => {
    const record = 12 + 16 * i;
    outView.setUint32(record, table.tag);
    outView.setUint32(record + 4, table.checksum);
    outView.setUint32(record + 8, position);
    outView.setUint32(record + 12, table.length);
    out.set(bytes.subarray(table.start, table.start + table.length), position);
    position += (table.length + 3) & ~3;
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Text layout

/** Breakable units: a CJK character each, a run of other non-space characters, or spaces. */
const UNITS =
  /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+|\s+/gu;

/** Greedy line breaking: between words, between CJK characters, inside a word only when it alone is too wide. */
function wrap(text: string, maxWidth: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const unit of paragraph.match(UNITS) ?? []) {
      if (/^\s+$/.test(unit)) {
        if (line) line += ' ';
        continue;
      }
      if (measure(line + unit) <= maxWidth) {
        line += unit;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = '';
      for (const char of unit) {
        if (line && measure(line + char) > maxWidth) {
          lines.push(line);
          line = '';
        }
        line += char;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Pages

class Pages {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  /** Top of the next line, in points from the page bottom. */
  y = 0;

  constructor(
    private readonly pdf: PDF,
    private readonly face: Typeface,
    private readonly runningTitle: string,
    private readonly bottom: number,
  ) {}

  get current(): PDFPage {
    return this.page;
  }

  newPage(): void {
    this.page = this.pdf.addPage({ size: 'a4' });
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
    if (this.pages.length > 1) {
      const line = wrap(this.runningTitle, CONTENT_WIDTH, (s) => this.face.width(s, SIZE.running))[0] ?? '';
      this.text(line, MARGIN.left, this.y + 18, SIZE.running, { color: grey() });
    }
  }

  /** Room for `height` more points on this page; starts a new page when there is not. */
  ensure(height: number): boolean {
    if (this.y - height >= this.bottom) return false;
    this.newPage();
    return true;
  }

  room(): number {
    return this.y - this.bottom;
  }

  /** Draws one line whose top is at `top`. */
  text(
    line: string,
    x: number,
    top: number,
    size: number,
    { bold = false, color = libpdf.grayscale(0) }: { bold?: boolean; color?: Color } = {},
  ): void {
    if (!line) return;
    this.page.drawText(line, {
      x,
      y: top - size * 0.95, // baseline: the ascent of both Helvetica and Noto is close to 0.95 em at this leading
      size,
      font: bold ? this.face.bold : this.face.regular,
      color,
    });
  }

  /** Wrapped paragraph at the left margin, breaking across pages line by line. */
  paragraph(text: string, size: number, options: { bold?: boolean; color?: Color } = {}): void {
    const lineHeight = size * LEADING;
    for (const line of wrap(text, CONTENT_WIDTH, (s) => this.face.width(s, size, options.bold))) {
      this.ensure(lineHeight);
      this.text(line, MARGIN.left, this.y, size, options);
      this.y -= lineHeight;
    }
  }
}

/**
 * Column widths as browsers lay out automatic tables: every column gets at least its widest
 * unbreakable word (capped at an equal share, so a long hash wraps instead of crowding the
 * others out), and the remaining width goes to the columns in proportion to how much more their
 * longest line wants.
 */
function columnWidths(minimum: number[], natural: number[]): number[] {
  const share = CONTENT_WIDTH / natural.length;
  const min = minimum.map((w) => Math.min(Math.max(w, MIN_COLUMN), share));
  const max = natural.map((w, i) => Math.min(Math.max(w, min[i]!), CONTENT_WIDTH));
  const sumMin = min.reduce((n, w) => n + w, 0);
  const sumMax = max.reduce((n, w) => n + w, 0);
  if (sumMax <= CONTENT_WIDTH) return max.map((w) => (w * CONTENT_WIDTH) / sumMax);
  const extra = CONTENT_WIDTH - sumMin;
  return min.map((w, i) => w + (extra * (max[i]! - w)) / (sumMax - sumMin));
}

/** The table's column widths (see columnWidths) and their left edges. */
function tableColumns(face: Typeface, columns: string[], rows: string[][]): { widths: number[]; xs: number[] } {
  const size = SIZE.table;
  const cells = (i: number) => [columns[i] ?? '', ...rows.map((row) => row[i] ?? '')];
  const widest = (texts: string[]) => Math.max(0, ...texts.map((t) => face.width(t, size, true))) + 2 * CELL_PADDING;
  const natural = columns.map((_, i) => widest(cells(i).flatMap((cell) => cell.split('\n'))));
  const minimum = columns.map((_, i) => widest(cells(i).flatMap((cell) => cell.match(UNITS) ?? [])));
  const widths = columnWidths(minimum, natural);
  const xs = widths.map((_, i) => MARGIN.left + widths.slice(0, i).reduce((n, w) => n + w, 0));
  return { widths, xs };
}

/** A thin rule across the content width at `y`. */
function drawRule(pages: Pages, y: number): void {
  pages.current.drawLine({
    start: { x: MARGIN.left, y },
    end: { x: MARGIN.left + CONTENT_WIDTH, y },
    color: rule(),
    thickness: 0.5,
  });
}

function drawTable(pages: Pages, face: Typeface, columns: string[], rows: string[][]): void {
  if (!columns.length) return;
  const size = SIZE.table;
  const lineHeight = size * LEADING;
  const measure = (bold: boolean) => (s: string) => face.width(s, size, bold);
  const { widths, xs } = tableColumns(face, columns, rows);
  const cellLines = (cells: string[], bold: boolean) =>
    widths.map((w, i) => wrap(cells[i] ?? '', w - 2 * CELL_PADDING, measure(bold)));
  const header = cellLines(columns, true);
  const headerHeight = Math.max(...header.map((l) => l.length)) * lineHeight + 2 * CELL_PADDING;

  /** Lines [from, from + count) of each cell, in the row whose top is the current position. */
  const drawCells = (cells: string[][], from: number, count: number, bold: boolean) => {
    for (const [i, cell] of cells.entries()) {
      for (const [n, line] of cell.slice(from, from + count).entries()) {
        pages.text(line, xs[i]! + CELL_PADDING, pages.y - CELL_PADDING - n * lineHeight, size, { bold });
      }
    }
  };
  const drawHeader = () => {
    pages.current.drawRectangle({
      x: MARGIN.left,
      y: pages.y - headerHeight,
      width: CONTENT_WIDTH,
      height: headerHeight,
      color: headerFill(),
    });
    drawCells(header, 0, Number.POSITIVE_INFINITY, true);
    pages.y -= headerHeight;
    drawRule(pages, pages.y);
  };

  pages.ensure(headerHeight + lineHeight + 2 * CELL_PADDING);
  drawHeader();
  for (const row of rows) {
    // A row taller than the room left continues on the next page, under a repeated header.
    const lines = cellLines(row, false);
    let from = 0;
    const total = Math.max(1, ...lines.map((l) => l.length));
    while (from < total) {
      if (pages.room() < lineHeight + 2 * CELL_PADDING) {
        pages.newPage();
        drawHeader();
      }
      const fit = Math.max(1, Math.floor((pages.room() - 2 * CELL_PADDING) / lineHeight));
      const count = Math.min(fit, total - from);
      drawCells(lines, from, count, false);
      pages.y -= count * lineHeight + 2 * CELL_PADDING;
      drawRule(pages, pages.y);
      from += count;
    }
  }
}

const PAGE_NUMBERS = '0123456789 /';

/**
 * The report's typeface: a subset of `report.font` with every character the report uses, or the
 * standard Helvetica; `clean` replaces the characters the typeface lacks.
 */
function chooseFace(pdf: PDF, report: EvidenceReport): { clean: (text: string) => string; face: Typeface } {
  if (report.font) {
    const source = parseFont(report.font);
    const has = (codePoint: number) =>
      codePoint <= 0xffff && (codePoint === 0x20 || source.charToGlyphIndex(String.fromCharCode(codePoint)) > 0);
    const clean = (text: string) => replaceMissing(text, has);
    const everything = [
      report.title,
      report.heading,
      report.footer,
      PAGE_NUMBERS,
      '?',
      ...report.lines.flatMap((l) => [l.label, l.value]),
      ...report.table.columns,
      ...report.table.rows.flat(),
    ]
      .map(clean)
      .join('');
    const embedded = pdf.embedFont(subsetFont(source, new Set([...everything].filter((c) => c !== '\n'))));
    const face: Typeface = {
      regular: embedded,
      bold: embedded,
      // One weight: headings are set apart by size and the table header by its shading.
      width: (text, size) => libpdf.measureText(text, embedded, size),
    };
    return { clean, face };
  }
  const clean = (text: string) => replaceMissing(text, (codePoint) => WIN_ANSI.has(codePoint));
  const regular = 'Helvetica';
  const bold = 'Helvetica-Bold';
  const face: Typeface = {
    regular,
    bold,
    width: (text, size, isBold) => libpdf.measureText(text, isBold ? bold : regular, size),
  };
  return { clean, face };
}

/** Label/value lines: labels in a column as wide as the longest label (at most 40% of the width). */
function drawLabelLines(
  pages: Pages,
  face: Typeface,
  lines: EvidenceReport['lines'],
  clean: (text: string) => string,
): void {
  const bodySize = SIZE.body;
  const bodyLeading = bodySize * LEADING;
  const labels = lines.map((l) => clean(l.label));
  const labelWidth = Math.min(
    CONTENT_WIDTH * 0.4,
    Math.max(0, ...labels.map((l) => face.width(l, bodySize, true))) + 12,
  );
  lines.forEach((entry, i) => {
    const labelLines = wrap(labels[i]!, labelWidth - 12, (s) => face.width(s, bodySize, true));
    const valueLines = wrap(clean(entry.value), CONTENT_WIDTH - labelWidth, (s) => face.width(s, bodySize));
    for (let n = 0; n < Math.max(labelLines.length, valueLines.length); n++) {
      pages.ensure(bodyLeading);
      pages.text(labelLines[n] ?? '', MARGIN.left, pages.y, bodySize, { bold: true });
      pages.text(valueLines[n] ?? '', MARGIN.left + labelWidth, pages.y, bodySize);
      pages.y -= bodyLeading;
    }
    pages.y -= 2;
  });
}

/** The footer lines and "page / pages" at the bottom of every page (drawn once the count is known). */
function drawFooters(pages: Pages, face: Typeface, footerLines: string[], footerHeight: number): void {
  const footerSize = SIZE.footer;
  const count = pages.pages.length;
  for (const [i, page] of pages.pages.entries()) {
    for (const [n, line] of footerLines.entries()) {
      page.drawText(line, {
        x: MARGIN.left,
        y: MARGIN.bottom + footerHeight - (n + 1) * footerSize * LEADING + footerSize * 0.3,
        size: footerSize,
        font: face.regular,
        color: grey(),
      });
    }
    const number = `${i + 1} / ${count}`;
    page.drawText(number, {
      x: PAGE.width - MARGIN.right - face.width(number, footerSize),
      y: MARGIN.bottom + footerHeight - footerSize * LEADING + footerSize * 0.3,
      size: footerSize,
      font: face.regular,
      color: grey(),
    });
  }
}

/**
 * Renders the report: title, heading, the label/value lines, then the table (its header repeated
 * on each page it spans), with `footer` and "page / pages" at the bottom of every page.
 */
export async function renderEvidenceReport(report: EvidenceReport): Promise<Uint8Array> {
  await Promise.all([loadLibpdf(), report.font ? loadOpentype() : undefined]);
  const pdf = libpdf.PDF.create();
  const { clean, face } = chooseFace(pdf, report);

  const title = clean(report.title);
  const footerSize = SIZE.footer;
  const footerLines = wrap(clean(report.footer), CONTENT_WIDTH - 60, (s) => face.width(s, footerSize));
  const footerHeight = footerLines.length * footerSize * LEADING;
  const pages = new Pages(pdf, face, title, MARGIN.bottom + footerHeight + 14);
  pages.newPage();

  pages.paragraph(title, SIZE.title, { bold: true });
  pages.y -= 2;
  pages.paragraph(clean(report.heading), SIZE.heading, { color: grey() });
  pages.y -= 10;

  drawLabelLines(pages, face, report.lines, clean);
  pages.y -= 12;

  drawTable(
    pages,
    face,
    report.table.columns.map(clean),
    report.table.rows.map((row) => row.map(clean)),
  );

  // Footers last, when the page count is known.
  drawFooters(pages, face, footerLines, footerHeight);

  pdf.setTitle(title);
  pdf.setCreator('Interbank Cooperation Portal');
  pdf.setCreationDate(report.createdAt ?? new Date());
  // "Subsetting" here is what makes libpdf write a ToUnicode map of the characters used (its full
  // embedding maps Latin, Greek and Cyrillic only); the font itself is already our subset.
  return pdf.save({ subsetFonts: true });
}

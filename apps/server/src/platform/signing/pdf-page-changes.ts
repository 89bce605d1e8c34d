/**
 * Which pages a signed PDF's later revisions changed (/verify: "changed after signature 1: page
 * 1"). Each signature covers a prefix of the file, its revision; libpdf loads each prefix as the
 * PDF it was then, and every page gets a digest of what draws it: its content streams (raw bytes,
 * not inflated), its resources (fonts, images, forms, followed through references), its boxes and
 * rotation, and its annotations with their appearance streams. Two revisions differ on a page when
 * its digest differs, or when the page exists in only one of them.
 *
 * A signature's appearance is not a change (docs/decisions/0019): the widgets of signature fields
 * (/FT /Sig, found through the AcroForm's field tree) are digested apart, and a later revision may
 * ADD such widgets (a later party's seal, a document timestamp) without changing the page. Changing
 * or removing a signature widget an earlier revision had is a change, as is any change to the
 * page's content streams, resources, boxes, rotation or other annotations.
 *
 * Bounded: it runs in the parser pool after checkPdfLimits, each object is digested once per
 * revision, the revisions loaded together may hold at most PAGE_COMPARE_MAX_BYTES, and the whole
 * comparison may take PAGE_COMPARE_BUDGET_MS (well inside the pool's deadline, so a file with very
 * many pages is still reported, its pages not compared). Past a bound, when a revision does not
 * load or nests deeper than MAX_DEPTH, nothing is compared: the caller says so, it never guesses.
 */
import { createHash, type Hash } from 'node:crypto';
import type { PDF, PdfArray, PdfDict, PdfObject, PdfRef } from '@libpdf/core';
import { libpdf, loadLibpdf } from './libraries.ts';

/** What all the revisions loaded for one file may add up to (a 10 MB contract signed twice: ~40 MB). */
export const PAGE_COMPARE_MAX_BYTES = 64 * 1024 * 1024;
/** Time the comparison may take; the parser pool ends a task at 8 s. */
export const PAGE_COMPARE_BUDGET_MS = 3_000;
/** Nesting of objects followed from a page; deeper, the pages are not compared. */
const MAX_DEPTH = 256;
/** Keys that point up the tree or to the document, not to what the page draws. */
const SKIPPED_KEYS = new Set(['Parent', 'P', 'Popup', 'IRT', 'StructParents', 'StructParent']);
const INHERITED = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;

export type PageChanges = {
  /** Per signature, in file order: pages its own update changed (from the revision before it). */
  byUpdate: number[][];
  /** Pages changed by the bytes after the last signature's range (empty when there are none). */
  afterLast: number[];
};

/**
 * `ends`: where each signature's revision ends, in file order. `firstUpdateAt`: an offset inside
 * the first signature's update (its dictionary); the revision before it ends at the last %%EOF
 * before that offset. Null when the revisions are too large together or one does not load.
 */
export async function comparePageRevisions(
  file: Uint8Array,
  ends: number[],
  firstUpdateAt: number,
  { budgetMs = PAGE_COMPARE_BUDGET_MS }: { budgetMs?: number } = {},
): Promise<PageChanges | null> {
  if (ends.length === 0) return null;
  await loadLibpdf();
  const deadline = Date.now() + budgetMs;
  const text = Buffer.from(file.buffer, file.byteOffset, Math.min(firstUpdateAt, file.byteLength)).toString('latin1');
  const eof = text.lastIndexOf('%%EOF');
  const last = ends.at(-1)!;
  const appended = file.byteLength > last;
  const cuts = [eof < 0 ? 0 : eof + 5, ...ends, ...(appended ? [file.byteLength] : [])];
  // Signatures may share an end (a forged range can end anywhere): each revision is read once.
  if ([...new Set(cuts)].reduce((sum, end) => sum + end, 0) > PAGE_COMPARE_MAX_BYTES) return null;

  // The revision before the first signature may not load (no %%EOF before it, or not a PDF of its
  // own): then what the first update changed is not known, and reported as nothing.
  const digests: Array<PageDigest[] | null> = [];
  const read = new Map<number, PageDigest[] | null>();
  for (const [i, end] of cuts.entries()) {
    let pages = read.get(end);
    if (pages === undefined) {
      pages = end > 0 ? await pageDigests(file.subarray(0, end), deadline) : null;
      read.set(end, pages);
    }
    if (Date.now() > deadline || (pages === null && i > 0)) return null;
    digests.push(pages);
  }
  const changed = (before: PageDigest[] | null, after: PageDigest[] | null) => {
    if (!before || !after) return [];
    const pages: number[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      if (!samePage(before[i], after[i])) pages.push(i + 1);
    }
    return pages;
  };
  return {
    byUpdate: ends.map((_, i) => changed(digests[i] ?? null, digests[i + 1] ?? null)),
    afterLast: appended ? changed(digests.at(-2) ?? null, digests.at(-1) ?? null) : [],
  };
}

/**
 * What draws a page: `main`, everything but signature widgets; `signatureWidgets`, the digest of
 * each signature widget in its /Annots, by object number.
 */
type PageDigest = { main: string; signatureWidgets: Map<string, string> };

/** The same page, or the later one only adds signature widgets. */
function samePage(before: PageDigest | undefined, after: PageDigest | undefined): boolean {
  if (!before || !after) return before === after;
  if (before.main !== after.main) return false;
  for (const [key, digest] of before.signatureWidgets) if (after.signatureWidgets.get(key) !== digest) return false;
  return true;
}

class TooDeep extends Error {}
class OutOfTime extends Error {}

/** One digest per page of the PDF in `bytes`; null when it does not load, or past a bound. */
async function pageDigests(bytes: Uint8Array, deadline: number): Promise<PageDigest[] | null> {
  let pdf: PDF;
  try {
    pdf = await libpdf.PDF.load(bytes);
  } catch {
    return null;
  }
  const resolve = (ref: PdfRef) => pdf.getObject(ref);
  const memo = new Map<string, string>();
  try {
    const signatureWidgets = signatureWidgetKeys(pdf, resolve, deadline);
    return pdf.getPages().map((page) => {
      if (Date.now() > deadline) throw new OutOfTime();
      const hash = createHash('sha256');
      for (const key of INHERITED) {
        hash.update(`/${key}`);
        feed(hash, inherited(page.dict, key, resolve), resolve, memo, 0);
      }
      hash.update('/Contents');
      feed(hash, page.dict.get('Contents'), resolve, memo, 0);
      // The annotations, signature widgets apart.
      const widgets = new Map<string, string>();
      const annots = page.dict.get('Annots', resolve);
      hash.update('/Annots');
      if (annots instanceof libpdf.PdfArray) {
        for (const item of annots) {
          if (item instanceof libpdf.PdfRef && signatureWidgets.has(refKey(item))) {
            widgets.set(refKey(item), referenceDigest(item, resolve, memo, 0));
          } else feed(hash, item, resolve, memo, 1);
        }
      } else feed(hash, annots, resolve, memo, 0);
      return { main: hash.digest('hex'), signatureWidgets: widgets };
    });
  } catch {
    return null;
  }
}

const refKey = (ref: PdfRef) => `${ref.objectNumber} ${ref.generation}`;

/**
 * The widget annotations of signature fields: every node of the AcroForm's field tree whose field
 * type (inherited, PDF 32000 §12.7.4.1) is /Sig and whose /Subtype is /Widget, a field merged
 * with its widget or a widget in a field's /Kids.
 */
function signatureWidgetKeys(pdf: PDF, resolve: (ref: PdfRef) => PdfObject | null, deadline: number): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<string>();
  const acroForm = pdf.getCatalog().getDict('AcroForm', resolve);
  const walk = (items: PdfArray | undefined, fieldType: string | undefined, depth: number) => {
    if (!items) return;
    if (depth > MAX_DEPTH) throw new TooDeep();
    for (const item of items) {
      if (Date.now() > deadline) throw new OutOfTime();
      if (!(item instanceof libpdf.PdfRef) || seen.has(refKey(item))) continue;
      seen.add(refKey(item));
      const node = resolve(item);
      if (!(node instanceof libpdf.PdfDict)) continue;
      const type = node.getName('FT', resolve)?.value ?? fieldType;
      if (type === 'Sig' && node.getName('Subtype', resolve)?.value === 'Widget') keys.add(refKey(item));
      walk(node.getArray('Kids', resolve), type, depth + 1);
    }
  };
  walk(acroForm?.getArray('Fields', resolve), undefined, 0);
  return keys;
}

/** A page attribute looked up the page tree (PDF 32000 §7.7.3.4). */
function inherited(dict: PdfDict, key: string, resolve: (ref: PdfRef) => PdfObject | null): PdfObject | undefined {
  let node: PdfDict | undefined = dict;
  for (let depth = 0; node && depth < MAX_DEPTH; depth++) {
    const value = node.get(key);
    if (value !== undefined) return value;
    node = node.getDict('Parent', resolve);
  }
  return undefined;
}

/**
 * Writes `value` into `hash`: direct objects by their content, references by the digest of the
 * object they name (computed once, kept in `memo`; a reference met again while its object is
 * being digested stands as its number).
 */
function feed(
  hash: Hash,
  value: PdfObject | null | undefined,
  resolve: (ref: PdfRef) => PdfObject | null,
  memo: Map<string, string>,
  depth: number,
): void {
  if (value === undefined || value === null) {
    hash.update('u;');
  } else if (depth > MAX_DEPTH) {
    throw new TooDeep();
  } else if (value instanceof libpdf.PdfRef) {
    hash.update(`r${referenceDigest(value, resolve, memo, depth)};`);
  } else if (value instanceof libpdf.PdfStream) {
    hash.update('s');
    feedDict(hash, value, resolve, memo, depth);
    hash.update(`${value.data.byteLength}:`);
    hash.update(value.data);
    hash.update(';');
  } else if (value instanceof libpdf.PdfDict) {
    feedDict(hash, value, resolve, memo, depth);
  } else if (value instanceof libpdf.PdfArray) {
    hash.update(`a${value.length}[`);
    for (const item of value) feed(hash, item, resolve, memo, depth + 1);
    hash.update('];');
  } else {
    const primitive = value as { type: string; value?: unknown; bytes?: Uint8Array };
    hash.update(primitive.type);
    if (primitive.bytes) hash.update(`${primitive.bytes.byteLength}:`).update(primitive.bytes);
    else hash.update(String(primitive.value ?? ''));
    hash.update(';');
  }
}

function referenceDigest(
  ref: PdfRef,
  resolve: (ref: PdfRef) => PdfObject | null,
  memo: Map<string, string>,
  depth: number,
): string {
  const key = `${ref.objectNumber} ${ref.generation}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  memo.set(key, `cycle ${key}`);
  const inner = createHash('sha256');
  feed(inner, resolve(ref), resolve, memo, depth + 1);
  const digest = inner.digest('hex');
  memo.set(key, digest);
  return digest;
}

function feedDict(
  hash: Hash,
  dict: PdfDict,
  resolve: (ref: PdfRef) => PdfObject | null,
  memo: Map<string, string>,
  depth: number,
): void {
  const entries = [...dict].filter(([key]) => !SKIPPED_KEYS.has(key.value));
  entries.sort(([a], [b]) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  hash.update(`d${entries.length}{`);
  for (const [key, item] of entries) {
    hash.update(`/${key.value.length}:${key.value}`);
    feed(hash, item, resolve, memo, depth + 1);
  }
  hash.update('};');
}

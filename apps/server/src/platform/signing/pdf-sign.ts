/**
 * One party's turn on a contract: its PAdES signature (ETSI.CAdES.detached, SHA-256), shown by its
 * seal images where it placed them (the signature field's widgets), written as ONE incremental update
 * appended to the file. The input is a byte-for-byte prefix of the output, so every earlier
 * party's signature still covers exactly the bytes it signed and stays valid.
 *
 * Given a timestamp authority the signature is PAdES B-T: a signature timestamp token over its
 * signature value in the unsigned attributes, the proof of when it was made. `completeForTheLongTerm`
 * then makes a completed file B-LTA (docs/decisions/0016-trusted-time.md).
 */
import type {
  PDF,
  PDFImage,
  PdfDict,
  PdfNumber,
  PdfObject,
  PdfRef,
  RevocationProvider,
  Signer,
  TimestampAuthority,
} from '@libpdf/core';
import { libpdf, loadLibpdf } from './libraries.ts';

/** Millimetres to PDF points (1 pt = 1/72 inch). */
export const MM_TO_PT = 72 / 25.4;
/** The printed size of an official round seal. */
export const DEFAULT_STAMP_MM = 40;
/** Rounding slack when checking that a stamp fits on its page (0.5 pt ≈ 0.18 mm). */
const FIT_TOLERANCE_PT = 0.5;
/** Room for a signature timestamp token: an external TSA's chain of RSA certificates is a few KB. */
const TOKEN_ROOM = 8_192;

export type PdfUnreadableCode = 'NOT_PDF' | 'DAMAGED' | 'ENCRYPTED';

/** The bytes are not a PDF, cannot be parsed, or are encrypted (we neither sign nor read those). */
export class PdfUnreadableError extends Error {
  readonly code: PdfUnreadableCode;
  constructor(code: PdfUnreadableCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfUnreadableError';
    this.code = code;
  }
}

/** A stamp names a page that does not exist, or would not lie entirely on its page. */
export class StampPlacementError extends Error {
  readonly code: 'PAGE_OUT_OF_RANGE' | 'OUTSIDE_PAGE';
  readonly stampIndex: number;
  constructor(code: 'PAGE_OUT_OF_RANGE' | 'OUTSIDE_PAGE', stampIndex: number, message: string) {
    super(message);
    this.name = 'StampPlacementError';
    this.code = code;
    this.stampIndex = stampIndex;
  }
}

export type Stamp = {
  /** 1-based page number. */
  page: number;
  /**
   * The stamp's top-left corner as fractions (0..1) of the page as it is displayed (its visible
   * box, after /Rotate), measured from the displayed top-left corner.
   */
  x: number;
  y: number;
  png: Uint8Array;
};

export type StampAndSignOptions = {
  stamps: Stamp[];
  /** Printed width and height of each stamp, in millimetres. Default 40. */
  sizeMm?: number;
  signer: Signer;
  reason?: string;
  location?: string;
  contactInfo?: string;
  signingTime?: Date;
  /** The signature field to fill or create; libpdf names a new one "Signature_N" when omitted. */
  fieldName?: string;
  /** Makes the signature B-T: the authority's token over the signature value is embedded. */
  timestampAuthority?: TimestampAuthority;
};

const hasPdfHeader = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1').includes('%PDF-');

/**
 * Parses `bytes` for an incremental update. Refuses encrypted files, and files whose
 * cross-reference data had to be rebuilt by scanning (an update appended to them would chain to a
 * broken xref). A linearized file is accepted: an incremental update to it is valid PDF, only the
 * "fast web view" hint goes stale, and libpdf would otherwise rewrite the whole file.
 */
export async function loadForUpdate(bytes: Uint8Array): Promise<PDF> {
  if (!hasPdfHeader(bytes)) throw new PdfUnreadableError('NOT_PDF', 'not a PDF file');
  await loadLibpdf();
  let pdf: PDF;
  try {
    pdf = await libpdf.PDF.load(bytes);
  } catch (error) {
    throw new PdfUnreadableError('DAMAGED', `the PDF cannot be parsed: ${(error as Error).message}`, { cause: error });
  }
  if (pdf.isEncrypted) throw new PdfUnreadableError('ENCRYPTED', 'the PDF is encrypted');
  if (pdf.canSaveIncrementally() === 'linearized') {
    (pdf as unknown as { _isLinearized: boolean })._isLinearized = false;
  }
  const blocker = pdf.canSaveIncrementally();
  if (blocker) throw new PdfUnreadableError('DAMAGED', `the PDF cannot take an incremental update (${blocker})`);
  if (pdf.getPageCount() === 0) throw new PdfUnreadableError('DAMAGED', 'the PDF has no pages');
  return pdf;
}

type Box = { x: number; y: number; width: number; height: number };

/**
 * A page attribute, looked up the page tree as PDF 32000 §7.7.3.4 inherits MediaBox, CropBox and
 * Rotate. (libpdf 0.4's own getters read only the page dictionary, and take a box's upper-right
 * corner for its size.)
 */
function inheritedAttribute(pdf: PDF, pageIndex: number, key: string): PdfObject | undefined {
  const resolve = (ref: PdfRef) => pdf.getObject(ref);
  let dict: PdfDict | undefined = pdf.getPage(pageIndex)!.dict;
  for (let depth = 0; dict && depth < 64; depth++) {
    const value = dict.get(key, resolve);
    if (value !== undefined) return value;
    dict = dict.getDict('Parent', resolve);
  }
  return undefined;
}

function boxAttribute(pdf: PDF, pageIndex: number, key: 'MediaBox' | 'CropBox'): Box | null {
  const value = inheritedAttribute(pdf, pageIndex, key);
  if (!(value instanceof libpdf.PdfArray) || value.length < 4) return null;
  const n = [0, 1, 2, 3].map((i) => value.at(i, (ref) => pdf.getObject(ref)));
  if (!n.every((v) => v instanceof libpdf.PdfNumber)) return null;
  const [x1, y1, x2, y2] = (n as PdfNumber[]).map((v) => v.value) as [number, number, number, number];
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

/**
 * What a viewer shows of a page: the CropBox clipped to the MediaBox (§14.11.2), US Letter when
 * the file names no MediaBox, and the page's /Rotate (a multiple of 90, clockwise).
 */
export function pageGeometry(pdf: PDF, pageIndex: number): { box: Box; rotation: 0 | 90 | 180 | 270 } {
  const media = boxAttribute(pdf, pageIndex, 'MediaBox') ?? { x: 0, y: 0, width: 612, height: 792 };
  const crop = boxAttribute(pdf, pageIndex, 'CropBox') ?? media;
  const x = Math.max(media.x, crop.x);
  const y = Math.max(media.y, crop.y);
  const right = Math.min(media.x + media.width, crop.x + crop.width);
  const top = Math.min(media.y + media.height, crop.y + crop.height);
  const box = right > x && top > y ? { x, y, width: right - x, height: top - y } : media;
  const rotate = inheritedAttribute(pdf, pageIndex, 'Rotate');
  const degrees = rotate instanceof libpdf.PdfNumber ? (((Math.round(rotate.value / 90) * 90) % 360) + 360) % 360 : 0;
  return { box, rotation: degrees as 0 | 90 | 180 | 270 };
}

/**
 * Where a square stamp of `size` points goes in the page's user space. (u, v) is its top-left
 * corner on the page as displayed (origin top-left, v downwards); /Rotate turns the displayed
 * page clockwise, so each case maps the displayed axes back onto user space. Returns the
 * bottom-left corner of the square in user space.
 */
function userSpaceSquare(box: Box, rotation: number, u: number, v: number, size: number): { x: number; y: number } {
  switch (rotation) {
    case 90: // displayed top-left = user (x0, y0); u runs along +y, v along +x
      return { x: box.x + v, y: box.y + u };
    case 180: // displayed top-left = user (x1, y0); u runs along -x, v along +y
      return { x: box.x + box.width - u - size, y: box.y + v };
    case 270: // displayed top-left = user (x1, y1); u runs along -y, v along -x
      return { x: box.x + box.width - v - size, y: box.y + box.height - u - size };
    default: // displayed top-left = user (x0, y1); u runs along +x, v along -y
      return { x: box.x + u, y: box.y + box.height - v - size };
  }
}

type PlacedStamp = { pageIndex: number; x: number; y: number; size: number; rotation: number; png: Uint8Array };

/**
 * Checks every stamp before anything is drawn. A stamp must lie entirely on its page's visible
 * box (0.5 pt slack for rounding): nothing is moved or clipped silently, a stamp that would hang
 * off an edge is refused, and the caller (the placement UI) keeps it inside.
 */
function placeStamps(pdf: PDF, stamps: Stamp[], sizeMm: number): PlacedStamp[] {
  if (!(Number.isFinite(sizeMm) && sizeMm > 0)) throw new RangeError(`stamp size must be positive, got ${sizeMm}`);
  const size = sizeMm * MM_TO_PT;
  const pageCount = pdf.getPageCount();
  return stamps.map((stamp, index) => {
    if (!Number.isInteger(stamp.page) || stamp.page < 1 || stamp.page > pageCount) {
      throw new StampPlacementError(
        'PAGE_OUT_OF_RANGE',
        index,
        `stamp ${index + 1}: page ${stamp.page} does not exist (the document has ${pageCount})`,
      );
    }
    const { box, rotation } = pageGeometry(pdf, stamp.page - 1);
    const [shownWidth, shownHeight] = rotation % 180 ? [box.height, box.width] : [box.width, box.height];
    const fits = (fraction: number, extent: number) =>
      Number.isFinite(fraction) &&
      fraction >= 0 &&
      fraction <= 1 &&
      fraction * extent + size <= extent + FIT_TOLERANCE_PT;
    if (!fits(stamp.x, shownWidth) || !fits(stamp.y, shownHeight)) {
      throw new StampPlacementError(
        'OUTSIDE_PAGE',
        index,
        `stamp ${index + 1}: a ${sizeMm} mm stamp at (${stamp.x}, ${stamp.y}) does not fit on page ${stamp.page} ` +
          `(${(shownWidth / MM_TO_PT).toFixed(1)} × ${(shownHeight / MM_TO_PT).toFixed(1)} mm)`,
      );
    }
    const corner = userSpaceSquare(box, rotation, stamp.x * shownWidth, stamp.y * shownHeight, size);
    return { pageIndex: stamp.page - 1, ...corner, size, rotation, png: stamp.png };
  });
}

/**
 * Adds one signature by `signer`, its seal shown by `stamps`, in one incremental update; returns
 * the whole new file. With no stamps the signature is invisible (as the portal signs evidence
 * reports).
 *
 * The stamps are the signature's appearance, never page content (docs/decisions/0019): the
 * signature field gets one widget annotation per stamp, whose normal appearance (/AP /N) shows
 * the seal image, and the pages' /Contents stay as they were, so /verify can tell a signature
 * from a change to what a page draws.
 *
 * - Each stamp is `sizeMm` square (its image keeps its aspect ratio, centred in the square) and
 *   upright as the page is displayed: on a page with /Rotate the appearance is counter-rotated.
 * - Throws StampPlacementError before changing anything when a stamp is misplaced,
 *   PdfUnreadableError when the file is not a PDF, cannot be parsed or is encrypted.
 */
export async function stampAndSign(pdfBytes: Uint8Array, options: StampAndSignOptions): Promise<Uint8Array> {
  const pdf = await loadForUpdate(pdfBytes);
  const placed = placeStamps(pdf, options.stamps, options.sizeMm ?? DEFAULT_STAMP_MM);
  const appearances = sealAppearances(pdf, placed);
  const fieldName = options.fieldName ?? (placed.length ? unusedFieldName(pdf) : undefined);

  const { signer } = options;
  const certificatesSize =
    signer.certificate.length + (signer.certificateChain ?? []).reduce((n, c) => n + c.length, 0);
  const sign = () =>
    pdf.sign({
      signer,
      subFilter: 'ETSI.CAdES.detached',
      digestAlgorithm: 'SHA-256',
      reason: signatureDictText(options.reason),
      location: signatureDictText(options.location),
      contactInfo: signatureDictText(options.contactInfo),
      signingTime: options.signingTime,
      fieldName,
      ...(options.timestampAuthority ? { level: 'B-T' as const, timestampAuthority: options.timestampAuthority } : {}),
      // The CMS structure holds the certificates, and a timestamp token with the TSA's chain; leave
      // room for long chains (bytes, before hex).
      estimatedSize: Math.max(12_288, certificatesSize + 8_192) + (options.timestampAuthority ? TOKEN_ROOM : 0),
    });
  const { bytes } =
    fieldName && appearances.length ? await withWidgets(pdf, fieldName, appearances, sign) : await sign();
  if (!isPrefix(pdfBytes, bytes)) {
    // libpdf falls back to a full rewrite when it cannot append; that would break earlier signatures.
    throw new Error('signing did not produce an incremental update');
  }
  return bytes;
}

type Appearance = { pageIndex: number; pageRef: PdfRef; rect: [number, number, number, number]; stream: PdfRef };

/**
 * One appearance stream (a form XObject) per stamp: the seal image centred in the square and
 * turned by the page's /Rotate counter-clockwise, so that it shows upright once the viewer turns
 * the page clockwise. One image object per distinct PNG.
 */
function sealAppearances(pdf: PDF, placed: PlacedStamp[]): Appearance[] {
  const images = new Map<Uint8Array, PDFImage>();
  return placed.map((stamp) => {
    let image = images.get(stamp.png);
    if (!image) {
      try {
        image = pdf.embedPng(stamp.png);
      } catch (error) {
        throw new Error(`the seal image is not a readable PNG: ${(error as Error).message}`, { cause: error });
      }
      images.set(stamp.png, image);
    }
    const { size } = stamp;
    const scale = Math.min(size / image.width, size / image.height);
    const [w, h] = [image.width * scale, image.height * scale];
    // The image's unit square → its place in the square → turned about the square's centre.
    const radians = (stamp.rotation * Math.PI) / 180;
    const [cos, sin] = [Math.round(Math.cos(radians)), Math.round(Math.sin(radians))];
    const [dx, dy] = [(size - w) / 2 - size / 2, (size - h) / 2 - size / 2];
    const matrix = [
      w * cos,
      w * sin,
      -h * sin,
      h * cos,
      cos * dx - sin * dy + size / 2,
      sin * dx + cos * dy + size / 2,
    ];
    const content = `q ${matrix.map(pdfNumber).join(' ')} cm /Seal Do Q`;
    const stream = pdf.register(
      libpdf.PdfStream.fromDict(
        {
          Type: libpdf.PdfName.of('XObject'),
          Subtype: libpdf.PdfName.of('Form'),
          BBox: numbers([0, 0, size, size]),
          Resources: libpdf.PdfDict.of({ XObject: libpdf.PdfDict.of({ Seal: image.ref }) }),
        },
        new TextEncoder().encode(content),
      ),
    );
    const page = pdf.getPage(stamp.pageIndex)!;
    return {
      pageIndex: stamp.pageIndex,
      pageRef: page.ref,
      rect: [stamp.x, stamp.y, stamp.x + size, stamp.y + size],
      stream,
    };
  });
}

const pdfNumber = (n: number) => (Math.abs(n) < 1e-9 ? '0' : Number(n.toFixed(4)).toString());
const numbers = (values: number[]) => new libpdf.PdfArray(values.map((n) => libpdf.PdfNumber.of(Number(n.toFixed(4)))));

/** "Signature_N", the first N no field of the file has. */
function unusedFieldName(pdf: PDF): string {
  const names = new Set((pdf.getForm()?.getFields() ?? []).map((field) => field.name));
  let n = 1;
  while (names.has(`Signature_${n}`)) n++;
  return `Signature_${n}`;
}

/**
 * Runs libpdf's `sign`, which writes every signature as an invisible widget merged with its field
 * (a zero /Rect), and makes that field visible before the update is written: libpdf saves the
 * update once (then fills in the signature), so the field is reshaped in that save.
 *
 * One stamp: the field stays merged with its widget, which gets the stamp's page, /Rect and
 * appearance. Several: the field keeps /FT /Sig, /T and /V and gets one widget per stamp in its
 * /Kids. Those widgets carry no /Parent: poppler (pdfsig 22) reads a kid with /Parent as a field
 * of its own, looks for /V on it and reports an unsigned field (docs/decisions/0019). Each widget
 * is listed in its page's /Annots.
 */
async function withWidgets<T>(pdf: PDF, fieldName: string, appearances: Appearance[], sign: () => Promise<T>) {
  const save = pdf.save.bind(pdf);
  let reshaped = false;
  pdf.save = (saveOptions) => {
    if (!reshaped) {
      reshaped = true;
      reshapeSignatureField(pdf, fieldName, appearances);
    }
    return save(saveOptions);
  };
  try {
    return await sign();
  } finally {
    pdf.save = save;
  }
}

/** Print (4) and Locked (128): printed with the page, not moved or deleted in a viewer. */
const WIDGET_FLAGS = 132;

function reshapeSignatureField(pdf: PDF, fieldName: string, appearances: Appearance[]): void {
  const field = pdf.getForm()?.getField(fieldName);
  const fieldRef = field?.getRef();
  if (field?.type !== 'signature' || !fieldRef) throw new Error(`no signature field "${fieldName}" to show`);
  const dict = field.getDict();
  const show = (widget: PdfDict, appearance: Appearance) => {
    widget.set('Type', libpdf.PdfName.of('Annot'));
    widget.set('Subtype', libpdf.PdfName.of('Widget'));
    widget.set('P', appearance.pageRef);
    widget.set('Rect', numbers(appearance.rect));
    widget.set('F', libpdf.PdfNumber.of(WIDGET_FLAGS));
    widget.set('AP', libpdf.PdfDict.of({ N: appearance.stream }));
  };
  const list = (widgetRef: PdfRef, pageIndex: number) => {
    const page = pdf.getPage(pageIndex)!.dict;
    const annots = page.get('Annots', (ref) => pdf.getObject(ref));
    if (annots instanceof libpdf.PdfArray) annots.push(widgetRef);
    else page.set('Annots', libpdf.PdfArray.of(widgetRef));
  };
  if (appearances.length === 1) {
    show(dict, appearances[0]!);
    list(fieldRef, appearances[0]!.pageIndex);
    return;
  }
  for (const key of ['Type', 'Subtype', 'F', 'P', 'Rect', 'AP']) dict.delete(key);
  const kids = appearances.map((appearance) => {
    const widget = new libpdf.PdfDict();
    show(widget, appearance);
    const ref = pdf.register(widget);
    list(ref, appearance.pageIndex);
    return ref;
  });
  dict.set('Kids', libpdf.PdfArray.of(...kids));
}

/**
 * The last step of a completed file, PAdES B-LTA: the validation data of every signature and of
 * their timestamps (certificates, and the revocation answers `revocationProvider` gives) in the
 * document security store, then a document timestamp over the whole, then the validation data of
 * that timestamp's own certificate. Each is an incremental update: every signature stays valid.
 */
export async function completeForTheLongTerm(
  pdfBytes: Uint8Array,
  {
    timestampAuthority,
    revocationProvider,
  }: { timestampAuthority: TimestampAuthority; revocationProvider: RevocationProvider },
): Promise<Uint8Array> {
  const pdf = await loadForUpdate(pdfBytes);
  const { bytes } = await pdf.addArchivalData({
    timestampAuthority,
    revocationProvider,
    digestAlgorithm: 'SHA-256',
    estimatedSize: 12_288 + TOKEN_ROOM,
  });
  if (!isPrefix(pdfBytes, bytes)) throw new Error('the long-term update was not an incremental update');
  return bytes;
}

/**
 * libpdf 0.4 escapes \ ( ) and line breaks in /Reason, /Location and /ContactInfo and then escapes
 * them again when writing, so viewers would show stray backslashes: line breaks become spaces and
 * the three characters their full-width forms, which read the same in Chinese and English text.
 */
export function signatureDictText(text: string | undefined): string | undefined {
  return text
    ?.replace(/\r\n?|\n/g, ' ')
    .replace(/\(/g, '\uff08')
    .replace(/\)/g, '\uff09')
    .replace(/\\/g, '\uff3c');
}

/** Whether `prefix` is a byte-for-byte prefix of `whole`. */
export function isPrefix(prefix: Uint8Array, whole: Uint8Array): boolean {
  return (
    whole.length >= prefix.length &&
    Buffer.from(whole.buffer, whole.byteOffset, prefix.length).equals(
      Buffer.from(prefix.buffer, prefix.byteOffset, prefix.length),
    )
  );
}

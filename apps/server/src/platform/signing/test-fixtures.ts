/**
 * Test material for signing: PDFs, a seal image, a CA and seal signers, all made in memory so tests
 * need no files. Not for production use (the test CA lives only as long as the test).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDF, rgb as pdfRgb, type Signer } from '@libpdf/core';
import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { pdfsig, pdftoppm, pdftotext, requireFile } from '../../../test/require-tool.ts';
import { createAuthority, type KeyPairDer, newSealKeys, type SubjectName, signerFor } from './pki.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG from `rgba` (width × height × 4 bytes, rows top to bottom). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}

/**
 * A round red seal: a ring and a filled centre on a transparent background, with soft edges, like
 * a scanned official seal. `sizePx` square.
 */
export function makeSealPng(sizePx = 200): Uint8Array {
  const rgba = new Uint8Array(sizePx * sizePx * 4);
  const c = (sizePx - 1) / 2;
  const outer = sizePx / 2 - 1;
  const ring = Math.max(2, sizePx * 0.06);
  const dot = sizePx * 0.18;
  for (let y = 0; y < sizePx; y++) {
    for (let x = 0; x < sizePx; x++) {
      const d = Math.hypot(x - c, y - c);
      // Coverage of the ring and of the centre dot, each with a one-pixel soft edge.
      const inRing = Math.min(1, Math.max(0, outer - d + 0.5)) * Math.min(1, Math.max(0, d - (outer - ring) + 0.5));
      const inDot = Math.min(1, Math.max(0, dot - d + 0.5));
      const alpha = Math.max(inRing, inDot);
      rgba.set([220, 20, 30, Math.round(alpha * 255)], (y * sizePx + x) * 4);
    }
  }
  return encodePng(sizePx, sizePx, rgba);
}

/**
 * The seal of issue 25: a red ring on transparent corners (so the four-corner rule took it) around
 * an OPAQUE WHITE disc that hides whatever lies under it. `sizePx` square.
 */
export function makeWhiteDiscSealPng(sizePx = 200): Uint8Array {
  const rgba = new Uint8Array(sizePx * sizePx * 4);
  const c = (sizePx - 1) / 2;
  const outer = sizePx / 2 - 1;
  const ring = Math.max(2, sizePx * 0.08);
  for (let y = 0; y < sizePx; y++) {
    for (let x = 0; x < sizePx; x++) {
      const d = Math.hypot(x - c, y - c);
      if (d > outer) continue;
      rgba.set(d > outer - ring ? [220, 20, 30, 255] : [255, 255, 255, 255], (y * sizePx + x) * 4);
    }
  }
  return encodePng(sizePx, sizePx, rgba);
}

/**
 * An unsigned incremental update that draws into page `page`'s content (a box and a line of text),
 * as the forged "AMENDMENT" overlay of issue 25 did.
 */
export async function drawOverPage(
  bytes: Uint8Array,
  page: number,
  text = 'AMENDMENT: USD 50,000,000',
): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  const target = pdf.getPage(page - 1)!;
  target.drawRectangle({ x: 50, y: 600, width: 300, height: 40, color: pdfRgb(1, 1, 1) });
  target.drawText(text, { x: 56, y: 612, size: 14 });
  return pdf.save({ incremental: true });
}

/**
 * An A4 PDF of `pages` pages, each saying which page it is. By default written the way most
 * current producers write (PDF 1.5 cross-reference and object streams); `objectStreams: false`
 * gives a classic xref table. `rotate` sets /Rotate on every page, `cropBox` a CropBox inside the
 * MediaBox ([x, y, width, height] in points).
 */
export async function makeTestPdf(
  pages: number,
  {
    objectStreams = true,
    rotate = 0,
    cropBox,
  }: { objectStreams?: boolean; rotate?: 0 | 90 | 180 | 270; cropBox?: [number, number, number, number] } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.setTitle('Cooperation contract (test)');
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Cooperation contract - page ${i} of ${pages}`, { x: 56, y: 780, size: 16, font });
    for (let line = 0; line < 30; line++) {
      page.drawText(`Clause ${i}.${line + 1}: the parties agree to the terms set out in this clause.`, {
        x: 56,
        y: 740 - line * 20,
        size: 10,
        font,
        color: rgb(0.2, 0.2, 0.2),
      });
    }
    if (rotate) page.setRotation(degrees(rotate));
    if (cropBox) page.setCropBox(...cropBox);
  }
  return doc.save({ useObjectStreams: objectStreams });
}

/** A throwaway portal CA (ECDSA P-256, 10 years). */
export function makeTestAuthority(names: { commonName?: string; organization?: string } = {}): Promise<KeyPairDer> {
  return createAuthority({
    commonName: names.commonName ?? 'Interbank Portal Test CA',
    organization: names.organization ?? 'Interbank Cooperation Portal (test)',
    country: 'CN',
    validYears: 10,
  });
}

export type TestSeal = KeyPairDer & { serialHex: string; signer: Signer };

/** A seal certificate from `authority`, valid from a day ago for a year, and its Signer. */
export async function makeTestSealSigner(
  authority: KeyPairDer,
  names: SubjectName,
  { kind = 'seal' }: { kind?: 'seal' | 'portal' } = {},
): Promise<TestSeal> {
  const now = Date.now();
  const seal = await newSealKeys({
    authority,
    subject: names,
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + 365 * 86_400_000),
    kind,
  });
  const signer = await signerFor({ ...seal, chain: [authority.certificateDer] });
  return { ...seal, signer };
}

/** Debian's Noto Sans CJK collection (package fonts-noto-cjk), when installed. */
export const SYSTEM_CJK_COLLECTION = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
/** Face index of Noto Sans CJK SC (Simplified Chinese) in that collection. */
export const SYSTEM_CJK_SC_FACE = 2;

/** The system's Noto Sans CJK collection bytes; throws when fonts-noto-cjk is not installed. */
export function systemCjkCollection(): Uint8Array {
  return new Uint8Array(readFileSync(requireFile(SYSTEM_CJK_COLLECTION, 'fonts-noto-cjk')));
}

/**
 * A one-page PDF written by hand, for layouts pdf-lib does not write:
 * - `linearized`: the first object is a linearization dictionary, as in "fast web view" files
 *   (only the flag: the file is not really linearized, which no reader checks). The xref has one
 *   subsection starting at object 1: libpdf 0.4 takes a file for linearized only when its lowest
 *   xref entry is that dictionary, and then refuses incremental updates.
 * - `inherited`: MediaBox, CropBox and Rotate sit on the page tree node, inherited by the page.
 */
export function makeHandWrittenPdf({
  linearized = false,
  inherited,
}: {
  linearized?: boolean;
  inherited?: {
    mediaBox: [number, number, number, number];
    cropBox?: [number, number, number, number];
    rotate?: number;
  };
} = {}): Uint8Array {
  const content = 'BT /F1 18 Tf 72 500 Td (Hand-written test file) Tj ET';
  const geometry = inherited
    ? `/MediaBox [${inherited.mediaBox.join(' ')}]` +
      (inherited.cropBox ? ` /CropBox [${inherited.cropBox.join(' ')}]` : '') +
      (inherited.rotate ? ` /Rotate ${inherited.rotate}` : '')
    : '';
  const objects = [
    '<< /Linearized 1 /L 0 /H [0 0] /O 4 /E 0 /N 1 /T 0 >>',
    '<< /Type /Catalog /Pages 3 0 R >>',
    `<< /Type /Pages /Kids [4 0 R] /Count 1 ${geometry} >>`,
    `<< /Type /Page /Parent 3 0 R ${inherited ? '' : '/MediaBox [0 0 595.28 841.89]'} /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  if (!linearized) objects[0] = '<< /Producer (test) >>';
  let text = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, 'latin1');
  text += linearized ? `xref\n1 ${objects.length}\n` : `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 2 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

/** `bytes` encrypted (AES-256) with an empty user password: opens without a password, but encrypted. */
export async function encryptPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  pdf.setProtection({ userPassword: '', ownerPassword: 'owner-secret' });
  return pdf.save();
}

export type PdfsigSignature = {
  fieldName: string | null;
  commonName: string | null;
  signatureValidation: string | null;
  certificateValidation: string | null;
  totalDocumentSigned: boolean;
  raw: string;
};

/** Poppler's pdfsig on `bytes` (no OCSP: nothing here has a responder, and the tests run offline). */
export function runPdfsig(
  bytes: Uint8Array,
  { nssDir }: { nssDir?: string } = {},
): { output: string; signatures: PdfsigSignature[] } {
  const dir = mkdtempSync(join(tmpdir(), 'pdfsig-'));
  try {
    const file = join(dir, 'file.pdf');
    writeFileSync(file, bytes);
    const args = ['-no-ocsp', ...(nssDir ? ['-nssdir', `sql:${nssDir}`] : []), file];
    const run = spawnSync(pdfsig(), args, { encoding: 'utf8' });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    const signatures = output
      .split(/^Signature #\d+:$/m)
      .slice(1)
      .map((raw) => {
        const field = (label: string) => new RegExp(`^\\s*- ${label}: (.*)$`, 'm').exec(raw)?.[1]?.trim() ?? null;
        return {
          fieldName: field('Signature Field Name'),
          commonName: field('Signer Certificate Common Name'),
          signatureValidation: field('Signature Validation'),
          certificateValidation: field('Certificate Validation'),
          totalDocumentSigned: /^\s*- Total document signed$/m.test(raw),
          raw,
        };
      });
    return { output, signatures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type Raster = { width: number; height: number; rgb: Uint8Array };

/** One page rendered by poppler's pdftoppm at `dpi` (its CropBox, rotated as displayed). */
export function renderPage(bytes: Uint8Array, page: number, dpi = 36): Raster {
  const dir = mkdtempSync(join(tmpdir(), 'pdftoppm-'));
  try {
    const file = join(dir, 'file.pdf');
    writeFileSync(file, bytes);
    const range = ['-f', String(page), '-l', String(page)];
    const run = spawnSync(pdftoppm(), [
      '-cropbox',
      '-r',
      String(dpi),
      ...range,
      '-singlefile',
      file,
      join(dir, 'page'),
    ]);
    if (run.status !== 0) throw new Error(`pdftoppm failed: ${run.stderr}`);
    const ppm = readFileSync(join(dir, 'page.ppm'));
    // P6 header: "P6\n<width> <height>\n255\n"
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 64).toString('latin1'));
    if (!header) throw new Error('unexpected pdftoppm output');
    return { width: Number(header[1]), height: Number(header[2]), rgb: new Uint8Array(ppm.subarray(header[0].length)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Bounding box (pixels) of the pixels `match` accepts, or null when there are none. */
export function boundingBox(
  raster: Raster,
  match: (r: number, g: number, b: number) => boolean,
): { left: number; top: number; right: number; bottom: number; cx: number; cy: number } | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      const i = (y * raster.width + x) * 3;
      if (!match(raster.rgb[i]!, raster.rgb[i + 1]!, raster.rgb[i + 2]!)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      sx += x;
      sy += y;
      n++;
    }
  }
  return n ? { left, top, right, bottom, cx: sx / n, cy: sy / n } : null;
}

export const isRed = (r: number, g: number, b: number) => r > 150 && g < 110 && b < 110;
export const isBlue = (r: number, g: number, b: number) => b > 150 && r < 110 && g < 110;

/** The text poppler's pdftotext reads from `bytes` (one page, or all); throws when pdftotext is missing. */
export function pdfText(bytes: Uint8Array, page?: number): string {
  const tool = pdftotext();
  const dir = mkdtempSync(join(tmpdir(), 'pdftotext-'));
  try {
    const file = join(dir, 'file.pdf');
    writeFileSync(file, bytes);
    const range = page ? ['-f', String(page), '-l', String(page)] : [];
    const run = spawnSync(tool, [...range, '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

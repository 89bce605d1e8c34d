/**
 * What the seal rules need to know of a PNG (issue "Electronic seals and contracts"): its size
 * and whether its background is transparent; and, for stamping, the image as a plain PNG that
 * the PDF writer takes.
 *
 * Bounded (docs/security.md, Parsing limits): the size is read from the header (IHDR, its CRC
 * checked) and an image wider or taller than PARSE_LIMITS.imageMaxSide is refused BEFORE anything
 * is inflated; the image data is then inflated with a cap of exactly the size the header implies,
 * and decoded by pngjs (every colour type and bit depth, interlaced (Adam7) too, every chunk's CRC
 * checked). These run in the parser pool (platform/untrusted), never on the request thread.
 *
 * "Transparent background" = the image has transparency (an alpha channel, or tRNS) and its four
 * corner pixels are fully transparent.
 *
 * White is taken out of a seal image on the server (`clearWhite`, docs/decisions/0019), so that no
 * seal can hide the text under it: near-white pixels (every channel at least NEAR_WHITE) become
 * fully transparent, and every other pixel gives up its white as transparency ("colour to
 * alpha"): it looks the same over white paper, and lets what lies under it show through in
 * proportion to how light it is. Seal red (220, 20, 30) keeps 92 % of its opacity; a light grey
 * disc becomes a faint veil. A round seal on a white square is accepted: its corners turn transparent.
 */
import { crc32, inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { PARSE_LIMITS, ParseRefusal } from '../untrusted/limits.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type PngFacts = { width: number; height: number; transparentBackground: boolean };

type Header = { width: number; height: number; bitDepth: number; colorType: number; interlace: number };

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7's seven passes: the first pixel of each (x, y) and the steps between pixels. */
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * The header, when `bytes` start with the PNG signature and an IHDR chunk whose CRC matches;
 * null when they do not. Refuses (ParseRefusal) an image over the pixel bound.
 */
export function readPngHeader(bytes: Buffer): Header | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(SIGNATURE)) return null;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  if (crc32(bytes.subarray(12, 29)) !== bytes.readUInt32BE(29)) throw new ParseRefusal('PRT_IMAGE_DAMAGED');
  const header = {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    bitDepth: bytes[24] ?? 0,
    colorType: bytes[25] ?? 0,
    interlace: bytes[28] ?? 0,
  };
  if (header.width === 0 || header.height === 0 || !CHANNELS[header.colorType]) return null;
  const max = PARSE_LIMITS.imageMaxSide;
  if (header.width > max || header.height > max) {
    throw new ParseRefusal('PRT_IMAGE_TOO_LARGE', { width: header.width, height: header.height, max });
  }
  return header;
}

/** The bytes the image data inflates to, as the header says: filter byte plus samples, per row and pass. */
function expectedDataBytes(header: Header): number {
  const bits = (CHANNELS[header.colorType] ?? 4) * header.bitDepth;
  const passes = header.interlace ? ADAM7 : [[0, 0, 1, 1] as const];
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const width = Math.ceil((header.width - x0) / dx);
    const height = Math.ceil((header.height - y0) / dy);
    if (width > 0 && height > 0) total += (Math.ceil((width * bits) / 8) + 1) * height;
  }
  return total;
}

/** The concatenated IDAT data (null when a chunk runs past the end). */
function imageData(bytes: Buffer): Buffer | null {
  const idat: Buffer[] = [];
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (offset + 12 + length > bytes.length) return null;
    if (type === 'IDAT') idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  return idat.length ? Buffer.concat(idat) : null;
}

/**
 * The image decoded to 8-bit RGBA; null when the bytes are not a PNG at all. Refuses
 * (ParseRefusal) an image over the pixel bound, a bad CRC, image data that inflates past what the
 * header implies, or any other damage.
 */
export function decodePng(bytes: Buffer): PNG | null {
  const header = readPngHeader(bytes);
  if (!header) return null;
  const data = imageData(bytes);
  if (!data) throw new ParseRefusal('PRT_IMAGE_DAMAGED');
  // Exactly the size the header implies: past it (a compression bomb) or short of it, or not
  // inflatable at all, the image is damaged.
  const expected = expectedDataBytes(header);
  let inflated: number;
  try {
    inflated = inflateSync(data, { maxOutputLength: expected }).length;
  } catch {
    throw new ParseRefusal('PRT_IMAGE_DAMAGED');
  }
  if (inflated !== expected) throw new ParseRefusal('PRT_IMAGE_DAMAGED');
  try {
    return PNG.sync.read(bytes, { checkCRC: true });
  } catch {
    throw new ParseRefusal('PRT_IMAGE_DAMAGED');
  }
}

/** The facts of a PNG; null when the bytes are not a PNG. Throws ParseRefusal as decodePng does. */
export function readPngFacts(bytes: Buffer): PngFacts | null {
  const image = decodePng(bytes);
  if (!image) return null;
  return { width: image.width, height: image.height, transparentBackground: cornersTransparent(image) };
}

/** A pixel whose every channel is at least this (of 255) counts as white: it becomes fully transparent. */
export const NEAR_WHITE = 240;

/**
 * Takes the white out of an 8-bit RGBA image, in place (see the header): near-white pixels become
 * fully transparent; any other pixel's lightest share becomes transparency, its colour the one
 * that, laid over white, looks as before. Applying it twice changes nothing more.
 */
export function clearWhite(image: { data: Uint8Array | Buffer }): void {
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha === 0) continue;
    const lightest = Math.min(data[i]!, data[i + 1]!, data[i + 2]!);
    if (lightest >= NEAR_WHITE) {
      data[i + 3] = 0;
      continue;
    }
    if (lightest === 0) continue;
    const opacity = (255 - lightest) / 255;
    for (let c = i; c < i + 3; c++) data[c] = Math.round(255 - (255 - data[c]!) / opacity);
    data[i + 3] = Math.round(alpha * opacity);
  }
}

/** The corners of an RGBA image are all fully transparent. */
function cornersTransparent({ width, height, data }: PNG): boolean {
  const alphaAt = (x: number, y: number) => data[(y * width + x) * 4 + 3];
  const corners = [alphaAt(0, 0), alphaAt(width - 1, 0), alphaAt(0, height - 1), alphaAt(width - 1, height - 1)];
  return corners.every((alpha) => alpha === 0);
}

/**
 * A seal image as the portal keeps it: decoded within the bounds above, its white taken out
 * (clearWhite), written again as a non-interlaced 8-bit RGBA PNG; and the facts of that image
 * (a white background counts as transparent). Null when the bytes are not a PNG.
 */
export function sealImagePng(bytes: Buffer): { png: Buffer; facts: PngFacts } | null {
  const image = decodePng(bytes);
  if (!image) return null;
  clearWhite(image);
  const facts = { width: image.width, height: image.height, transparentBackground: cornersTransparent(image) };
  return { png: PNG.sync.write(image, { colorType: 6, inputHasAlpha: true }), facts };
}

/**
 * The seal image as the PDF writer stamps it: decoded within the bounds above, its white taken out
 * (again: a seal stored before the portal did it at upload has its white too), and written again
 * as a non-interlaced 8-bit RGBA PNG (the PDF writer takes no interlaced PNG).
 */
export function sealStampPng(bytes: Buffer): Buffer {
  const sealed = sealImagePng(bytes);
  if (!sealed) throw new ParseRefusal('PRT_IMAGE_DAMAGED');
  return sealed.png;
}

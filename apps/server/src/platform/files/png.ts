/**
 * What the seal rules need to know of a PNG (issue "Electronic seals and contracts"): its size
 * and whether its background is transparent. Read from the file's own chunks: the header (IHDR),
 * the transparency chunk (tRNS) and, to look at the corner pixels, the image data (IDAT, inflated
 * and unfiltered here, interlaced (Adam7) ones too; PNGs are small, at most 200 KB).
 *
 * "Transparent background" = the image has transparency (an alpha channel, or tRNS) and its four
 * corner pixels are fully transparent: a round seal on a white square passes neither.
 */
import { inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type PngFacts = { width: number; height: number; transparentBackground: boolean };

type Header = { width: number; height: number; bitDepth: number; colorType: number; interlace: number };

/** The facts of a PNG; null when the bytes are not a well-formed PNG. */
export function readPngFacts(bytes: Buffer): PngFacts | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(SIGNATURE)) return null;
  let header: Header | null = null;
  let palette: Buffer | null = null;
  let trns: Buffer | null = null;
  const idat: Buffer[] = [];
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (data.length !== length) return null;
    if (type === 'IHDR') {
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        bitDepth: data[8] ?? 0,
        colorType: data[9] ?? 0,
        interlace: data[12] ?? 0,
      };
    } else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') trns = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!header || header.width === 0 || header.height === 0 || idat.length === 0) return null;
  const { width, height } = header;
  const hasAlpha = header.colorType === 4 || header.colorType === 6 || trns !== null;
  if (!hasAlpha) return { width, height, transparentBackground: false };
  let corners: number[];
  try {
    corners = cornerAlphas(header, Buffer.concat(idat), palette, trns);
  } catch {
    return null;
  }
  const transparentBackground = corners.every((alpha) => alpha === 0);
  return { width, height, transparentBackground };
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7's seven passes: the first pixel of each (x, y) and the steps between pixels. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Alpha (0–255) of the four corner pixels (top-left, top-right, bottom-left, bottom-right). */
function cornerAlphas(header: Header, compressed: Buffer, palette: Buffer | null, trns: Buffer | null): number[] {
  const channels = CHANNELS[header.colorType];
  if (!channels) throw new Error('colour type');
  const bitsPerPixel = channels * header.bitDepth;
  const bytesPerPixel = Math.max(1, bitsPerPixel >> 3);
  const raw = inflateSync(compressed);
  // Each (sub)image: its rows, unfiltered, and which pixels of the whole image it holds.
  type Image = { x0: number; y0: number; dx: number; dy: number; rows: Buffer[] };
  const images: Image[] = [];
  const passes = header.interlace === 0 ? [[0, 0, 1, 1] as const] : ADAM7;
  let offset = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const width = Math.ceil((header.width - x0) / dx);
    const height = Math.ceil((header.height - y0) / dy);
    if (width <= 0 || height <= 0) continue;
    const stride = Math.ceil((width * bitsPerPixel) / 8);
    const size = (stride + 1) * height;
    if (raw.length < offset + size) throw new Error('short image data');
    images.push({ x0, y0, dx, dy, rows: unfilter(raw.subarray(offset, offset + size), stride, bytesPerPixel, height) });
    offset += size;
  }
  const alphaAt = (row: Buffer, x: number): number => {
    const sample = (index: number): number => {
      if (header.bitDepth === 16) return row.readUInt16BE(index * 2);
      if (header.bitDepth === 8) return row[index] ?? 0;
      const perByte = 8 / header.bitDepth;
      const byte = row[Math.floor(index / perByte)] ?? 0;
      const shift = 8 - header.bitDepth * ((index % perByte) + 1);
      return (byte >> shift) & ((1 << header.bitDepth) - 1);
    };
    const max = (1 << header.bitDepth) - 1;
    switch (header.colorType) {
      case 6:
        return Math.round((sample(x * 4 + 3) / max) * 255);
      case 4:
        return Math.round((sample(x * 2 + 1) / max) * 255);
      case 3: {
        const index = sample(x);
        if (!palette || index * 3 >= palette.length) throw new Error('palette index');
        return trns && index < trns.length ? (trns[index] ?? 255) : 255;
      }
      case 0: {
        const grey = trns && trns.length >= 2 ? trns.readUInt16BE(0) : -1;
        return sample(x) === grey ? 0 : 255;
      }
      default: {
        if (!trns || trns.length < 6) return 255;
        const [r, g, b] = [sample(x * 3), sample(x * 3 + 1), sample(x * 3 + 2)];
        return r === trns.readUInt16BE(0) && g === trns.readUInt16BE(2) && b === trns.readUInt16BE(4) ? 0 : 255;
      }
    }
  };
  const alphaOfPixel = (x: number, y: number): number => {
    const image = images.find(
      (i) => x >= i.x0 && y >= i.y0 && (x - i.x0) % i.dx === 0 && (y - i.y0) % i.dy === 0,
    ) as Image;
    return alphaAt(image.rows[(y - image.y0) / image.dy] as Buffer, (x - image.x0) / image.dx);
  };
  const right = header.width - 1;
  const bottom = header.height - 1;
  return [alphaOfPixel(0, 0), alphaOfPixel(right, 0), alphaOfPixel(0, bottom), alphaOfPixel(right, bottom)];
}

/** Undoes the PNG row filters (None, Sub, Up, Average, Paeth); answers only the rows. */
function unfilter(raw: Buffer, stride: number, bpp: number, height: number): Buffer[] {
  const rows: Buffer[] = [];
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const start = y * (stride + 1);
    const filter = raw[start];
    const row = Buffer.from(raw.subarray(start + 1, start + 1 + stride));
    for (let i = 0; i < stride; i++) {
      const left = i >= bpp ? (row[i - bpp] ?? 0) : 0;
      const up = previous[i] ?? 0;
      const upLeft = i >= bpp ? (previous[i - bpp] ?? 0) : 0;
      let add = 0;
      if (filter === 1) add = left;
      else if (filter === 2) add = up;
      else if (filter === 3) add = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        add = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      } else if (filter !== 0) throw new Error('filter');
      row[i] = ((row[i] ?? 0) + add) & 0xff;
    }
    rows.push(row);
    previous = row;
  }
  return rows;
}

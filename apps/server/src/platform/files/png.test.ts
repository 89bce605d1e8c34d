/**
 * readPngFacts (the seal image rules' reader): size and "transparent background" for every colour
 * type a seal image may come in, each row filter, interlacing, and broken files. The PNGs are
 * written here by hand (chunks, filters, Adam7 flag), so each case says exactly what it holds.
 */
import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { chunk, transparentPngOfZeros, withBadCrc } from '../../../test/hostile-files.ts';
import { encodePng, makeSealPng, makeWhiteDiscSealPng } from '../signing/test-fixtures.ts';
import { clearWhite, NEAR_WHITE, readPngFacts, sealImagePng } from './png.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

type Filter = 0 | 1 | 2 | 3 | 4;

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** One scanline filtered with `filter` (PNG spec §9), given the previous unfiltered line. */
function filterRow(filter: Filter, row: Buffer, previous: Buffer, bpp: number): Buffer {
  const out = Buffer.alloc(row.length + 1);
  out[0] = filter;
  for (let i = 0; i < row.length; i++) {
    const raw = row[i] ?? 0;
    const left = i >= bpp ? (row[i - bpp] ?? 0) : 0;
    const up = previous[i] ?? 0;
    const upLeft = i >= bpp ? (previous[i - bpp] ?? 0) : 0;
    const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter] ?? 0;
    out[i + 1] = (raw - predictor) & 0xff;
  }
  return out;
}

type PngSpec = {
  width: number;
  height: number;
  colorType: 0 | 2 | 3 | 4 | 6;
  bitDepth?: 1 | 2 | 4 | 8 | 16;
  /** Unfiltered scanlines, top to bottom (each ceil(width × bits per pixel / 8) bytes). */
  rows: Buffer[];
  /** One filter for every row, or the filter of row y. */
  filter?: Filter | ((y: number) => Filter);
  interlace?: 0 | 1;
  plte?: Buffer;
  trns?: Buffer;
  /** Cut the IDAT data into this many chunks. */
  idatChunks?: number;
};

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function png(spec: PngSpec): Buffer {
  const bitDepth = spec.bitDepth ?? 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(spec.width, 0);
  header.writeUInt32BE(spec.height, 4);
  header.set([bitDepth, spec.colorType, 0, 0, spec.interlace ?? 0], 8);
  const bpp = Math.max(1, ((CHANNELS[spec.colorType] ?? 1) * bitDepth) >> 3);
  const filterOf = (y: number): Filter => (typeof spec.filter === 'function' ? spec.filter(y) : (spec.filter ?? 0));
  let filtered: Buffer[];
  if (spec.interlace === 1) {
    // Adam7: each pass is a small image of its own, filtered (None) row by row.
    filtered = [];
    for (const [x0, y0, dx, dy] of ADAM7) {
      for (let y = y0; y < spec.height; y += dy) {
        const pixels: Buffer[] = [];
        for (let x = x0; x < spec.width; x += dx)
          pixels.push((spec.rows[y] as Buffer).subarray(x * bpp, (x + 1) * bpp));
        if (pixels.length) filtered.push(Buffer.concat([Buffer.from([0]), ...pixels]));
      }
    }
  } else {
    let previous: Buffer = Buffer.alloc(spec.rows[0]?.length ?? 0);
    filtered = spec.rows.map((row, y) => {
      const line = filterRow(filterOf(y), row, previous, bpp);
      previous = row;
      return line;
    });
  }
  const data = deflateSync(Buffer.concat(filtered));
  const parts = spec.idatChunks ?? 1;
  const size = Math.ceil(data.length / parts);
  const idat = Array.from({ length: parts }, (_, i) => chunk('IDAT', data.subarray(i * size, (i + 1) * size)));
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    ...(spec.plte ? [chunk('PLTE', spec.plte)] : []),
    ...(spec.trns ? [chunk('tRNS', spec.trns)] : []),
    ...idat,
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A pseudo-random but repeatable byte source (so a wrong unfilter shows as a wrong corner). */
function noise(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) & 0xff;
  };
}

type Corner = 'topLeft' | 'topRight' | 'bottomLeft' | 'bottomRight';
const isCorner = (x: number, y: number, w: number, h: number): Corner | null => {
  if (y === 0 && x === 0) return 'topLeft';
  if (y === 0 && x === w - 1) return 'topRight';
  if (y === h - 1 && x === 0) return 'bottomLeft';
  if (y === h - 1 && x === w - 1) return 'bottomRight';
  return null;
};

/** RGBA rows (8 or 16 bits) of noise, with alpha 0 at the corners except `opaque` ones. */
function rgbaRows(width: number, height: number, { depth = 8, opaque = [] as Corner[], seed = 7 } = {}) {
  const next = noise(seed);
  const bytesPerSample = depth / 8;
  return Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(width * 4 * bytesPerSample);
    for (let x = 0; x < width; x++) {
      const corner = isCorner(x, y, width, height);
      for (let channel = 0; channel < 4; channel++) {
        let value = channel === 3 ? Math.max(1, next()) : next();
        if (channel === 3 && corner) value = opaque.includes(corner) ? 255 : 0;
        const at = (x * 4 + channel) * bytesPerSample;
        if (depth === 16) row.writeUInt16BE(value * 257, at);
        else row[at] = value;
      }
    }
    return row;
  });
}

describe('readPngFacts: colour types', () => {
  type Case = { name: string; bytes: Buffer; facts: ReturnType<typeof readPngFacts> };
  /** A case whose expected facts are its own size and `transparentBackground`. */
  const sized = (name: string, spec: PngSpec, transparentBackground: boolean): Case => ({
    name,
    bytes: png(spec),
    facts: { width: spec.width, height: spec.height, transparentBackground },
  });
  /** 3 × 3 grey + alpha: the middle row opaque, the bottom corners transparent; `top` varies. */
  const greyAlpha = (top: number[]): PngSpec => ({
    width: 3,
    height: 3,
    colorType: 4,
    rows: [Buffer.from(top), Buffer.from([9, 255, 9, 255, 9, 255]), Buffer.from([9, 0, 9, 9, 9, 0])],
  });
  /** 3 × 3 palette (white, red) with entry 0 transparent; `bottom` varies. */
  const paletteTrns = (bottom: number[]): PngSpec => ({
    width: 3,
    height: 3,
    colorType: 3,
    plte: Buffer.from([255, 255, 255, 220, 20, 30]),
    trns: Buffer.from([0]),
    rows: [Buffer.from([0, 1, 0]), Buffer.from([1, 1, 1]), Buffer.from(bottom)],
  });
  /** 2 × 2 RGB, pure green transparent; `firstRow` varies, the second row white. */
  const rgbTrns = (firstRow: number[]): PngSpec => ({
    width: 2,
    height: 2,
    colorType: 2,
    trns: Buffer.from([0, 255, 0, 255, 0, 255]),
    rows: [Buffer.from(firstRow), Buffer.from([255, 255, 255, 255, 255, 255])],
  });
  const cases: Case[] = [
    {
      name: 'RGBA, transparent corners (the round seal the fixtures draw)',
      bytes: Buffer.from(makeSealPng(120)),
      facts: { width: 120, height: 120, transparentBackground: true },
    },
    sized(
      'RGBA, one opaque corner',
      { width: 6, height: 6, colorType: 6, rows: rgbaRows(6, 6, { opaque: ['bottomLeft'] }) },
      false,
    ),
    {
      name: 'RGBA, not square',
      bytes: Buffer.from(encodePng(30, 20, new Uint8Array(30 * 20 * 4))),
      facts: { width: 30, height: 20, transparentBackground: true },
    },
    sized('grey + alpha, transparent corners', greyAlpha([9, 0, 9, 200, 9, 0]), true),
    sized('grey + alpha, an opaque white corner', greyAlpha([9, 0, 9, 200, 255, 255]), false),
    sized(
      'grey + alpha, 16-bit, transparent corners',
      {
        width: 2,
        height: 2,
        colorType: 4,
        bitDepth: 16,
        rows: [Buffer.from([1, 2, 0, 0, 3, 4, 0, 0]), Buffer.from([5, 6, 0, 0, 7, 8, 0, 0])],
      },
      true,
    ),
    sized('palette with tRNS: corners on the transparent entry', paletteTrns([0, 1, 0]), true),
    sized('palette with tRNS: a corner on an entry past the tRNS list (opaque)', paletteTrns([0, 1, 1]), false),
    sized(
      'palette with tRNS, 2 bits a pixel (five pixels a row: the last in the second byte)',
      {
        width: 5,
        height: 5,
        colorType: 3,
        bitDepth: 2,
        plte: Buffer.from([255, 255, 255, 220, 20, 30, 0, 0, 0]),
        trns: Buffer.from([255, 0]),
        // index 1 (transparent) at x = 0 and x = 4; index 0 (opaque white) between.
        rows: Array.from({ length: 5 }, () => Buffer.from([0b01_00_00_00, 0b01_00_00_00])),
      },
      true,
    ),
    sized(
      'palette without tRNS (no transparency at all)',
      {
        width: 2,
        height: 2,
        colorType: 3,
        plte: Buffer.from([255, 255, 255]),
        rows: [Buffer.from([0, 0]), Buffer.from([0, 0])],
      },
      false,
    ),
    sized('RGB with tRNS: corners in the transparent colour', rgbTrns([255, 255, 255, 255, 255, 255]), true),
    sized('RGB with tRNS: a corner in another colour', rgbTrns([255, 255, 255, 255, 255, 254]), false),
    sized(
      'RGB without alpha or tRNS (a seal on a white square)',
      { width: 2, height: 2, colorType: 2, rows: [Buffer.from([0, 0, 0, 0, 0, 0]), Buffer.from([0, 0, 0, 0, 0, 0])] },
      false,
    ),
    sized(
      'grey with tRNS: corners in the transparent grey',
      {
        width: 2,
        height: 2,
        colorType: 0,
        trns: Buffer.from([0, 200]),
        rows: [Buffer.from([200, 200]), Buffer.from([200, 200])],
      },
      true,
    ),
    sized(
      'grey without tRNS',
      { width: 2, height: 2, colorType: 0, rows: [Buffer.from([0, 0]), Buffer.from([0, 0])] },
      false,
    ),
    sized(
      'RGBA 16-bit, transparent corners',
      { width: 5, height: 4, colorType: 6, bitDepth: 16, rows: rgbaRows(5, 4, { depth: 16 }) },
      true,
    ),
    sized(
      'RGBA 16-bit, one opaque corner',
      { width: 5, height: 5, colorType: 6, bitDepth: 16, rows: rgbaRows(5, 5, { depth: 16, opaque: ['topRight'] }) },
      false,
    ),
    sized(
      'RGBA, image data split over several IDAT chunks',
      { width: 9, height: 9, colorType: 6, rows: rgbaRows(9, 9), filter: 4, idatChunks: 3 },
      true,
    ),
  ];

  it.each(cases)('$name', ({ bytes, facts }) => {
    expect(readPngFacts(bytes)).toEqual(facts);
  });
});

describe('readPngFacts: row filters', () => {
  const filters: Array<{ name: string; filter: Filter | ((y: number) => Filter) }> = [
    { name: 'None', filter: 0 },
    { name: 'Sub', filter: 1 },
    { name: 'Up', filter: 2 },
    { name: 'Average', filter: 3 },
    { name: 'Paeth', filter: 4 },
    { name: 'a different filter on each row', filter: (y) => (y % 5) as Filter },
  ];

  it.each(filters)('undoes $name (8-bit RGBA over noise)', ({ filter }) => {
    const clear = png({ width: 11, height: 7, colorType: 6, rows: rgbaRows(11, 7, { seed: 3 }), filter });
    expect(readPngFacts(clear)).toEqual({ width: 11, height: 7, transparentBackground: true });
    for (const corner of ['topLeft', 'topRight', 'bottomLeft', 'bottomRight'] as const) {
      const opaque = png({
        width: 11,
        height: 7,
        colorType: 6,
        rows: rgbaRows(11, 7, { seed: 3, opaque: [corner] }),
        filter,
      });
      expect(readPngFacts(opaque), corner).toEqual({ width: 11, height: 7, transparentBackground: false });
    }
  });

  it.each(filters)('undoes $name (16-bit RGBA: 8 bytes a pixel)', ({ filter }) => {
    const clear = png({
      width: 6,
      height: 6,
      colorType: 6,
      bitDepth: 16,
      rows: rgbaRows(6, 6, { depth: 16, seed: 11 }),
      filter,
    });
    expect(readPngFacts(clear)?.transparentBackground).toBe(true);
    const opaque = png({
      width: 6,
      height: 6,
      colorType: 6,
      bitDepth: 16,
      rows: rgbaRows(6, 6, { depth: 16, seed: 11, opaque: ['bottomRight'] }),
      filter,
    });
    expect(readPngFacts(opaque)?.transparentBackground).toBe(false);
  });
});

describe('readPngFacts: interlaced (Adam7)', () => {
  it('reads the corners of each pass: transparent corners pass', () => {
    for (const [width, height] of [
      [8, 8],
      [13, 13],
      [1, 1],
    ] as const) {
      const rows = rgbaRows(width, height);
      expect(readPngFacts(png({ width, height, colorType: 6, rows, interlace: 1 }))).toEqual({
        width,
        height,
        transparentBackground: true,
      });
    }
  });

  it.each(['topLeft', 'topRight', 'bottomLeft', 'bottomRight'] as const)(
    'an opaque %s corner is not a transparent background',
    (corner) => {
      const rows = rgbaRows(13, 13, { opaque: [corner] });
      expect(
        readPngFacts(png({ width: 13, height: 13, colorType: 6, rows, interlace: 1 }))?.transparentBackground,
      ).toBe(false);
    },
  );

  it('is still not transparent when the interlaced image has no alpha at all', () => {
    const rows = Array.from({ length: 4 }, () => Buffer.alloc(12, 255));
    expect(readPngFacts(png({ width: 4, height: 4, colorType: 2, rows, interlace: 1 }))).toEqual({
      width: 4,
      height: 4,
      transparentBackground: false,
    });
  });
});

describe('readPngFacts: not a well-formed PNG', () => {
  const good = png({ width: 4, height: 4, colorType: 6, rows: rgbaRows(4, 4) });
  const idatAt = good.indexOf('IDAT', 0, 'latin1') - 4;
  const withFilter = (filter: number) => {
    const rows = rgbaRows(2, 2);
    const raw = Buffer.concat(rows.map((row) => Buffer.concat([Buffer.from([filter]), row])));
    const header = Buffer.alloc(13);
    header.writeUInt32BE(2, 0);
    header.writeUInt32BE(2, 4);
    header.set([8, 6, 0, 0, 0], 8);
    return Buffer.concat([
      SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  };
  const zeroWidth = Buffer.from(good);
  zeroWidth.writeUInt32BE(0, 16);
  const shortData = png({ width: 4, height: 4, colorType: 6, rows: rgbaRows(4, 2) });

  const notPng: Array<{ name: string; bytes: Buffer }> = [
    { name: 'empty', bytes: Buffer.alloc(0) },
    { name: 'random bytes', bytes: Buffer.from(Array.from({ length: 200 }, noise(5))) },
    { name: 'a JPEG', bytes: Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//', 'base64') },
    { name: 'the signature only', bytes: Buffer.concat([SIGNATURE, Buffer.alloc(40)]) },
  ];
  it.each(notPng)('$name → null', ({ bytes }) => {
    expect(readPngFacts(bytes)).toBeNull();
  });

  const badCrc = withBadCrc(good);
  const badHeaderCrc = Buffer.from(good);
  badHeaderCrc[29] = (badHeaderCrc[29] ?? 0) ^ 0xff;
  const damaged: Array<{ name: string; bytes: Buffer }> = [
    { name: 'a bad CRC on the image data', bytes: badCrc },
    { name: 'a bad CRC on the header', bytes: badHeaderCrc },
    { name: 'zero width (the header changed, its CRC not)', bytes: zeroWidth },
    { name: 'cut inside the IDAT chunk', bytes: good.subarray(0, idatAt + 20) },
    { name: 'cut before the IDAT chunk', bytes: good.subarray(0, idatAt) },
    { name: 'fewer rows of image data than the header says', bytes: shortData },
    {
      name: 'image data that does not inflate',
      bytes: Buffer.concat([
        good.subarray(0, idatAt),
        chunk('IDAT', Buffer.from('not deflate')),
        chunk('IEND', Buffer.alloc(0)),
      ]),
    },
    { name: 'an unknown row filter (5)', bytes: withFilter(5) },
    {
      name: 'a palette index past the palette',
      bytes: png({
        width: 2,
        height: 2,
        colorType: 3,
        plte: Buffer.from([0, 0, 0]),
        trns: Buffer.from([0]),
        rows: [Buffer.from([3, 0]), Buffer.from([0, 0])],
      }),
    },
    {
      name: 'a palette image without a palette',
      bytes: png({
        width: 2,
        height: 2,
        colorType: 3,
        trns: Buffer.from([0]),
        rows: [Buffer.from([0, 0]), Buffer.from([0, 0])],
      }),
    },
  ];

  it.each(damaged)('$name → PRT_IMAGE_DAMAGED', ({ bytes }) => {
    expect(() => readPngFacts(bytes)).toThrow(expect.objectContaining({ code: 'PRT_IMAGE_DAMAGED' }));
  });
});

describe('readPngFacts: the pixel bound, read from the header before decoding', () => {
  const cases = [
    { name: '7000 × 7000, all transparent, a small file', width: 7000, height: 7000 },
    { name: '16000 × 16000', width: 16000, height: 16000 },
    { name: '2001 × 1', width: 2001, height: 1 },
    { name: '1 × 2001', width: 1, height: 2001 },
  ];
  it.each(cases)('$name → PRT_IMAGE_TOO_LARGE, at once', ({ width, height }) => {
    const bytes = transparentPngOfZeros(width, height);
    const started = performance.now();
    expect(() => readPngFacts(bytes)).toThrow(
      expect.objectContaining({ code: 'PRT_IMAGE_TOO_LARGE', params: { width, height, max: 2000 } }),
    );
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('2000 × 2000 (the bound) is decoded', () => {
    expect(readPngFacts(transparentPngOfZeros(2000, 2000))).toEqual({
      width: 2000,
      height: 2000,
      transparentBackground: true,
    });
  });

  it('refuses image data that inflates past what the header implies (a bomb in a small image)', () => {
    const bomb = transparentPngOfZeros(100, 100, { rawBytes: 50 * 1024 * 1024 });
    expect(() => readPngFacts(bomb)).toThrow(expect.objectContaining({ code: 'PRT_IMAGE_DAMAGED' }));
  });
});

describe('clearWhite and sealImagePng: white turns transparent (docs/decisions/0019)', () => {
  const pixel = (r: number, g: number, b: number, a = 255) => {
    const image = { data: new Uint8Array([r, g, b, a]) };
    clearWhite(image);
    return [...image.data];
  };

  it('makes near-white fully transparent, and takes the white share out of every other pixel', () => {
    expect(pixel(255, 255, 255)[3]).toBe(0);
    expect(pixel(NEAR_WHITE, 250, 245)[3]).toBe(0);
    expect(pixel(NEAR_WHITE - 1, 255, 255)[3]).toBe(16);
    // A light grey disc a threshold alone would keep opaque: a faint veil.
    expect(pixel(235, 235, 235)).toEqual([0, 0, 0, 20]);
    // Seal red: most of its opacity, its colour the one that looks the same over white.
    expect(pixel(220, 20, 30)).toEqual([217, 0, 11, 235]);
    expect(pixel(0, 0, 0)).toEqual([0, 0, 0, 255]);
    // Half-transparent stays proportionally so; transparent stays transparent.
    expect(pixel(128, 128, 128, 100)[3]).toBe(50);
    expect(pixel(10, 10, 10, 0)).toEqual([10, 10, 10, 0]);
  });

  it('changes nothing more when applied again', () => {
    for (const rgba of [
      [220, 20, 30, 255],
      [235, 235, 235, 255],
      [90, 160, 200, 180],
    ] as const) {
      const once = pixel(rgba[0], rgba[1], rgba[2], rgba[3]);
      expect(pixel(once[0]!, once[1]!, once[2]!, once[3])).toEqual(once);
    }
  });

  it('accepts a seal on white as transparent, and clears the opaque white disc inside a ring', () => {
    const size = 30;
    const onWhite = encodePng(size, size, new Uint8Array(size * size * 4).fill(255));
    expect(readPngFacts(Buffer.from(onWhite))?.transparentBackground).toBe(false);
    expect(sealImagePng(Buffer.from(onWhite))?.facts).toEqual({
      width: size,
      height: size,
      transparentBackground: true,
    });
    const disc = sealImagePng(Buffer.from(makeWhiteDiscSealPng(size)))!;
    const cleared = readPngFacts(disc.png)!;
    expect(cleared.transparentBackground).toBe(true);
    // The centre of the disc is transparent now, its ring still red.
    const { data } = PNG.sync.read(disc.png);
    const at = (x: number, y: number) => [...data.subarray((y * size + x) * 4, (y * size + x) * 4 + 4)];
    expect(at(15, 15)[3]).toBe(0);
    expect(at(15, 2)).toEqual([217, 0, 11, 235]);
    const red = sealImagePng(Buffer.from(makeSealPng(size)))!;
    expect(red.facts.transparentBackground).toBe(true);
  });
});

/**
 * Hostile files, made in memory by small generators (issue 24: parsers of untrusted bytes are
 * bounded): PDFs that once froze or swelled the server, and PNGs that inflate to far more than
 * their size. Nothing big is committed; each file is built in milliseconds.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { ADAM7 } from '../src/platform/files/png.ts';

const MB = 1024 * 1024;

/**
 * A valid zlib stream of `length` zero bytes, about length / 1000 bytes long: one compressed MB of
 * zeros (self-contained, ended by a sync flush) repeated, a final empty block and the Adler-32.
 */
export function zerosZlib(length: number): Buffer {
  const unit = deflateRawSync(Buffer.alloc(MB), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  for (let i = 0; i < Math.floor(length / MB); i++) parts.push(unit);
  const rest = length % MB;
  if (rest) parts.push(deflateRawSync(Buffer.alloc(rest), { level: 9, finishFlush: constants.Z_SYNC_FLUSH }));
  // A final fixed-Huffman block holding only its end code, then Adler-32 of the zeros: a = 1, b = length.
  parts.push(Buffer.from([0x03, 0x00]));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((length % 65521) << 16) | 1) >>> 0);
  parts.push(adler);
  return Buffer.concat(parts);
}

/** `%PDF` followed by distinct `/ByteRange [0 a b c]` lines, up to `size` bytes (the /verify freeze). */
export function byteRangeFlood(size = MB): Buffer {
  const lines: string[] = ['%PDF-1.7\n'];
  let length = lines[0]!.length;
  for (let i = 1; length < size; i++) {
    const line = `/ByteRange [0 ${i} ${i + 1} ${i + 2}]\n`;
    lines.push(line);
    length += line.length;
  }
  return Buffer.from(lines.join(''), 'latin1').subarray(0, size);
}

/**
 * A PDF of about `size` bytes whose only cross-reference table is a compressed stream of zeros
 * (about 1000 × `size` once inflated), with one signature dictionary so that a verifier goes on
 * to parse the file: the memory bomb.
 */
export function xrefBombPdf(size = 3 * MB): Buffer {
  const data = zerosZlib(Math.round(size * 1000));
  const start =
    '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n2 0 obj\n<< /Type /Sig /ByteRange [0 10 20 30] /Contents <00> >>\nendobj\n';
  const head = Buffer.from(
    `${start}1 0 obj\n<< /Type /XRef /Size 3 /Root 1 0 R /W [1 4 2] /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
    'latin1',
  );
  const tail = Buffer.from(`\nendstream\nendobj\nstartxref\n${start.length}\n%%EOF\n`, 'latin1');
  return Buffer.concat([head, data, tail]);
}

/** A PNG chunk: length, type, data and CRC. */
export function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An RGBA PNG of `width` × `height` whose every pixel is transparent: its image data is all zeros
 * (filter None, zero samples), compressed a thousand to one, so a 7000 × 7000 one is about
 * 190 KB. `rawBytes` overrides how many zeros the data inflates to (a bomb past the header's size).
 */
export function transparentPngOfZeros(
  width: number,
  height: number,
  options: { rawBytes?: number; interlace?: boolean } = {},
): Buffer {
  const passes = options.interlace ? ADAM7 : [[0, 0, 1, 1] as const];
  let raw = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) raw += (w * 4 + 1) * h;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, options.interlace ? 1 : 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zerosZlib(options.rawBytes ?? raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `png` with the CRC of its image data chunk broken. */
export function withBadCrc(png: Buffer): Buffer {
  const bytes = Buffer.from(png);
  const at = bytes.indexOf('IDAT', 8, 'latin1') - 4;
  const crcAt = at + 8 + bytes.readUInt32BE(at);
  bytes.writeUInt32BE((bytes.readUInt32BE(crcAt) ^ 1) >>> 0, crcAt);
  return bytes;
}

/**
 * What the browser can tell about a seal image before uploading it (the server checks again, by
 * content): a PNG, at most 200 KB, square. Its background may be transparent or white: the server
 * turns white transparent (docs/decisions/0019), so a PNG without transparency is not refused here.
 * Read from the PNG's own header (IHDR) and chunks, so it needs no canvas.
 */
import { SEAL_IMAGE_MAX_BYTES } from '@portal/shared/schemas/seals';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Colour types with an alpha channel: grey + alpha (4) and RGBA (6). */
const ALPHA_COLOUR_TYPES = new Set([4, 6]);

export type PngInfo = {
  width: number;
  height: number;
  /** An alpha channel, or a tRNS chunk (a transparent colour or palette entries). */
  mayBeTransparent: boolean;
};

/** The PNG's size and whether it can hold transparency; null when the bytes are no PNG. */
export function readPngInfo(bytes: Uint8Array): PngInfo | null {
  if (bytes.length < 33 || PNG_SIGNATURE.some((value, index) => bytes[index] !== value)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkType = (offset: number) => String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
  if (chunkType(8) !== 'IHDR') return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const colourType = bytes[25] ?? 0;
  let mayBeTransparent = ALPHA_COLOUR_TYPES.has(colourType);
  // Walk the chunks before the image data: a tRNS chunk makes a colour (or palette entries) transparent.
  let offset = 8;
  while (!mayBeTransparent && offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = chunkType(offset);
    if (type === 'tRNS') mayBeTransparent = true;
    if (type === 'IDAT' || type === 'IEND') break;
    offset += 12 + length;
  }
  return { width, height, mayBeTransparent };
}

export type SealImageProblem =
  | { problem: 'notPng' }
  | { problem: 'tooLarge' }
  | { problem: 'notSquare'; width: number; height: number };

function hasPngName(file: { name: string; type: string }): boolean {
  return file.type === 'image/png' || file.name.toLowerCase().endsWith('.png');
}

/** Why a picked file cannot be a seal image, or null when it may be (the server has the last word). */
export async function checkSealImage(file: File): Promise<SealImageProblem | null> {
  if (!hasPngName(file)) return { problem: 'notPng' };
  if (file.size > SEAL_IMAGE_MAX_BYTES) return { problem: 'tooLarge' };
  const head = await readHead(file);
  if (!head) return null;
  const info = readPngInfo(head);
  if (!info) return { problem: 'notPng' };
  if (info.width !== info.height) return { problem: 'notSquare', width: info.width, height: info.height };
  return null;
}

/** The first 64 KB (the header and the chunks before the image data), or null where Blob cannot be read. */
async function readHead(file: Blob): Promise<Uint8Array | null> {
  const part = file.slice(0, 64 * 1024);
  if (typeof part.arrayBuffer !== 'function') return null;
  try {
    return new Uint8Array(await part.arrayBuffer());
  } catch {
    return null;
  }
}

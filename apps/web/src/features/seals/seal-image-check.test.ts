import { SEAL_IMAGE_MAX_BYTES } from '@portal/shared/schemas/seals';
import { describe, expect, it } from 'vitest';
import { checkSealImage, readPngInfo } from './seal-image-check.ts';
import { pngBytes } from './test-fixtures.ts';

const png = (bytes: Uint8Array, name = 'seal.png', size?: number) => {
  const file = new File([bytes as BlobPart], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('readPngInfo', () => {
  it('reads the size and whether the picture can be transparent', () => {
    expect(readPngInfo(pngBytes(400, 400))).toEqual({ width: 400, height: 400, mayBeTransparent: true });
    expect(readPngInfo(pngBytes(300, 200, 2))).toEqual({ width: 300, height: 200, mayBeTransparent: false });
    expect(readPngInfo(pngBytes(64, 64, 3, ['PLTE', 'tRNS']))?.mayBeTransparent).toBe(true);
    expect(readPngInfo(new TextEncoder().encode('GIF89a this is not a PNG at all, really'))).toBeNull();
  });
});

describe('checkSealImage', () => {
  it('accepts a square PNG, with or without transparency (the server turns white transparent), and names what is wrong otherwise', async () => {
    expect(await checkSealImage(png(pngBytes(400, 400)))).toBeNull();
    expect(await checkSealImage(png(pngBytes(400, 300)))).toEqual({ problem: 'notSquare', width: 400, height: 300 });
    expect(await checkSealImage(png(pngBytes(400, 400, 2)))).toBeNull();
    expect(await checkSealImage(png(pngBytes(400, 400), 'seal.png', SEAL_IMAGE_MAX_BYTES + 1))).toEqual({
      problem: 'tooLarge',
    });
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'seal.jpg', { type: 'image/jpeg' });
    expect(await checkSealImage(jpeg)).toEqual({ problem: 'notPng' });
  });
});

/**
 * The font evidence reports are drawn with: Noto Sans CJK SC, which has Latin and Chinese
 * glyphs, from Debian's fonts-noto-cjk (/usr/share/fonts/opentype/noto) or REPORT_FONT_FILE-like
 * locations given here. Without one the report falls back to Helvetica and '?' for Chinese
 * (evidence-report.ts), which still lists every hash and time correctly.
 */
import { readFile } from 'node:fs/promises';
import { fontFromCollection } from './evidence-report.ts';

const CANDIDATES: readonly { path: string; face: number }[] = [
  // Face 2 of the collection is the Simplified Chinese one.
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 2 },
  { path: '/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc', face: 2 },
];

let cached: Promise<Uint8Array | undefined> | undefined;

/** The report font's bytes, read once; undefined when none is installed. */
export function reportFont(): Promise<Uint8Array | undefined> {
  cached ??= (async () => {
    for (const candidate of CANDIDATES) {
      try {
        return fontFromCollection(new Uint8Array(await readFile(candidate.path)), candidate.face);
      } catch {
        // try the next one
      }
    }
    return undefined;
  })();
  return cached;
}

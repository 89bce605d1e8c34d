/** The part of opentype.js 0.7 (no bundled types) that evidence-report.ts uses. */
declare module 'opentype.js' {
  export class Path {
    commands: unknown[];
  }
  export class Glyph {
    constructor(options: { name: string; unicode?: number; advanceWidth?: number; path?: Path });
    index: number;
    advanceWidth: number;
    path: Path;
  }
  export class Font {
    constructor(options: {
      familyName: string;
      styleName: string;
      unitsPerEm: number;
      ascender: number;
      descender: number;
      glyphs: Glyph[];
      weightClass?: number;
      copyright?: string;
      license?: string;
    });
    unitsPerEm: number;
    ascender: number;
    descender: number;
    names: Record<string, { en?: string } | undefined>;
    tables: { os2?: { usWeightClass?: number } };
    glyphs: { get(index: number): Glyph };
    charToGlyphIndex(char: string): number;
    charToGlyph(char: string): Glyph;
    toArrayBuffer(): ArrayBuffer;
  }
  export function parse(buffer: ArrayBuffer): Font;
  const opentype: { parse: typeof parse; Font: typeof Font; Glyph: typeof Glyph; Path: typeof Path };
  export default opentype;
}

import { describe, expect, it } from 'vitest';
import { fontKindOf, layoutRoundSeal, type MeasureText, SEAL_IMAGE_SIZE, sealText } from './round-seal.ts';

/** A stand-in for the canvas: CJK glyphs are square, Latin ones 0.6 em wide (0.3 em for a space). */
const measure: MeasureText = (text, fontSize) =>
  Array.from(text).reduce((width, char) => {
    if (fontKindOf(char) === 'cjk') return width + fontSize;
    return width + fontSize * (char === ' ' ? 0.3 : 0.6);
  }, 0);

const degrees = (radians: number) => (radians * 180) / Math.PI;
/** The angle of a point around the centre, in (-270°, 90°]: the name's arc never wraps there. */
const angleOf = (x: number, y: number, centre: number) => {
  const angle = Math.atan2(y - centre, x - centre);
  return angle > Math.PI / 2 ? angle - 2 * Math.PI : angle;
};

describe('sealText', () => {
  it('puts Latin names in capitals with single spaces and drops spaces between Chinese characters', () => {
    expect(sealText('  Harbourview   Commercial bank ')).toBe('HARBOURVIEW COMMERCIAL BANK');
    expect(sealText('环球 合作 银行')).toBe('环球合作银行');
    expect(fontKindOf('Banque de Luxembourg')).toBe('latin');
    expect(fontKindOf('澳门 Bank')).toBe('cjk');
  });
});

describe('layoutRoundSeal', () => {
  it('sets a Chinese name clockwise along the upper arc, symmetric about the vertical axis', () => {
    const layout = layoutRoundSeal({ name: '环球合作银行股份有限公司', measure });
    const { centre, name } = layout;
    expect(layout.size).toBe(SEAL_IMAGE_SIZE);
    expect(name.font).toBe('cjk');
    expect(name.glyphs.map((glyph) => glyph.char).join('')).toBe('环球合作银行股份有限公司');

    // Every glyph centre lies on one circle, inside the ring, in reading order clockwise.
    const angles = name.glyphs.map((glyph) => angleOf(glyph.x, glyph.y, centre));
    for (const glyph of name.glyphs) {
      expect(Math.hypot(glyph.x - centre, glyph.y - centre)).toBeCloseTo(name.radius, 6);
    }
    expect(name.radius + name.fontSize / 2).toBeLessThan(layout.ring.radius - layout.ring.width / 2);
    for (let index = 1; index < angles.length; index += 1) {
      expect(angles[index]!).toBeGreaterThan(angles[index - 1]!);
    }
    // Centred on the top: the first glyph mirrors the last, the middle of the text is at -90°.
    const first = name.glyphs[0]!;
    const last = name.glyphs[name.glyphs.length - 1]!;
    expect(first.x - centre).toBeCloseTo(centre - last.x, 6);
    expect(first.y).toBeCloseTo(last.y, 6);
    expect(degrees((angles[5]! + angles[6]!) / 2)).toBeCloseTo(-90, 6);
    // Each glyph stands with its top away from the centre.
    for (const [index, glyph] of name.glyphs.entries()) {
      expect(glyph.rotation).toBeCloseTo(angles[index]! + Math.PI / 2, 6);
    }
    expect(degrees(name.sweep)).toBeGreaterThanOrEqual(150);
    expect(degrees(name.sweep)).toBeLessThanOrEqual(260 + 1e-6);
    expect(name.glyphs.every((glyph) => glyph.scaleX === 1)).toBe(true);
  });

  it('shrinks the font of a long English name to keep it on the upper arc, squeezing it below the smallest font', () => {
    const short = layoutRoundSeal({ name: 'Lakeside Bank', measure });
    const long = layoutRoundSeal({
      name: 'Banco Nacional de Desenvolvimento Econômico e Social Sociedade Anônima',
      measure,
    });
    expect(long.name.font).toBe('latin');
    expect(long.name.fontSize).toBeLessThan(short.name.fontSize);
    expect(degrees(long.name.sweep)).toBeLessThanOrEqual(260 + 1e-6);
    // The ends stay at most 40° below the horizontal: the lower part is left free.
    const lowest = Math.max(...long.name.glyphs.map((glyph) => glyph.y));
    expect(lowest).toBeLessThanOrEqual(long.centre + long.name.radius * Math.sin((40 / 180) * Math.PI) + 1e-6);

    const endless = layoutRoundSeal({ name: 'International Bank of Reconstruction '.repeat(4), measure });
    expect(endless.name.fontSize).toBeCloseTo(SEAL_IMAGE_SIZE * 0.05, 6);
    expect(endless.name.glyphs[0]!.scaleX).toBeLessThan(1);
    expect(degrees(endless.name.sweep)).toBeCloseTo(260, 6);
  });

  it('spreads a short name wider than its natural spacing', () => {
    const layout = layoutRoundSeal({ name: 'ABC', measure });
    const [a, , c] = layout.name.glyphs;
    const span = angleOf(c!.x, c!.y, layout.centre) - angleOf(a!.x, a!.y, layout.centre);
    const natural = (2 * layout.name.fontSize * 0.6 + 2 * layout.name.fontSize * 0.06) / layout.name.radius;
    expect(span).toBeGreaterThan(natural);
  });

  it('draws a five-pointed star in the middle and the caption under it, within the ring', () => {
    const layout = layoutRoundSeal({ name: '环球合作银行', caption: 'Contract seal', measure });
    const { centre, star } = layout;
    expect(star.points).toHaveLength(10);
    expect(star.points[0]!.x).toBeCloseTo(centre, 6);
    expect(star.points[0]!.y).toBeLessThan(centre);
    // Outer points (even) are farther from the star's centre than inner ones (odd).
    const starCentre = { x: centre, y: star.points[0]!.y + star.outerRadius };
    const distance = (point: { x: number; y: number }) => Math.hypot(point.x - starCentre.x, point.y - starCentre.y);
    for (const [index, point] of star.points.entries()) {
      expect(distance(point)).toBeCloseTo(index % 2 === 0 ? star.outerRadius : star.outerRadius * 0.382, 6);
    }
    const caption = layout.caption!;
    expect(caption.text).toBe('CONTRACT SEAL');
    expect(caption.x).toBe(centre);
    expect(caption.y).toBeGreaterThan(starCentre.y + star.outerRadius);
    const width = measure(caption.text, caption.fontSize, caption.font) * caption.scaleX;
    const half = Math.sqrt((layout.ring.radius - layout.ring.width / 2) ** 2 - (caption.y - centre) ** 2);
    expect(width / 2).toBeLessThan(half);
    expect(layoutRoundSeal({ name: '环球合作银行', caption: '  ', measure }).caption).toBeNull();

    // A long name reaches down beside the caption: the caption stops short of its ends.
    const long = layoutRoundSeal({
      name: 'Banco Nacional de Desenvolvimento Econômico e Social',
      caption: 'Contract seal',
      measure,
    });
    const line = long.caption!;
    const lineHalf = (measure(line.text, line.fontSize, line.font) * line.scaleX) / 2;
    const glyphRadius = long.name.fontSize * 0.6;
    for (const glyph of long.name.glyphs) {
      if (Math.abs(glyph.y - line.y) < glyphRadius + line.fontSize * 0.6) {
        expect(lineHalf).toBeLessThan(Math.abs(glyph.x - long.centre) - glyphRadius);
      }
    }
  });
});

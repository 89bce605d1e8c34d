/**
 * The standard round seal of an institution, drawn in the browser ("Generate a standard seal"):
 * a red ring, the institution's name along the upper arc inside it, a five-pointed star in the
 * middle and, under the star, the seal's own name (e.g. "Contract seal") on one line. The
 * background stays transparent and the picture square, as the server requires of a seal image.
 *
 * The geometry is a pure function (`layoutRoundSeal`), given a way to measure text, so it can be
 * tested without a canvas (jsdom has none); `drawRoundSeal` only paints what it says.
 */

/** Width of a text at a font size, in pixels (the canvas's `measureText`, or a stand-in in tests). */
export type MeasureText = (text: string, fontSize: number, font: SealFontKind) => number;

/** CJK names are set in a Song (serif) face; Latin names in a serif face, upper case. */
export type SealFontKind = 'cjk' | 'latin';

export type GlyphPlacement = {
  char: string;
  /** Centre of the glyph's box. */
  x: number;
  y: number;
  /** Radians: 0 upright; the glyph's top points away from the centre. */
  rotation: number;
  /** Horizontal squeeze (1 = none) when even the smallest font does not fit. */
  scaleX: number;
};

export type SealLayout = {
  size: number;
  centre: number;
  colour: string;
  ring: { radius: number; width: number };
  name: {
    font: SealFontKind;
    fontSize: number;
    /** Radius of the glyphs' centres. */
    radius: number;
    /** Radians the text covers, centred on the top of the seal. */
    sweep: number;
    glyphs: GlyphPlacement[];
  };
  /** Ten points, outer and inner alternating, the first at the top. */
  star: { points: { x: number; y: number }[]; outerRadius: number };
  caption: { text: string; font: SealFontKind; fontSize: number; x: number; y: number; scaleX: number } | null;
};

export type SealLayoutOptions = {
  /** The institution's name, along the arc. */
  name: string;
  /** The seal's own name under the star (optional). */
  caption?: string | undefined;
  measure: MeasureText;
  /** Side of the square picture in pixels (default 400). */
  size?: number;
};

/** The red of official seals. */
export const SEAL_RED = '#d7141a';
export const SEAL_IMAGE_SIZE = 400;

/** The arc of the name: from 150° for a short name up to 260° for a long one. */
const MIN_SWEEP = (150 / 180) * Math.PI;
const MAX_SWEEP = (260 / 180) * Math.PI;
const FULL_CIRCLE = 2 * Math.PI;

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u{20000}-\u{2fa1f}]/u;

/** Whether a name is set as CJK text (any Chinese, Japanese or Korean character in it). */
export function fontKindOf(text: string): SealFontKind {
  return CJK.test(text) ? 'cjk' : 'latin';
}

/** The name as it stands on the seal: spaces collapsed, Latin letters in capitals. */
export function sealText(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return fontKindOf(collapsed) === 'cjk' ? collapsed.replace(/ /g, '') : collapsed.toUpperCase();
}

/**
 * Where each character of the name, the star and the caption go. The name is centred on the top
 * of the ring and reads clockwise; its font shrinks until it fits in the largest arc, and below
 * the smallest font the glyphs are squeezed, so any length fits. A short name is spaced out to
 * cover at least the smallest arc, as on an official seal.
 */
export function layoutRoundSeal({ name, caption, measure, size = SEAL_IMAGE_SIZE }: SealLayoutOptions): SealLayout {
  const centre = size / 2;
  const ringWidth = size * 0.035;
  const ringRadius = size / 2 - ringWidth / 2 - size * 0.01;
  const innerEdge = ringRadius - ringWidth / 2;
  const nameLayout = layoutName(name, measure, size, innerEdge);
  const star = layoutStar(size, centre);
  return {
    size,
    centre,
    colour: SEAL_RED,
    ring: { radius: ringRadius, width: ringWidth },
    name: nameLayout,
    star: { points: star.points, outerRadius: star.outerRadius },
    caption: layoutCaption(caption, measure, {
      size,
      centre,
      innerEdge,
      starBottom: star.bottom,
      glyphs: nameLayout.glyphs,
      glyphRadius: nameLayout.fontSize * 0.6,
    }),
  };
}

/** What the name's fitting needs: its characters, the natural gap and the font-dependent sizes. */
type NameMetrics = {
  chars: string[];
  /** Natural gap between glyphs, as a share of the font size. */
  gapRatio: number;
  radiusFor: (fontSize: number) => number;
  widthsAt: (fontSize: number) => number[];
};

const arcLength = (widths: number[], gap: number) =>
  widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, widths.length - 1);

function layoutName(name: string, measure: MeasureText, size: number, innerEdge: number): SealLayout['name'] {
  const text = sealText(name);
  const font = fontKindOf(text);
  // CJK faces sit a little high on the middle baseline: they keep more room from the ring.
  const padding = size * (font === 'cjk' ? 0.04 : 0.025);
  const chars = Array.from(text);
  const metrics: NameMetrics = {
    chars,
    gapRatio: font === 'cjk' ? 0.12 : 0.06,
    radiusFor: (fontSize) => innerEdge - padding - fontSize / 2,
    widthsAt: (fontSize) => chars.map((char) => measure(char, fontSize, font)),
  };
  const fontSize = fitNameFont(metrics, size * (font === 'cjk' ? 0.13 : 0.095), size * 0.05);
  const radius = metrics.radiusFor(fontSize);
  const { widths, gap, scaleX, length } = spaceName(metrics, fontSize, radius);
  const sweep = Math.min(length / radius, FULL_CIRCLE);
  const glyphs = placeGlyphs(chars, widths, gap, { centre: size / 2, radius, sweep, scaleX });
  return { font, fontSize, radius, sweep, glyphs };
}

/** The font that makes the name fit in MAX_SWEEP (widths grow with the font; the radius shrinks). */
function fitNameFont({ gapRatio, radiusFor, widthsAt }: NameMetrics, maxFont: number, minFont: number): number {
  let fontSize = maxFont;
  for (let step = 0; step < 8; step += 1) {
    const length = arcLength(widthsAt(fontSize), fontSize * gapRatio);
    const sweep = length / radiusFor(fontSize);
    if (sweep <= MAX_SWEEP) break;
    fontSize = Math.max(minFont, fontSize * Math.min(0.98, MAX_SWEEP / sweep));
    if (fontSize === minFont) break;
  }
  return fontSize;
}

/** Glyph widths and gap at the chosen font: squeezed when too long, spread when too short. */
function spaceName({ chars, gapRatio, widthsAt }: NameMetrics, fontSize: number, radius: number) {
  let widths = widthsAt(fontSize);
  let gap = fontSize * gapRatio;
  let scaleX = 1;
  let length = arcLength(widths, gap);
  if (length / radius > MAX_SWEEP) {
    // Even the smallest font is too wide: squeeze the glyphs and their gaps.
    scaleX = (MAX_SWEEP * radius) / length;
    widths = widths.map((width) => width * scaleX);
    gap *= scaleX;
    length = arcLength(widths, gap);
  } else if (length / radius < MIN_SWEEP && chars.length > 1) {
    // Short names are spread over the smallest arc, without gaps wider than two glyphs.
    const room = MIN_SWEEP * radius - widths.reduce((sum, width) => sum + width, 0);
    gap = Math.min(room / (chars.length - 1), fontSize * 2);
    length = arcLength(widths, gap);
  }
  return { widths, gap, scaleX, length };
}

/** Each glyph along the arc, centred on the top of the seal and reading clockwise. */
function placeGlyphs(
  chars: string[],
  widths: number[],
  gap: number,
  arc: { centre: number; radius: number; sweep: number; scaleX: number },
): GlyphPlacement[] {
  const { centre, radius, sweep, scaleX } = arc;
  const glyphs: GlyphPlacement[] = [];
  let along = 0;
  const start = -Math.PI / 2 - sweep / 2;
  chars.forEach((char, index) => {
    const width = widths[index] ?? 0;
    const angle = start + (along + width / 2) / radius;
    glyphs.push({
      char,
      x: centre + radius * Math.cos(angle),
      y: centre + radius * Math.sin(angle),
      rotation: angle + Math.PI / 2,
      scaleX,
    });
    along += width + gap;
  });
  return glyphs;
}

/** The five-pointed star: ten points, outer and inner alternating, the first at the top. */
function layoutStar(size: number, centre: number) {
  const outerRadius = size * 0.15;
  const starCentreY = centre + size * 0.005;
  const innerRadius = outerRadius * 0.382;
  const points = Array.from({ length: 10 }, (_, index) => {
    const r = index % 2 === 0 ? outerRadius : innerRadius;
    const angle = -Math.PI / 2 + (index * Math.PI) / 5;
    return { x: centre + r * Math.cos(angle), y: starCentreY + r * Math.sin(angle) };
  });
  return { points, outerRadius, bottom: starCentreY + outerRadius };
}

function layoutCaption(
  caption: string | undefined,
  measure: MeasureText,
  frame: {
    size: number;
    centre: number;
    innerEdge: number;
    starBottom: number;
    /** The name's glyphs, each inside a circle of `glyphRadius` around its centre. */
    glyphs: readonly GlyphPlacement[];
    glyphRadius: number;
  },
): SealLayout['caption'] {
  const text = caption ? sealText(caption) : '';
  if (!text) return null;
  const font = fontKindOf(text);
  const { size, centre, innerEdge, starBottom, glyphs, glyphRadius } = frame;
  let fontSize = size * (font === 'cjk' ? 0.075 : 0.06);
  const y = starBottom + size * 0.1;
  const margin = size * 0.02;
  // The line may be as wide as the ring's chord at its height, less a margin…
  let half = Math.sqrt(Math.max(0, innerEdge ** 2 - (y - centre) ** 2)) - 2 * margin;
  // …and stops short of the ends of a long name that reach down to its height.
  const band = fontSize * 0.6;
  for (const glyph of glyphs) {
    if (Math.abs(glyph.y - y) < glyphRadius + band)
      half = Math.min(half, Math.abs(glyph.x - centre) - glyphRadius - margin);
  }
  const room = 2 * half;
  // No room left between the ends of the name: no caption rather than an unreadable one.
  if (room < size * 0.15) return null;
  const minFont = size * 0.04;
  let width = measure(text, fontSize, font);
  if (width > room) {
    fontSize = Math.max(minFont, (fontSize * room) / width);
    width = measure(text, fontSize, font);
  }
  return { text, font, fontSize, x: centre, y, scaleX: width > room ? room / width : 1 };
}

const FONT_FAMILIES: Record<SealFontKind, string> = {
  cjk: '"STSong", "SimSun", "Songti SC", "Noto Serif CJK SC", "Source Han Serif SC", serif',
  latin: '"Times New Roman", "Liberation Serif", "Noto Serif", serif',
};

export function sealFont(kind: SealFontKind, fontSize: number): string {
  return `bold ${fontSize.toFixed(2)}px ${FONT_FAMILIES[kind]}`;
}

/** Paints a layout on a canvas context (transparent where nothing is drawn). */
export function drawRoundSeal(ctx: CanvasRenderingContext2D, layout: SealLayout): void {
  const { centre, colour } = layout;
  ctx.clearRect(0, 0, layout.size, layout.size);
  ctx.fillStyle = colour;
  ctx.strokeStyle = colour;

  ctx.lineWidth = layout.ring.width;
  ctx.beginPath();
  ctx.arc(centre, centre, layout.ring.radius, 0, FULL_CIRCLE);
  ctx.stroke();

  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = sealFont(layout.name.font, layout.name.fontSize);
  for (const glyph of layout.name.glyphs) {
    ctx.save();
    ctx.translate(glyph.x, glyph.y);
    ctx.rotate(glyph.rotation);
    ctx.scale(glyph.scaleX, 1);
    ctx.fillText(glyph.char, 0, 0);
    ctx.restore();
  }

  ctx.beginPath();
  layout.star.points.forEach((point, index) => {
    if (index === 0) ctx.moveTo(point.x, point.y);
    else ctx.lineTo(point.x, point.y);
  });
  ctx.closePath();
  ctx.fill();

  const caption = layout.caption;
  if (caption) {
    ctx.save();
    ctx.font = sealFont(caption.font, caption.fontSize);
    ctx.translate(caption.x, caption.y);
    ctx.scale(caption.scaleX, 1);
    ctx.fillText(caption.text, 0, 0);
    ctx.restore();
  }
}

/**
 * Draws the standard seal of `name` as a square PNG with a transparent background. Rejects
 * where the browser cannot draw (no canvas).
 */
export async function generateRoundSealPng(options: Omit<SealLayoutOptions, 'measure'>): Promise<Blob> {
  const size = options.size ?? SEAL_IMAGE_SIZE;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  // Web fonts named in the font stack must be ready before they are measured.
  await document.fonts?.ready;
  const measure: MeasureText = (text, fontSize, font) => {
    ctx.font = sealFont(font, fontSize);
    return ctx.measureText(text).width;
  };
  drawRoundSeal(ctx, layoutRoundSeal({ ...options, measure, size }));
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The seal could not be exported'))), 'image/png');
  });
}

/**
 * Artwork and documents for the demo content, made in code (nothing downloaded): PNG banners and
 * tiles drawn from gradients and shapes, and research-report PDFs laid out with pdf-lib.
 */
import { deflateSync } from 'node:zlib';
import type { ColorTypes, PDFFont, PDFPage, RGB } from 'pdf-lib';

type Rgb = readonly [number, number, number];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

export type Artwork = {
  width: number;
  height: number;
  from: Rgb;
  to: Rgb;
  accent: Rgb;
  /** Which motif: rising bars, concentric arcs (a globe), or waves. */
  motif: 'bars' | 'globe' | 'waves';
  seed: number;
};

/** A PNG: a diagonal gradient with a soft motif on the right-hand side (text goes on the left). */
export function drawPng(art: Artwork): Buffer {
  const { width, height } = art;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const bars = Array.from({ length: 7 }, (_, i) => 0.25 + 0.1 * i + 0.08 * Math.sin(art.seed + i * 1.7));
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x / width) * 0.7 + (y / height) * 0.3;
      let colour = mix(art.from, art.to, t);
      const u = x / width;
      const v = y / height;
      if (art.motif === 'bars' && u > 0.55 && u < 0.95) {
        const index = Math.floor(((u - 0.55) / 0.4) * bars.length);
        const inBar = ((u - 0.55) / 0.4) * bars.length - index < 0.7;
        if (inBar && 1 - v < bars[index]! * 0.85) colour = mix(colour, art.accent, 0.55);
      } else if (art.motif === 'globe') {
        const dx = (u - 0.78) * (width / height);
        const dy = v - 0.5;
        const r = Math.sqrt(dx * dx + dy * dy);
        if (r < 0.38 && (Math.abs(Math.sin(r * 40 + art.seed)) < 0.12 || Math.abs(dx) < 0.006)) {
          colour = mix(colour, art.accent, 0.6);
        }
      } else if (art.motif === 'waves') {
        for (let k = 0; k < 3; k++) {
          const wave = 0.55 + 0.12 * k + 0.06 * Math.sin(u * 9 + art.seed + k);
          if (Math.abs(v - wave) < 0.012 && u > 0.35) colour = mix(colour, art.accent, 0.7 - k * 0.15);
        }
      }
      raw[row + 1 + x * 3] = colour[0];
      raw[row + 2 + x * 3] = colour[1];
      raw[row + 3 + x * 3] = colour[2];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type ReportDocument = {
  title: string;
  issue: string;
  date: string;
  summary: string;
  sections: { heading: string; paragraphs: string[] }[];
  chart: { caption: string; labels: string[]; values: number[] };
  bankName: string;
};

// pdf-lib is needed only while the demo data is first written: loaded then, not at every start
// (it would stay in the server's memory for nothing).
const loadPdfLib = () => import('pdf-lib');
const rgb = (red: number, green: number, blue: number): RGB => ({ type: 'RGB' as ColorTypes.RGB, red, green, blue });

const NAVY = rgb(10 / 255, 61 / 255, 145 / 255);
const GOLD = rgb(201 / 255, 161 / 255, 74 / 255);
const INK = rgb(0.15, 0.17, 0.2);
const GREY = rgb(0.45, 0.47, 0.5);

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A research report of a few A4 pages: cover, sections, a bar chart, a disclaimer. */
export async function drawReportPdf(doc: ReportDocument): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.title} (${doc.issue})`);
  pdf.setAuthor(`${doc.bankName} – Financial Institutions Research`);
  pdf.setSubject('FITs Your Wit');
  pdf.setCreationDate(new Date(`${doc.date}T08:00:00Z`));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [W, H] = [595.28, 841.89];
  const margin = 56;

  const cover = pdf.addPage([W, H]);
  cover.drawRectangle({ x: 0, y: H - 320, width: W, height: 320, color: NAVY });
  cover.drawRectangle({ x: margin, y: H - 330, width: 120, height: 6, color: GOLD });
  cover.drawText('FITs Your Wit', { x: margin, y: H - 110, size: 30, font: bold, color: rgb(1, 1, 1) });
  cover.drawText(`${doc.issue}  |  ${doc.date}`, { x: margin, y: H - 140, size: 12, font: regular, color: GOLD });
  let y = H - 200;
  for (const line of wrap(doc.title, bold, 22, W - 2 * margin)) {
    cover.drawText(line, { x: margin, y, size: 22, font: bold, color: rgb(1, 1, 1) });
    y -= 28;
  }
  y = H - 380;
  for (const line of wrap(doc.summary, regular, 12, W - 2 * margin)) {
    cover.drawText(line, { x: margin, y, size: 12, font: regular, color: INK });
    y -= 17;
  }
  cover.drawText(`${doc.bankName} · Financial Institutions Research`, {
    x: margin,
    y: 60,
    size: 10,
    font: regular,
    color: GREY,
  });

  let page: PDFPage = pdf.addPage([W, H]);
  y = H - margin;
  const ensure = (needed: number) => {
    if (y - needed < margin + 30) {
      page = pdf.addPage([W, H]);
      y = H - margin;
    }
  };
  for (const section of doc.sections) {
    ensure(60);
    page.drawText(section.heading, { x: margin, y, size: 15, font: bold, color: NAVY });
    y -= 24;
    for (const paragraph of section.paragraphs) {
      for (const line of wrap(paragraph, regular, 11, W - 2 * margin)) {
        ensure(16);
        page.drawText(line, { x: margin, y, size: 11, font: regular, color: INK });
        y -= 15.5;
      }
      y -= 8;
    }
    y -= 6;
  }

  ensure(260);
  page.drawText(doc.chart.caption, { x: margin, y, size: 12, font: bold, color: NAVY });
  y -= 20;
  const chartHeight = 180;
  const base = y - chartHeight;
  const max = Math.max(...doc.chart.values);
  const slot = (W - 2 * margin) / doc.chart.values.length;
  page.drawLine({ start: { x: margin, y: base }, end: { x: W - margin, y: base }, thickness: 1, color: GREY });
  doc.chart.values.forEach((value, index) => {
    const height = (value / max) * (chartHeight - 30);
    const x = margin + index * slot + slot * 0.2;
    page.drawRectangle({ x, y: base, width: slot * 0.6, height, color: index % 2 ? GOLD : NAVY });
    page.drawText(value.toFixed(1), { x, y: base + height + 4, size: 9, font: regular, color: INK });
    page.drawText(doc.chart.labels[index] ?? '', { x, y: base - 14, size: 9, font: regular, color: GREY });
  });
  y = base - 40;

  ensure(80);
  for (const line of wrap(
    'Disclaimer: this report is provided for information only and does not constitute investment advice or an offer to buy or sell any financial instrument. Figures are illustrative.',
    regular,
    9,
    W - 2 * margin,
  )) {
    page.drawText(line, { x: margin, y, size: 9, font: regular, color: GREY });
    y -= 12;
  }

  const pages = pdf.getPages();
  pages.forEach((p, index) => {
    if (index === 0) return;
    p.drawText(`FITs Your Wit · ${doc.issue}`, { x: margin, y: 30, size: 8, font: regular, color: GREY });
    p.drawText(`${index + 1} / ${pages.length}`, { x: W - margin - 30, y: 30, size: 8, font: regular, color: GREY });
  });
  return Buffer.from(await pdf.save());
}

/** A one- or two-page PDF of a compliance document (policy text). */
export async function drawPolicyPdf(title: string, paragraphs: string[], bankName: string): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor(bankName);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [W, H] = [595.28, 841.89];
  const margin = 60;
  let page = pdf.addPage([W, H]);
  let y = H - margin;
  page.drawText(bankName, { x: margin, y, size: 10, font: regular, color: GREY });
  y -= 30;
  for (const line of wrap(title, bold, 17, W - 2 * margin)) {
    page.drawText(line, { x: margin, y, size: 17, font: bold, color: NAVY });
    y -= 22;
  }
  y -= 10;
  paragraphs.forEach((paragraph, index) => {
    for (const line of wrap(`${index + 1}. ${paragraph}`, regular, 11, W - 2 * margin)) {
      if (y < margin) {
        page = pdf.addPage([W, H]);
        y = H - margin;
      }
      page.drawText(line, { x: margin, y, size: 11, font: regular, color: INK });
      y -= 15.5;
    }
    y -= 8;
  });
  return Buffer.from(await pdf.save());
}

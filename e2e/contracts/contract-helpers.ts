/**
 * Pieces of the seal-and-contract journey: log-in through the dialog (with the e-mail code a new
 * browser asks for, waiting out the one-a-minute limit per address), files chosen through the
 * browser's file chooser, placing a seal on a page by keyboard or by a real pointer drag, the
 * signed PDF caught as a download, and the byte ranges of a PDF's signatures.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { escapeRegExp } from '../cooperation/cooperation-helpers.ts';

export {
  type LoginText,
  logInAt,
  type Mailbox,
  named,
  startsWith,
} from '../cooperation/cooperation-helpers.ts';

/** An accessible name that contains every one of `parts`, in this order. */
export const containing = (...parts: string[]) => new RegExp(parts.map(escapeRegExp).join('.*'));

export type FileToChoose = { name: string; mimeType: string; buffer: Buffer };

/**
 * Clicks `trigger` and gives `file` to the file chooser it opens, as a person picking it would.
 * A click that opened no chooser (once in CI, a dialog's drop zone clicked as the dialog opened:
 * 60 s without the event) is made again, as a person would click again.
 */
export async function chooseFile(page: Page, trigger: Locator, file: FileToChoose) {
  for (let attempt = 1; ; attempt += 1) {
    const chooser = page.waitForEvent('filechooser', { timeout: 15_000 });
    await trigger.click();
    try {
      await (await chooser).setFiles(file);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Waits until pdf.js has drawn page `pageNumber` of the document region `pages` on a canvas. */
export async function waitForDrawnPage(pages: Locator, pageNumber: number) {
  await pages.locator(`figure[data-page="${pageNumber}"] canvas.is-drawn`).waitFor({ timeout: 20_000 });
}

/**
 * Drags `source` (a seal of the list) with the mouse onto the middle of `target` (a page's box):
 * press, move in small steps past the drag threshold and over the page, release.
 */
export async function dragOnto(page: Page, source: Locator, target: Locator) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag: source or target not on screen');
  const viewport = page.viewportSize() ?? { width: 1366, height: 900 };
  // The part of the page inside the window: its middle, or the middle of what shows of it.
  const top = Math.max(to.y, 0);
  const bottom = Math.min(to.y + to.height, viewport.height);
  const x = to.x + to.width / 2;
  const y = (top + bottom) / 2;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(x, y, { steps: 25 });
  await page.mouse.up();
  return { x, y };
}

/** Clicks `trigger` and returns the bytes and name of the download it starts. */
export async function download(page: Page, trigger: Locator): Promise<{ name: string; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await trigger.click();
  const file = await started;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

/** The /ByteRange of each signature of a PDF, in file order. */
export function byteRanges(pdf: Uint8Array): [number, number, number, number][] {
  const text = Buffer.from(pdf).toString('latin1');
  return [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map(
    (match) => match.slice(1, 5).map(Number) as [number, number, number, number],
  );
}

/** A copy of `pdf` with the byte at `at` changed (its lowest bit flipped). */
export function flipByte(pdf: Uint8Array, at: number): Buffer {
  const copy = Buffer.from(pdf);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
}

/** Saves what the window shows (not the full page) under e2e/artifacts/ for a person to look at. */
export async function windowScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/artifacts/${name}.png` });
}

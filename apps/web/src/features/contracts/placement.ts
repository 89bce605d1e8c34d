/**
 * Where a seal lands on a page (POST /api/contracts/{id}/sign): the stamp's top-left corner as
 * fractions (0..1) of the page's width and height, top-left origin. The stamp is printed
 * SEAL_PRINTED_SIZE_MM wide and high, so on screen it is drawn at that size relative to the page's
 * size in PDF points: what the signer sees is where and how big it lands. Pure functions, no DOM.
 */
import { SEAL_PRINTED_SIZE_MM } from '@portal/shared/schemas/seals';

/** 1 mm in PDF points (1 pt = 1/72 inch). */
export const POINTS_PER_MM = 72 / 25.4;
/** An arrow key moves the selected stamp this far; with Shift, `KEY_STEP_MM_LARGE`. */
export const KEY_STEP_MM = 2;
export const KEY_STEP_MM_LARGE = 10;
/** A stamp placed from the keyboard on a page that has some already is shifted by this much each. */
export const STACK_OFFSET_MM = 6;

/** A page's size in PDF points (as displayed, rotation applied). */
export type PageSize = { width: number; height: number };
/** The stamp's size as fractions of the page's width and height. */
export type StampSize = { w: number; h: number };
/** A position on a page: the stamp's top-left corner, fractions of the page. */
export type Point = { x: number; y: number };
/** A rectangle on screen (what getBoundingClientRect gives). */
export type ScreenRect = { left: number; top: number; width: number; height: number };

/** The stamp's printed size (40 mm square) as fractions of this page. */
export function stampSize(page: PageSize, sizeMm: number = SEAL_PRINTED_SIZE_MM): StampSize {
  const points = sizeMm * POINTS_PER_MM;
  return { w: Math.min(1, points / page.width), h: Math.min(1, points / page.height) };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Rounded down to 6 decimals, so that rounding never pushes a stamp over the page's edge. */
function roundDown(value: number): number {
  return Math.floor(value * 1e6 + 1e-9) / 1e6;
}

/** The position kept inside the page: the whole stamp on the page, nothing outside. */
export function clampInside(point: Point, size: StampSize): Point {
  return {
    x: roundDown(clamp(point.x, 0, Math.max(0, 1 - size.w))),
    y: roundDown(clamp(point.y, 0, Math.max(0, 1 - size.h))),
  };
}

/**
 * While dragging: the stamp's position on a page from the pointer, the page's box on screen and
 * where the stamp was grabbed (fractions of the stamp: 0.5, 0.5 is its centre). Kept inside the
 * page, so the stamp stops at the edge while the pointer goes on.
 */
export function pointerToPlacement(
  pointer: { clientX: number; clientY: number },
  page: ScreenRect,
  size: StampSize,
  grab: Point = { x: 0.5, y: 0.5 },
): Point {
  if (page.width <= 0 || page.height <= 0) return clampInside({ x: 0, y: 0 }, size);
  const x = (pointer.clientX - page.left) / page.width - grab.x * size.w;
  const y = (pointer.clientY - page.top) / page.height - grab.y * size.h;
  return clampInside({ x, y }, size);
}

/** Whether a point on screen is over the box. */
export function contains(rect: ScreenRect, clientX: number, clientY: number): boolean {
  return (
    clientX >= rect.left &&
    clientX <= rect.left + rect.width &&
    clientY >= rect.top &&
    clientY <= rect.top + rect.height
  );
}

/** Where the pointer grabbed a stamp drawn at `stamp` on screen (fractions of the stamp). */
export function grabPoint(pointer: { clientX: number; clientY: number }, stamp: ScreenRect): Point {
  if (stamp.width <= 0 || stamp.height <= 0) return { x: 0.5, y: 0.5 };
  return {
    x: clamp((pointer.clientX - stamp.left) / stamp.width, 0, 1),
    y: clamp((pointer.clientY - stamp.top) / stamp.height, 0, 1),
  };
}

const ARROWS: Record<string, { dx: number; dy: number }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

/**
 * An arrow key moves the stamp KEY_STEP_MM (with Shift KEY_STEP_MM_LARGE), kept inside the page;
 * null for any other key.
 */
export function moveByKey(key: string, point: Point, page: PageSize, size: StampSize, large = false): Point | null {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const stepPoints = (large ? KEY_STEP_MM_LARGE : KEY_STEP_MM) * POINTS_PER_MM;
  return clampInside(
    { x: point.x + (arrow.dx * stepPoints) / page.width, y: point.y + (arrow.dy * stepPoints) / page.height },
    size,
  );
}

/**
 * A stamp placed from the keyboard ("Place on this page"): in the middle of the page, shifted
 * down and right by STACK_OFFSET_MM for each stamp already on it, so none hides another.
 */
export function keyboardPlacement(page: PageSize, size: StampSize, alreadyOnPage: number): Point {
  const offset = alreadyOnPage * STACK_OFFSET_MM * POINTS_PER_MM;
  return clampInside({ x: (1 - size.w) / 2 + offset / page.width, y: (1 - size.h) / 2 + offset / page.height }, size);
}

/** The pages that carry at least one stamp, in order, each once. */
export function pagesOf(placements: readonly { page: number }[]): number[] {
  return [...new Set(placements.map((placement) => placement.page))].sort((a, b) => a - b);
}

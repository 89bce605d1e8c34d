import { describe, expect, it } from 'vitest';
import {
  clampInside,
  contains,
  grabPoint,
  keyboardPlacement,
  moveByKey,
  POINTS_PER_MM,
  pagesOf,
  pointerToPlacement,
  stampSize,
} from './placement.ts';

const A4 = { width: 595.28, height: 841.89 };
const A4_LANDSCAPE = { width: 841.89, height: 595.28 };

describe('stampSize', () => {
  it('is 40 mm of the page in PDF points: 113.39 pt on both axes', () => {
    const size = stampSize(A4);
    expect(size.w * A4.width).toBeCloseTo(40 * POINTS_PER_MM, 6);
    expect(size.h * A4.height).toBeCloseTo(113.386, 3);
    expect(size.w).toBeCloseTo(0.19048, 4);
    expect(size.h).toBeCloseTo(0.13468, 4);
  });

  it('follows the orientation of the page', () => {
    const size = stampSize(A4_LANDSCAPE);
    expect(size.w).toBeCloseTo(0.13468, 4);
    expect(size.h).toBeCloseTo(0.19048, 4);
  });

  it('never exceeds the page (a tiny page)', () => {
    expect(stampSize({ width: 50, height: 80 })).toEqual({ w: 1, h: 1 });
  });
});

describe('clampInside', () => {
  const size = stampSize(A4);

  it('keeps the whole stamp on the page', () => {
    expect(clampInside({ x: -0.2, y: -1 }, size)).toEqual({ x: 0, y: 0 });
    const corner = clampInside({ x: 0.99, y: 0.99 }, size);
    expect(corner.x + size.w).toBeLessThanOrEqual(1);
    expect(corner.y + size.h).toBeLessThanOrEqual(1);
    expect(corner.x).toBeCloseTo(1 - size.w, 5);
    expect(corner.y).toBeCloseTo(1 - size.h, 5);
  });

  it('leaves a position inside alone (to 6 decimals)', () => {
    expect(clampInside({ x: 0.25, y: 0.5 }, size)).toEqual({ x: 0.25, y: 0.5 });
  });
});

describe('pointerToPlacement (dragging)', () => {
  const size = stampSize(A4);
  // The page drawn 600 px wide at (100, 50) on screen.
  const rect = { left: 100, top: 50, width: 600, height: 600 * (A4.height / A4.width) };

  it('centres the stamp under the pointer when grabbed in the middle', () => {
    const at = pointerToPlacement({ clientX: 400, clientY: 474 }, rect, size);
    expect(at.x + size.w / 2).toBeCloseTo(0.5, 5);
    expect(at.y + size.h / 2).toBeCloseTo(424 / rect.height, 5);
  });

  it('keeps the grab point under the pointer', () => {
    const at = pointerToPlacement({ clientX: 400, clientY: 474 }, rect, size, { x: 0, y: 0 });
    expect(at.x).toBeCloseTo(0.5, 5);
  });

  it('stops at the edges while the pointer goes past them', () => {
    expect(pointerToPlacement({ clientX: 0, clientY: 0 }, rect, size)).toEqual({ x: 0, y: 0 });
    const far = pointerToPlacement({ clientX: 5000, clientY: 5000 }, rect, size);
    expect(far.x).toBeCloseTo(1 - size.w, 5);
    expect(far.y).toBeCloseTo(1 - size.h, 5);
    expect(far.x + size.w).toBeLessThanOrEqual(1);
  });
});

describe('contains and grabPoint', () => {
  it('tells whether the pointer is over a box', () => {
    const rect = { left: 10, top: 10, width: 100, height: 50 };
    expect(contains(rect, 10, 10)).toBe(true);
    expect(contains(rect, 110, 60)).toBe(true);
    expect(contains(rect, 111, 30)).toBe(false);
    expect(contains(rect, 50, 9)).toBe(false);
  });

  it('gives where a stamp was grabbed, as fractions of the stamp', () => {
    expect(grabPoint({ clientX: 35, clientY: 20 }, { left: 10, top: 10, width: 100, height: 40 })).toEqual({
      x: 0.25,
      y: 0.25,
    });
    expect(grabPoint({ clientX: 0, clientY: 0 }, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ x: 0.5, y: 0.5 });
  });
});

describe('moveByKey', () => {
  const size = stampSize(A4);

  it('moves 2 mm per arrow key, 10 mm with Shift', () => {
    const start = { x: 0.3, y: 0.3 };
    const right = moveByKey('ArrowRight', start, A4, size);
    expect(((right?.x ?? 0) - start.x) * A4.width).toBeCloseTo(2 * POINTS_PER_MM, 3);
    const down = moveByKey('ArrowDown', start, A4, size, true);
    expect(((down?.y ?? 0) - start.y) * A4.height).toBeCloseTo(10 * POINTS_PER_MM, 3);
    expect(moveByKey('ArrowLeft', start, A4, size)?.x).toBeLessThan(start.x);
    expect(moveByKey('ArrowUp', start, A4, size)?.y).toBeLessThan(start.y);
  });

  it('stays inside the page', () => {
    expect(moveByKey('ArrowLeft', { x: 0, y: 0 }, A4, size)).toEqual({ x: 0, y: 0 });
    const edge = moveByKey('ArrowRight', { x: 1 - size.w, y: 0 }, A4, size, true);
    expect((edge?.x ?? 0) + size.w).toBeLessThanOrEqual(1);
  });

  it('ignores other keys', () => {
    expect(moveByKey('Enter', { x: 0.1, y: 0.1 }, A4, size)).toBeNull();
  });
});

describe('keyboardPlacement', () => {
  const size = stampSize(A4);

  it('puts the first stamp in the middle of the page and shifts the next ones', () => {
    const first = keyboardPlacement(A4, size, 0);
    expect(first.x + size.w / 2).toBeCloseTo(0.5, 5);
    expect(first.y + size.h / 2).toBeCloseTo(0.5, 5);
    const second = keyboardPlacement(A4, size, 1);
    expect(second.x).toBeGreaterThan(first.x);
    expect(second.y).toBeGreaterThan(first.y);
    const many = keyboardPlacement(A4, size, 100);
    expect(many.x + size.w).toBeLessThanOrEqual(1);
    expect(many.y + size.h).toBeLessThanOrEqual(1);
  });
});

describe('pagesOf', () => {
  it('lists each stamped page once, in order', () => {
    expect(pagesOf([{ page: 3 }, { page: 1 }, { page: 3 }])).toEqual([1, 3]);
    expect(pagesOf([])).toEqual([]);
  });
});

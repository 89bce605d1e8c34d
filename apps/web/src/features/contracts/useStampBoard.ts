import { MAX_PLACEMENTS, type TPlacement } from '@portal/shared/schemas/contracts';
import {
  type Dispatch,
  type MutableRefObject,
  type PointerEvent as ReactPointerEvent,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import {
  clampInside,
  contains,
  grabPoint,
  keyboardPlacement,
  moveByKey,
  type PageSize,
  type Point,
  pointerToPlacement,
  type StampSize,
  stampSize,
} from './placement.ts';

/** A seal placed on a page, not signed yet. */
export type PlacedStamp = TPlacement & { id: string };

/** What is being dragged, where it would land (page null: over no page), and the pointer. */
export type DragGhost = {
  sealLgcSn: string;
  /** The placed stamp being moved; null for a seal dragged from the list. */
  movingId: string | null;
  page: number | null;
  x: number;
  y: number;
  clientX: number;
  clientY: number;
};

/** Pointer travel before a press becomes a drag (a click selects the seal instead). */
const DRAG_THRESHOLD_PX = 4;

let sequence = 0;
const newId = () => {
  sequence += 1;
  return `stamp-${sequence}`;
};

type Refs<T> = MutableRefObject<T>;

/** What the ways of placing share: the pages' boxes and sizes, the stamps, and the drag in progress. */
type BoardContext = {
  pages: Refs<Map<number, HTMLElement>>;
  sizes: Refs<readonly PageSize[]>;
  latest: Refs<PlacedStamp[]>;
  endDrag: Refs<(() => void) | null>;
  setPlacements: Dispatch<SetStateAction<PlacedStamp[]>>;
  setGhost: Dispatch<SetStateAction<DragGhost | null>>;
  onLimit: () => void;
  sizeOf: (pageNumber: number) => StampSize;
};

function pageUnder(pages: Map<number, HTMLElement>, clientX: number, clientY: number): number | null {
  for (const [pageNumber, element] of pages) {
    if (element.isConnected && contains(element.getBoundingClientRect(), clientX, clientY)) return pageNumber;
  }
  return null;
}

/**
 * Where a dragged stamp would land under the pointer (page null: over no page); a placed stamp
 * dragged off the pages stays on its last page.
 */
function landingTracker({ pages, sizeOf }: BoardContext, moving: PlacedStamp | undefined, grab: Point) {
  let lastPage: number | null = moving?.page ?? null;
  return (clientX: number, clientY: number): { page: number | null } & Point => {
    let pageNumber = pageUnder(pages.current, clientX, clientY);
    if (pageNumber === null && moving) pageNumber = lastPage;
    const element = pageNumber === null ? undefined : pages.current.get(pageNumber);
    if (pageNumber === null || !element) return { page: null, x: 0, y: 0 };
    lastPage = pageNumber;
    return {
      page: pageNumber,
      ...pointerToPlacement({ clientX, clientY }, element.getBoundingClientRect(), sizeOf(pageNumber), grab),
    };
  };
}

/** The drop: moves the placed stamp, or places a new one (unless the limit is reached). */
function drop(
  { latest, setPlacements, onLimit }: BoardContext,
  at: { page: number | null } & Point,
  moving: PlacedStamp | undefined,
  sealLgcSn: string,
) {
  if (at.page === null) return;
  const target = { page: at.page, x: at.x, y: at.y };
  if (moving) {
    setPlacements((list) => list.map((stamp) => (stamp.id === moving.id ? { ...stamp, ...target } : stamp)));
  } else if (latest.current.length >= MAX_PLACEMENTS) {
    onLimit();
  } else {
    setPlacements((list) => [...list, { id: newId(), sealLgcSn, ...target }]);
  }
}

/** Press on a seal of the list (`movingId` null) or on a placed stamp: a drag starts once the pointer moves. */
function startDrag(
  context: BoardContext,
  event: ReactPointerEvent<HTMLElement>,
  sealLgcSn: string,
  movingId: string | null,
) {
  const { latest, endDrag, setGhost } = context;
  if (event.button !== 0 || endDrag.current) return;
  event.preventDefault();
  event.currentTarget.focus();
  const startX = event.clientX;
  const startY = event.clientY;
  const moving = movingId ? latest.current.find((stamp) => stamp.id === movingId) : undefined;
  const grab: Point = moving ? grabPoint(event, event.currentTarget.getBoundingClientRect()) : { x: 0.5, y: 0.5 };
  const landing = landingTracker(context, moving, grab);
  let started = false;

  const onMove = (move: PointerEvent) => {
    if (!started && Math.hypot(move.clientX - startX, move.clientY - startY) < DRAG_THRESHOLD_PX) return;
    started = true;
    move.preventDefault();
    const at = landing(move.clientX, move.clientY);
    setGhost({ sealLgcSn, movingId, ...at, clientX: move.clientX, clientY: move.clientY });
  };
  const onUp = (up: PointerEvent) => {
    finish();
    if (!started) return;
    drop(context, landing(up.clientX, up.clientY), moving, sealLgcSn);
  };
  const onKey = (key: KeyboardEvent) => {
    if (key.key === 'Escape') finish();
  };
  const finish = () => {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', finish);
    window.removeEventListener('keydown', onKey);
    endDrag.current = null;
    setGhost(null);
  };
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', onUp);
  window.addEventListener('pointercancel', finish);
  window.addEventListener('keydown', onKey);
  endDrag.current = finish;
}

/** Placing and moving stamps with the keyboard. */
function keyboardActions({ latest, sizes, setPlacements, onLimit }: BoardContext) {
  /** Keyboard: the seal in the middle of the page (shifted when others are there). Returns its id. */
  const placeOnPage = (sealLgcSn: string, pageNumber: number): string | null => {
    if (latest.current.length >= MAX_PLACEMENTS) {
      onLimit();
      return null;
    }
    const page = sizes.current[pageNumber - 1];
    if (!page) return null;
    const already = latest.current.filter((stamp) => stamp.page === pageNumber).length;
    const at = keyboardPlacement(page, stampSize(page), already);
    const id = newId();
    setPlacements((list) => [...list, { id, sealLgcSn, page: pageNumber, ...at }]);
    return id;
  };

  /** Keyboard: an arrow key moves the stamp (Shift: further); true when the key was an arrow. */
  const moveByArrow = (id: string, key: string, large: boolean): boolean => {
    const stamp = latest.current.find((item) => item.id === id);
    const page = stamp ? sizes.current[stamp.page - 1] : undefined;
    if (!stamp || !page) return false;
    const next = moveByKey(key, stamp, page, stampSize(page), large);
    if (!next) return false;
    setPlacements((list) => list.map((item) => (item.id === id ? { ...item, ...next } : item)));
    return true;
  };

  return { placeOnPage, moveByArrow };
}

export type StampBoard = ReturnType<typeof useStampBoard>;

/**
 * The seals placed on the contract's pages before signing, and the ways to place them:
 *
 * - pointer (mouse, pen, touch): press a seal of the list or a placed stamp and drag it over a
 *   page; while over a page the stamp stops at its edges (it is drawn where it will land, clamped,
 *   never moved after the drop); a seal dropped over no page is not placed; a placed stamp
 *   dragged off the pages stays on its last page's edge;
 * - keyboard: `placeOnPage` puts the chosen seal in the middle of a page, `moveByArrow` moves a
 *   placed stamp with the arrow keys; `remove` takes one off.
 *
 * Pointer events on window, not HTML5 drag and drop: the same code serves mouse, touch and
 * scripted pointer moves (Playwright's `dragAndDrop`).
 */
export function useStampBoard(pageSizes: readonly PageSize[], onLimit: () => void) {
  const [placements, setPlacements] = useState<PlacedStamp[]>([]);
  const [ghost, setGhost] = useState<DragGhost | null>(null);
  const pages = useRef(new Map<number, HTMLElement>());
  const sizes = useRef(pageSizes);
  sizes.current = pageSizes;
  const latest = useRef(placements);
  latest.current = placements;
  const endDrag = useRef<(() => void) | null>(null);

  useEffect(() => () => endDrag.current?.(), []);

  const registerPage = useCallback((pageNumber: number, element: HTMLElement | null) => {
    if (element) pages.current.set(pageNumber, element);
    else if (pages.current.get(pageNumber)?.isConnected === false) pages.current.delete(pageNumber);
  }, []);

  const sizeOf = (pageNumber: number) => stampSize(sizes.current[pageNumber - 1] ?? { width: 595.28, height: 841.89 });
  const context: BoardContext = { pages, sizes, latest, endDrag, setPlacements, setGhost, onLimit, sizeOf };

  const remove = (id: string) => setPlacements((list) => list.filter((stamp) => stamp.id !== id));
  const clear = useCallback(() => setPlacements([]), []);
  /** Takes off the stamps of seals no longer usable (cancelled or expired since they were placed). */
  const keepSeals = useCallback((usable: readonly string[]) => {
    setPlacements((list) => {
      const kept = list.filter((stamp) => usable.includes(stamp.sealLgcSn));
      return kept.length === list.length ? list : kept;
    });
  }, []);

  /** What POST sign takes: each stamp kept inside its page. */
  const toRequest = (): TPlacement[] =>
    latest.current.map(({ sealLgcSn, page, x, y }) => ({ sealLgcSn, page, ...clampInside({ x, y }, sizeOf(page)) }));

  return {
    placements,
    ghost,
    registerPage,
    startDrag: (event: ReactPointerEvent<HTMLElement>, sealLgcSn: string, movingId: string | null) =>
      startDrag(context, event, sealLgcSn, movingId),
    ...keyboardActions(context),
    remove,
    clear,
    keepSeals,
    toRequest,
    sizeOf,
  };
}

import type { TUsableSeal } from '@portal/shared/schemas/seals';
import type { CSSProperties, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StampSize } from './placement.ts';
import type { PlacedStamp, StampBoard } from './useStampBoard.ts';

const boxStyle = (x: number, y: number, size: StampSize): CSSProperties => ({
  left: `${x * 100}%`,
  top: `${y * 100}%`,
  width: `${size.w * 100}%`,
  height: `${size.h * 100}%`,
});

type StampLayerProps = {
  pageNumber: number;
  board: StampBoard;
  seals: readonly TUsableSeal[];
  onRemoved: (pageNumber: number) => void;
};

/** A placed stamp's keys: Delete or Backspace removes it, the arrows move it (Shift: further). */
function stampKeys(board: StampBoard, pageNumber: number, onRemoved: (pageNumber: number) => void) {
  return (stamp: PlacedStamp, event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      board.remove(stamp.id);
      onRemoved(pageNumber);
      return;
    }
    if (board.moveByArrow(stamp.id, event.key, event.shiftKey)) event.preventDefault();
  };
}

/**
 * The seals on one page, each drawn 40 mm square at its place (percentages of the page's box,
 * which has the page's proportions): drag to move, arrow keys to move (Shift: further), Delete
 * or × to remove. While a seal is dragged over this page, where it would land.
 */
export function StampLayer({ pageNumber, board, seals, onRemoved }: StampLayerProps) {
  const { t } = useTranslation('contracts');
  const size = board.sizeOf(pageNumber);
  const sealOf = (lgcSn: string) => seals.find((seal) => seal.lgcSn === lgcSn);
  const ghost = board.ghost;
  const stamps = board.placements.filter((stamp) => stamp.page === pageNumber && stamp.id !== ghost?.movingId);
  const ghostSeal = ghost?.page === pageNumber ? sealOf(ghost.sealLgcSn) : undefined;

  const onKeyDown = stampKeys(board, pageNumber, onRemoved);

  return (
    <>
      {stamps.map((stamp) => {
        const seal = sealOf(stamp.sealLgcSn);
        const name = seal?.sealName ?? stamp.sealLgcSn;
        return (
          <div key={stamp.id} className="stamp" style={boxStyle(stamp.x, stamp.y, size)} data-stamp={stamp.id}>
            <button
              type="button"
              className="stamp__handle"
              id={stamp.id}
              aria-label={t('sign.placedLabel', { name, page: pageNumber })}
              aria-describedby="stamp-keys-help"
              onPointerDown={(event) => board.startDrag(event, stamp.sealLgcSn, stamp.id)}
              onKeyDown={(event) => onKeyDown(stamp, event)}
            >
              {seal ? <img src={seal.imageUrl} alt="" draggable={false} /> : null}
            </button>
            <button
              type="button"
              className="stamp__remove"
              aria-label={t('sign.remove', { name, page: pageNumber })}
              onPointerDown={(event) => event.stopPropagation()}
              onClick={() => {
                board.remove(stamp.id);
                onRemoved(pageNumber);
              }}
            >
              ×
            </button>
          </div>
        );
      })}
      {ghost && ghost.page === pageNumber ? (
        <div className="stamp stamp--ghost" style={boxStyle(ghost.x, ghost.y, size)} aria-hidden="true">
          {ghostSeal ? <img src={ghostSeal.imageUrl} alt="" draggable={false} /> : null}
        </div>
      ) : null}
    </>
  );
}

import type { TUsableSeal } from '@portal/shared/schemas/seals';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../components/time-cells.ts';
import type { StampBoard } from './useStampBoard.ts';

/**
 * The reader's usable seals: image, name, number, validity. Drag one onto a page, or choose it
 * (click, Enter or Space) and use "Place on this page" under a page. Each card is named by what it
 * shows (name, number, validity), so a spoken command matches it.
 */
export function SealList({
  seals,
  selected,
  onSelect,
  board,
}: {
  seals: readonly TUsableSeal[];
  selected: string | null;
  onSelect: (lgcSn: string) => void;
  board: StampBoard;
}) {
  const { t } = useTranslation('contracts');
  return (
    <ul className="sign-seal-list" aria-label={t('sign.sealsTitle')}>
      {seals.map((seal) => {
        const isSelected = seal.lgcSn === selected;
        return (
          <li key={seal.lgcSn}>
            <button
              type="button"
              className={isSelected ? 'sign-seal is-selected' : 'sign-seal'}
              aria-pressed={isSelected}
              data-seal={seal.lgcSn}
              onClick={() => onSelect(seal.lgcSn)}
              onPointerDown={(event) => board.startDrag(event, seal.lgcSn, null)}
            >
              <img src={seal.imageUrl} alt="" draggable={false} className="sign-seal__image" />
              <span className="sign-seal__text">
                {/* The spaces keep the words apart in the name read out (the spans are blocks on screen). */}
                <span className="sign-seal__name">{seal.sealName}</span>{' '}
                <span className="sign-seal__meta">{seal.sealNo}</span>{' '}
                <span className="sign-seal__meta">{t('sign.validTo', { date: formatDate(seal.validTo) })}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

import type { TCooperationInfo } from '@portal/shared/schemas/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../components/time-cells.ts';
import { detailPath } from '../cooperation/paths.ts';
import { ContractActions, ContractStatusCell, CounterpartCell } from './ContractRowParts.tsx';

/**
 * The contracts as cards, for phones (the six-column table scrolls sideways there): the request,
 * then counterpart, my side, agreed date, the status with what happens next (a withdrawn or taken
 * down request included), and the actions.
 */
export function ContractCards({
  items,
  label,
  onUpload,
}: {
  items: readonly TCooperationInfo[];
  /** Label of the list for assistive technology. */
  label: string;
  onUpload: (row: TCooperationInfo) => void;
}) {
  const { t } = useTranslation('contracts');
  return (
    <ul className="contract-cards" aria-label={label}>
      {items.map((row) => (
        <li key={row.intentionLgcSn} className="contract-list-card">
          <Link to={detailPath(row.requestLgcSn)} className="opportunity-name contract-list-card__name">
            {row.requestName}
          </Link>
          <dl className="contract-list-card__fields">
            <div className="contract-list-card__field contract-list-card__field--wide">
              <dt>{t('list.counterpart')}</dt>
              <dd>
                <CounterpartCell row={row} />
              </dd>
            </div>
            <div className="contract-list-card__field">
              <dt>{t('list.myParty')}</dt>
              <dd>{t(`list.side.${row.myParty}`)}</dd>
            </div>
            <div className="contract-list-card__field">
              <dt>{t('list.agreedAt')}</dt>
              <dd>{formatDate(row.agreedAt)}</dd>
            </div>
            <div className="contract-list-card__field contract-list-card__field--wide">
              <dt>{t('list.status')}</dt>
              <dd>
                <ContractStatusCell row={row} />
              </dd>
            </div>
          </dl>
          <div className="contract-list-card__actions">
            <ContractActions row={row} onUpload={onUpload} />
          </div>
        </li>
      ))}
    </ul>
  );
}

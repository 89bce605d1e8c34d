import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { formatDate } from '../../components/time-cells.ts';
import type { OpportunityItem } from './cooperation-api.ts';
import { groupDigits } from './detail-fields.ts';
import { FollowButton } from './FollowButton.tsx';
import { detailPath } from './paths.ts';
import { OpportunityTags } from './StatusTags.tsx';

/**
 * The requests as cards, for phones (a table of nine columns does not fit): the name and its
 * tags, the institution, then type, currency and amount, term, price and publish date, and the
 * actions (View; Follow when `showFollow` and the request is another institution's).
 */
export function OpportunityCards({
  items,
  label,
  showFollow,
}: {
  items: readonly OpportunityItem[];
  /** Label of the list for assistive technology. */
  label: string;
  showFollow: boolean;
}) {
  return (
    <ul className="opportunity-cards" aria-label={label}>
      {items.map((item) => (
        <OpportunityCard key={item.lgcSn} item={item} showFollow={showFollow} />
      ))}
    </ul>
  );
}

function OpportunityCard({ item, showFollow }: { item: OpportunityItem; showFollow: boolean }) {
  const { t } = useTranslation('cooperation');
  const dash = (value: string | null | undefined) => value || '—';
  const amount = item.idcstAstIvsAmt ? groupDigits(item.idcstAstIvsAmt) : '';
  return (
    <li className="opportunity-card">
      <div className="opportunity-card__head">
        <Link to={detailPath(item.lgcSn)} className="opportunity-name">
          {item.itDpchlstRqmNm}
        </Link>
        <OpportunityTags item={item} />
      </div>
      <dl className="opportunity-card__fields">
        <div className="opportunity-card__field opportunity-card__field--wide">
          <dt>{t('columns.institution')}</dt>
          <dd>{dash(item.instNm)}</dd>
        </div>
        <div className="opportunity-card__field opportunity-card__field--wide">
          <dt>{t('columns.type')}</dt>
          <dd>{dash(item.astPrjTpcdName)}</dd>
        </div>
        <div className="opportunity-card__field">
          <dt>
            {t('columns.currency')} / {t('columns.amount')}
          </dt>
          <dd className="numeric">
            {item.cmavyTpcd ? (
              <abbr title={item.cmavyTpcdName ?? item.cmavyTpcd} className="currency-code">
                {item.cmavyTpcd}
              </abbr>
            ) : null}
            {item.cmavyTpcd && amount ? ' ' : null}
            {amount || (item.cmavyTpcd ? null : '—')}
          </dd>
        </div>
        <div className="opportunity-card__field">
          <dt>{t('columns.term')}</dt>
          <dd>{dash(item.bscrcCoAgrmTmdt)}</dd>
        </div>
        <div className="opportunity-card__field">
          <dt>{t('columns.price')}</dt>
          <dd className="numeric">{dash(item.price)}</dd>
        </div>
        <div className="opportunity-card__field">
          <dt>{t('columns.publishDate')}</dt>
          <dd>{formatDate(item.createTime)}</dd>
        </div>
      </dl>
      <div className="opportunity-card__actions">
        <ButtonLink to={detailPath(item.lgcSn)} aria-label={t('actions.viewFor', { name: item.itDpchlstRqmNm })}>
          {t('actions.view')}
        </ButtonLink>
        {showFollow && !item.isMine ? (
          <FollowButton lgcSn={item.lgcSn} name={item.itDpchlstRqmNm} followed={item.followed} variant="default" />
        ) : null}
      </div>
    </li>
  );
}

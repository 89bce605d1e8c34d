import { dictName } from '@portal/shared/dictionaries';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Code } from '../../../components/FieldList.tsx';
import { formatDate } from '../../../components/time-cells.ts';
import { useFieldLabel } from '../../../lib/forms/field-labels.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { showToast } from '../../../lib/notify.ts';
import type { OpportunityDetail } from '../cooperation-api.ts';
import { FollowButton } from '../FollowButton.tsx';
import { editPath } from '../paths.ts';
import { OpportunityTags, RequestStatusTag } from '../StatusTags.tsx';
import { sendBlockedReason } from './send-blocked.ts';

/** The request's name, state, key dates and the actions its reader or owner may take. */
export function DetailHeader({
  detail,
  onSend,
  onInvalidate,
}: {
  detail: OpportunityDetail;
  onSend: () => void;
  onInvalidate: () => void;
}) {
  const { t } = useTranslation('cooperation');
  const { item } = detail;
  const sendReason = sendBlockedReason(detail);
  return (
    <section className="detail-card detail-header" aria-labelledby="detail-title">
      <div className="detail-header__main">
        <div className="detail-header__tags">
          <RequestStatusTag item={item} />
          <OpportunityTags item={{ ...item, status: 'effective' }} />
        </div>
        <h1 id="detail-title" className="detail-header__title">
          {item.itDpchlstRqmNm}
        </h1>
        <DetailMeta detail={detail} />
        {item.isMine && !detail.canEdit ? <p className="detail-header__note">{t('intention.blocked.mine')}</p> : null}
        {item.isMine && detail.canEdit ? <p className="detail-header__note">{t('detail.ownerNote')}</p> : null}
      </div>
      <div className="detail-header__actions">
        {item.isMine ? null : <SendIntentionButton reason={sendReason} onSend={onSend} />}
        {!item.isMine ? (
          <FollowButton lgcSn={item.lgcSn} name={item.itDpchlstRqmNm} followed={item.followed} variant="default" />
        ) : null}
        {sendReason && !item.isMine ? (
          <p className="detail-header__reason">{t(`intention.blocked.${sendReason}`)}</p>
        ) : null}
        {detail.canEdit && item.status === 'effective' ? (
          <>
            <ButtonLink to={editPath(item.lgcSn)}>{t('actions.edit')}</ButtonLink>
            <Button danger onClick={onInvalidate}>
              {t('invalidate.button')}
            </Button>
          </>
        ) : null}
      </div>
    </section>
  );
}

/** "Send cooperation intention", or the reason it cannot be sent yet. */
function SendIntentionButton({ reason, onSend }: { reason: ReturnType<typeof sendBlockedReason>; onSend: () => void }) {
  const { t } = useTranslation('cooperation');
  if (!reason) {
    return (
      <Button type="primary" size="large" onClick={onSend}>
        {t('intention.send')}
      </Button>
    );
  }
  // Focusable, unlike a disabled button, so the reason reaches keyboard and screen-reader users too.
  return (
    <Tooltip title={t(`intention.blocked.${reason}`)}>
      <Button
        type="primary"
        size="large"
        aria-disabled="true"
        className="is-unavailable"
        aria-label={`${t('intention.send')}: ${t(`intention.blocked.${reason}`)}`}
        onClick={() => showToast({ type: 'info', content: t(`intention.blocked.${reason}`) })}
      >
        {t('intention.send')}
      </Button>
    </Tooltip>
  );
}

/** Institution, type, direction, dates and validity. */
function DetailMeta({ detail }: { detail: OpportunityDetail }) {
  const { t } = useTranslation('cooperation');
  const { locale } = useLocale();
  const label = useFieldLabel();
  const { item, fields } = detail;
  const validFrom = typeof fields.validFrom === 'string' ? fields.validFrom : null;
  const validUntil = (typeof fields.validUntil === 'string' ? fields.validUntil : null) ?? item.validUntil;
  const entry = (key: string, term: string, value: ReactNode) => (
    <div key={key}>
      <dt className="field-label">{term}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="detail-header__meta">
      {entry('institution', t('detail.institution'), item.instNm)}
      {entry('type', t('detail.type'), item.astPrjTpcdName)}
      {entry('direction', label('direction'), dictName('directions', item.direction, locale))}
      {entry('publishDate', t('detail.publishDate'), <Code>{formatDate(item.createTime)}</Code>)}
      {entry('updateTime', label('updateTime'), <Code>{formatDate(item.updateTime)}</Code>)}
      {entry(
        'validity',
        t('detail.validity'),
        validFrom ? (
          <>
            <Code>{formatDate(validFrom)}</Code> – <Code>{formatDate(validUntil)}</Code>
          </>
        ) : (
          <Code>{formatDate(validUntil)}</Code>
        ),
      )}
      {item.intendedTimeLimit
        ? entry('intendedTimeLimit', label('intendedTimeLimit'), <Code>{formatDate(item.intendedTimeLimit)}</Code>)
        : null}
    </dl>
  );
}

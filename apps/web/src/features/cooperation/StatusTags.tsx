import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IntentionItem, OpportunityItem } from './cooperation-api.ts';

/** Effective, or invalid with why (expired, withdrawn, taken down). */
export function RequestStatusTag({ item }: { item: Pick<OpportunityItem, 'status' | 'invalidReason'> }) {
  const { t } = useTranslation('cooperation');
  if (item.status === 'effective') return <Tag color="success">{t('status.effective')}</Tag>;
  if (item.status === 'draft') return <Tag>{t('status.draft')}</Tag>;
  return (
    <Tag color="default">{item.invalidReason ? t(`status.invalid_${item.invalidReason}`) : t('status.invalid')}</Tag>
  );
}

/** The state of an intention: waiting for an answer, agreed, rejected. */
export function IntentionStatusTag({ status }: { status: IntentionItem['status'] }) {
  const { t } = useTranslation('cooperation');
  const color = status === 'agreed' ? 'success' : status === 'rejected' ? 'error' : 'processing';
  return <Tag color={color}>{t(`intentionStatus.${status}`)}</Tag>;
}

/**
 * What a row means to the reader: invalid, published by the reader's institution, or the state
 * of the intention the reader's institution sent. Nothing for an effective request of another
 * institution with no intention yet.
 */
export function OpportunityTags({ item }: { item: OpportunityItem }) {
  const { t } = useTranslation('cooperation');
  const tags = [];
  if (item.status !== 'effective') tags.push(<RequestStatusTag key="status" item={item} />);
  if (item.isMine)
    tags.push(
      <Tag key="mine" color="blue">
        {t('tags.mine')}
      </Tag>,
    );
  if (item.intentionStatus === 'pending')
    tags.push(
      <Tag key="intention" color="processing">
        {t('tags.intentionSent')}
      </Tag>,
    );
  if (item.intentionStatus === 'agreed')
    tags.push(
      <Tag key="intention" color="success">
        {t('tags.intentionAgreed')}
      </Tag>,
    );
  if (item.intentionStatus === 'rejected')
    tags.push(
      <Tag key="intention" color="error">
        {t('tags.intentionRejected')}
      </Tag>,
    );
  if (!tags.length) return null;
  return <span className="tag-list">{tags}</span>;
}

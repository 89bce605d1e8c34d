import type { TContentStatus } from '@portal/shared/schemas/content';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Draft or published, and for a published entry with a publish window whether it shows now. */
export function StatusTag({
  status,
  publishFrom = null,
  publishUntil = null,
  now = new Date(),
}: {
  status: TContentStatus;
  publishFrom?: string | null;
  publishUntil?: string | null;
  now?: Date;
}) {
  const { t } = useTranslation('backoffice');
  if (status === 'draft') return <Tag>{t('content.status.draft')}</Tag>;
  if (publishFrom && new Date(publishFrom) > now) return <Tag color="processing">{t('content.status.scheduled')}</Tag>;
  if (publishUntil && new Date(publishUntil) <= now) return <Tag color="warning">{t('content.status.expired')}</Tag>;
  return <Tag color="success">{t('content.status.published')}</Tag>;
}

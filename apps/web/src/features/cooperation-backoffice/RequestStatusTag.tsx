import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BackofficeRequest } from './cooperation-backoffice-api.ts';

/**
 * Effective, or why the request is invalid (expired, withdrawn by its owner, taken down by the
 * bank, then with the reason given).
 */
export function RequestStatusTag({
  request,
}: {
  request: Pick<BackofficeRequest, 'status' | 'invalidReason' | 'takenDownNote'>;
}) {
  const { t } = useTranslation('backoffice');
  if (request.status === 'effective') return <Tag color="success">{t('cooperation.requests.status.effective')}</Tag>;
  const reason = request.invalidReason;
  const tag = (
    <Tag color={reason === 'takenDown' ? 'error' : 'default'}>
      {t(`cooperation.requests.status.${reason ?? 'invalid'}`)}
    </Tag>
  );
  if (reason !== 'takenDown' || !request.takenDownNote) return tag;
  const note = t('cooperation.requests.takenDownReason', { reason: request.takenDownNote });
  return (
    <div className="cell-stack">
      {tag}
      <span className="cell-stack__sub status-note" title={note}>
        {note}
      </span>
    </div>
  );
}

import type { TContractEvent } from '@portal/shared/schemas/contracts';
import { Table, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/time-cells.ts';
import { HashText } from './HashText.tsx';

/** What happened, when, by whom, with which seal on which page, from where, and the hashes. */
function auditColumns(t: TFunction<'contracts'>): TableColumnsType<TContractEvent> {
  return [
    { key: 'kind', title: t('audit.kind'), width: 110, render: (_, row) => t(`audit.kinds.${row.kind}`) },
    {
      key: 'at',
      title: t('audit.at'),
      width: 150,
      render: (_, row) => <span className="nowrap">{formatTime(row.at)}</span>,
    },
    {
      key: 'actor',
      title: t('audit.actor'),
      render: (_, row) => (
        <div className="cell-stack">
          <span>{row.actorName}</span>
          <span className="cell-stack__sub">{row.institutionName}</span>
        </div>
      ),
    },
    {
      key: 'seal',
      title: t('audit.seal'),
      render: (_, row) =>
        row.sealName || row.sealNo ? (
          <div className="cell-stack">
            <span>{row.sealName ?? '—'}</span>
            <span className="cell-stack__sub">{row.sealNo ?? ''}</span>
          </div>
        ) : (
          '—'
        ),
    },
    { key: 'page', title: t('audit.page'), width: 70, render: (_, row) => row.page ?? '—' },
    { key: 'ip', title: t('audit.ip'), width: 130, render: (_, row) => row.ip ?? '—' },
    {
      key: 'hash',
      title: t('audit.hash'),
      width: 300,
      render: (_, row) => (
        <div className="audit-hash">
          <HashText value={row.sha256Before} />
          <span aria-hidden="true">→</span>
          <span className="visually-hidden">{t('audit.hashThen')}</span>
          <HashText value={row.sha256After} />
        </div>
      ),
    },
  ];
}

/**
 * The contract's audit trail: each upload, deletion, confirmation, seal placed and signature,
 * with who, from where, and the document's SHA-256 before and after.
 */
export function AuditTrail({ events }: { events: readonly TContractEvent[] }) {
  const { t } = useTranslation('contracts');
  const columns = auditColumns(t);
  return (
    <Table<TContractEvent>
      className="contract-audit"
      size="small"
      rowKey={(row) =>
        `${row.at}:${row.kind}:${row.actorName}:${row.sealNo ?? ''}:${row.page ?? ''}:${row.fileName ?? ''}`
      }
      columns={columns}
      dataSource={[...events]}
      pagination={events.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 980 }}
      locale={{ emptyText: t('audit.empty') }}
      aria-label={t('audit.title')}
    />
  );
}

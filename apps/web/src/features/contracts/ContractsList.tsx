import './contracts.css';
import { CONTRACT_STATUSES, type TContractStatus, type TCooperationInfo } from '@portal/shared/schemas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Segmented, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { PagedTable, type PagedTableProps } from '../../components/PagedTable.tsx';
import { formatDate } from '../../components/time-cells.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { detailPath } from '../cooperation/paths.ts';
import { ContractStatusTag } from './ContractStatusTag.tsx';
import { contractKeys, fetchCooperationInfos } from './contracts-api.ts';
import { inLanguage, previewContractPath, signContractPath } from './links.ts';
import { UploadContractDialog } from './UploadContractDialog.tsx';

export type ContractStatusFilter = TContractStatus | 'all';
export const CONTRACT_STATUS_FILTERS: readonly ContractStatusFilter[] = ['all', ...CONTRACT_STATUSES];

type Pager = Pick<PagedTableProps<object>, 'page' | 'onPage' | 'pageSizeOptions' | 'totalText'>;

/**
 * My cooperation, Contracts: the agreed intentions of the reader's institution with the state of
 * their contract, and what can be done next: upload it (then on to the contract page), preview,
 * sign, download the signed PDF and the evidence report. Needs the `contracts` texts loaded.
 */
export function ContractsList({
  status,
  pagination,
  onStatus,
}: {
  status: ContractStatusFilter;
  pagination: Pager;
  onStatus: (status: ContractStatusFilter) => void;
}) {
  const { t } = useTranslation('contracts');
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState<TCooperationInfo | null>(null);
  const query = { status, pageNo: pagination.page.pageNo, pageSize: pagination.page.pageSize };
  const list = useQuery({
    queryKey: contractKeys.list(query),
    queryFn: ({ signal }) => fetchCooperationInfos(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });

  const columns: TableColumnsType<TCooperationInfo> = [
    {
      key: 'request',
      title: t('list.request'),
      render: (_, row) => (
        <Link to={detailPath(row.requestLgcSn)} className="opportunity-name">
          {row.requestName}
        </Link>
      ),
    },
    {
      key: 'counterpart',
      title: t('list.counterpart'),
      render: (_, row) => (
        <div className="cell-stack">
          <span>{row.counterpartName}</span>
          {row.counterpartSwiftCode ? <span className="cell-stack__sub nowrap">{row.counterpartSwiftCode}</span> : null}
        </div>
      ),
    },
    {
      key: 'myParty',
      title: t('list.myParty'),
      width: 110,
      render: (_, row) => t(`list.side.${row.myParty}`),
    },
    {
      key: 'agreedAt',
      title: t('list.agreedAt'),
      width: 110,
      render: (_, row) => <span className="nowrap">{formatDate(row.agreedAt)}</span>,
    },
    {
      key: 'status',
      title: t('list.status'),
      width: 140,
      render: (_, row) => (
        <div className="cell-stack cell-stack--tags">
          <span>
            <ContractStatusTag status={row.contractStatus} />
          </span>
          <span className="cell-stack__sub">{statusNote(row, t)}</span>
        </div>
      ),
    },
    {
      key: 'action',
      title: t('list.actions'),
      width: 150,
      render: (_, row) => {
        const names = { name: row.requestName };
        const open = row.requestClosed === null;
        const canSign = open && row.confirmed && !row.signedByMe && row.contractStatus !== 'signed';
        return (
          <div className="row-actions">
            {row.contractStatus === 'notUploaded' && open ? (
              <Button type="link" onClick={() => setUploading(row)} aria-label={t('actions.uploadFor', names)}>
                {t('actions.upload')}
              </Button>
            ) : (
              <Link to={previewContractPath(row.intentionLgcSn)} aria-label={t('actions.previewFor', names)}>
                {t('actions.preview')}
              </Link>
            )}
            {canSign ? (
              <Link to={signContractPath(row.intentionLgcSn)} aria-label={t('actions.signFor', names)}>
                {t('actions.sign')}
              </Link>
            ) : null}
            {row.contractStatus === 'signed' && row.signedPdfUrl ? (
              <a href={row.signedPdfUrl} download aria-label={t('actions.downloadSignedFor', names)}>
                {t('actions.downloadSigned')}
              </a>
            ) : null}
            {row.contractStatus === 'signed' && row.evidenceUrl ? (
              <a
                href={inLanguage(row.evidenceUrl, locale)}
                download
                aria-label={t('actions.downloadEvidenceFor', names)}
              >
                {t('actions.downloadEvidence')}
              </a>
            ) : null}
          </div>
        );
      },
    },
  ];

  return (
    <>
      <div className="list-toolbar">
        <Segmented<ContractStatusFilter>
          value={status}
          onChange={onStatus}
          options={CONTRACT_STATUS_FILTERS.map((value) => ({
            value,
            label: value === 'all' ? t('list.all') : t(`status.${value}`),
          }))}
          aria-label={t('list.statusLabel')}
        />
        <span className="list-toolbar__hint">{t('list.hint')}</span>
      </div>
      <PagedTable<TCooperationInfo>
        {...pagination}
        rowKey="intentionLgcSn"
        columns={columns}
        query={list}
        scroll={{ x: 780 }}
        aria-label={t('list.title')}
        emptyTexts={{
          loadFailed: t('list.loadFailed'),
          noMatch: t('list.noMatch'),
          empty: t('list.empty'),
          filtered: status !== 'all',
        }}
      />
      {uploading ? (
        <UploadContractDialog
          intentionLgcSn={uploading.intentionLgcSn}
          requestName={uploading.requestName}
          onClose={() => setUploading(null)}
          onUploaded={() => {
            const id = uploading.intentionLgcSn;
            setUploading(null);
            void queryClient.invalidateQueries({ queryKey: contractKeys.all });
            navigate(previewContractPath(id));
          }}
        />
      ) : null}
    </>
  );
}

/** A line under the status: what happens next, from the reader's side. */
function statusNote(row: TCooperationInfo, t: ReturnType<typeof useTranslation<'contracts'>>['t']): string {
  if (row.contractStatus === 'signed') return t('list.note.done');
  if (row.requestClosed) return t(`list.note.${row.requestClosed}`);
  if (row.contractStatus === 'notUploaded') return t('list.note.upload');
  if (!row.confirmed) return t('list.note.confirm');
  if (row.signedByMe) return t('list.note.waitOther');
  if (row.signedByOther) return t('list.note.otherSigned');
  return t('list.note.sign');
}

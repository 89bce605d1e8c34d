import './contracts.css';
import { CONTRACT_STATUSES, type TContractStatus, type TCooperationInfo } from '@portal/shared/schemas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Segmented, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { PagedList } from '../../components/PagedList.tsx';
import { PagedTable, type PagedTableProps } from '../../components/PagedTable.tsx';
import { formatDate } from '../../components/time-cells.ts';
import { useIsPhone } from '../../lib/responsive.ts';
import { detailPath } from '../cooperation/paths.ts';
import { ContractCards } from './ContractCards.tsx';
import { ContractActions, ContractStatusCell, CounterpartCell } from './ContractRowParts.tsx';
import { contractKeys, fetchCooperationInfos } from './contracts-api.ts';
import { previewContractPath } from './links.ts';
import { UploadContractDialog } from './UploadContractDialog.tsx';

export type ContractStatusFilter = TContractStatus | 'all';
export const CONTRACT_STATUS_FILTERS: readonly ContractStatusFilter[] = ['all', ...CONTRACT_STATUSES];

type Pager = Pick<PagedTableProps<object>, 'page' | 'onPage' | 'pageSizeOptions' | 'totalText'>;

/** The list's columns: the request, the other party, our side, when agreed, the state and what to do next. */
function contractColumns(
  t: TFunction<'contracts'>,
  setUploading: (row: TCooperationInfo) => void,
): TableColumnsType<TCooperationInfo> {
  return [
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
      render: (_, row) => <CounterpartCell row={row} />,
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
      render: (_, row) => <ContractStatusCell row={row} />,
    },
    {
      key: 'action',
      title: t('list.actions'),
      width: 150,
      render: (_, row) => <ContractActions row={row} onUpload={setUploading} />,
    },
  ];
}

function StatusFilter({
  status,
  onStatus,
}: {
  status: ContractStatusFilter;
  onStatus: (status: ContractStatusFilter) => void;
}) {
  const { t } = useTranslation('contracts');
  return (
    <Segmented<ContractStatusFilter>
      value={status}
      onChange={onStatus}
      options={CONTRACT_STATUS_FILTERS.map((value) => ({
        value,
        label: value === 'all' ? t('list.all') : t(`status.${value}`),
      }))}
      aria-label={t('list.statusLabel')}
    />
  );
}

/**
 * My cooperation, Contracts: the agreed intentions of the reader's institution with the state of
 * their contract, and what can be done next: upload it (then on to the contract page), preview,
 * sign, download the signed PDF and the evidence report; on a phone as cards. Needs the `contracts`
 * texts loaded.
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
  const phone = useIsPhone();
  const [uploading, setUploading] = useState<TCooperationInfo | null>(null);
  const query = { status, pageNo: pagination.page.pageNo, pageSize: pagination.page.pageSize };
  const list = useQuery({
    queryKey: contractKeys.list(query),
    queryFn: ({ signal }) => fetchCooperationInfos(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });

  const columns = contractColumns(t, setUploading);
  const emptyTexts = {
    loadFailed: t('list.loadFailed'),
    noMatch: t('list.noMatch'),
    empty: t('list.empty'),
    filtered: status !== 'all',
  };

  return (
    <>
      <div className="list-toolbar contracts-toolbar">
        <StatusFilter status={status} onStatus={onStatus} />
        <span className="list-toolbar__hint">{t('list.hint')}</span>
      </div>
      {phone ? (
        <PagedList<TCooperationInfo>
          query={list}
          page={pagination.page}
          onPage={pagination.onPage}
          totalText={pagination.totalText}
          emptyTexts={{ ...emptyTexts, simple: true }}
        >
          {(items) => <ContractCards items={items} label={t('list.title')} onUpload={setUploading} />}
        </PagedList>
      ) : (
        <PagedTable<TCooperationInfo>
          {...pagination}
          rowKey="intentionLgcSn"
          columns={columns}
          query={list}
          scroll={{ x: 780 }}
          aria-label={t('list.title')}
          emptyTexts={emptyTexts}
        />
      )}
      {uploading ? <UploadThenPreview row={uploading} onClose={() => setUploading(null)} /> : null}
    </>
  );
}

/** Uploading the contract of an agreed intention, then on to the contract's page. */
function UploadThenPreview({ row, onClose }: { row: TCooperationInfo; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <UploadContractDialog
      intentionLgcSn={row.intentionLgcSn}
      requestName={row.requestName}
      onClose={onClose}
      onUploaded={() => {
        const id = row.intentionLgcSn;
        onClose();
        void queryClient.invalidateQueries({ queryKey: contractKeys.all });
        navigate(previewContractPath(id));
      }}
    />
  );
}

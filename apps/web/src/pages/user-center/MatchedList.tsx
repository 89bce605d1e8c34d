import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Segmented, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { PagedTable, type PagedTableProps } from '../../components/PagedTable.tsx';
import { TimeText } from '../../components/TimeText.tsx';
import {
  cooperationKeys,
  fetchMatched,
  type MatchedItem,
  type PushKind,
} from '../../features/cooperation/cooperation-api.ts';
import { detailPath } from '../../features/cooperation/paths.ts';
import { OpportunityTags } from '../../features/cooperation/StatusTags.tsx';

export type Pager = Pick<PagedTableProps<object>, 'page' | 'onPage' | 'pageSizeOptions' | 'totalText'>;
export const PUSH_KINDS: readonly PushKind[] = ['system', 'manual'];
/** What a list of the page gets from it: the paging kept in the address. */
export type ListProps = { pagination: Pager };

/** Requests the portal matched to the institution (system) or bank staff pushed to it (manual). */
export function MatchedList({
  kind,
  pagination,
  onKind,
}: ListProps & { kind: PushKind; onKind: (kind: PushKind) => void }) {
  const { t } = useTranslation('cooperation');
  const params = { pageNo: pagination.page.pageNo, pageSize: pagination.page.pageSize };
  const list = useQuery({
    queryKey: cooperationKeys.matched(kind, params),
    queryFn: ({ signal }) => fetchMatched(kind, params, signal),
    placeholderData: keepPreviousData,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });
  const columns = useMatchedColumns();
  return (
    <>
      <div className="list-toolbar">
        <Segmented<PushKind>
          value={kind}
          onChange={onKind}
          options={PUSH_KINDS.map((value) => ({ value, label: t(`matched.kind.${value}`) }))}
          aria-label={t('matched.kindLabel')}
        />
        <span className="list-toolbar__hint">{t(`matched.hint.${kind}`)}</span>
      </div>
      <PagedTable<MatchedItem>
        {...pagination}
        rowKey={(row) => `${row.kind}:${row.request.lgcSn}`}
        columns={columns}
        query={list}
        scroll={{ x: 760 }}
        aria-label={t(`matched.kind.${kind}`)}
        emptyTexts={{ loadFailed: t('list.loadFailed'), empty: t(`matched.empty.${kind}`) }}
      />
    </>
  );
}

function useMatchedColumns(): TableColumnsType<MatchedItem> {
  const { t } = useTranslation('cooperation');
  return [
    {
      key: 'request',
      title: t('columns.name'),
      render: (_, row) => (
        <div className="cell-stack cell-stack--tags">
          <Link to={detailPath(row.request.lgcSn)} className="opportunity-name">
            {row.request.itDpchlstRqmNm}
          </Link>
          <span className="cell-stack__sub">{row.request.astPrjTpcdName}</span>
          <OpportunityTags item={row.request} />
        </div>
      ),
    },
    { key: 'institution', title: t('columns.institution'), dataIndex: 'instNm', width: 190 },
    { key: 'swift', title: t('matched.swift'), width: 120, render: (_, row) => row.swiftCode ?? '—' },
    {
      key: 'pushTime',
      title: t('matched.pushTime'),
      width: 140,
      render: (_, row) => <TimeText value={row.pushTime} />,
    },
    {
      key: 'action',
      title: t('columns.action'),
      width: 80,
      render: (_, row) => (
        <Link
          to={detailPath(row.request.lgcSn)}
          aria-label={t('actions.viewFor', { name: row.request.itDpchlstRqmNm })}
        >
          {t('actions.view')}
        </Link>
      ),
    },
  ];
}

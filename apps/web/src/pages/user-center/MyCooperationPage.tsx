import '../../features/user-management/user-management.css';
import '../../features/cooperation/cooperation.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Segmented, Table, type TableColumnsType, type TablePaginationConfig, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { AnswerIntention } from '../../features/cooperation/AnswerIntention.tsx';
import {
  cooperationKeys,
  fetchIntentions,
  fetchMatched,
  type IntentionItem,
  type IntentionStatusFilter,
  type MatchedItem,
  type PushKind,
} from '../../features/cooperation/cooperation-api.ts';
import { PAGE_SIZE_OPTIONS } from '../../features/cooperation/list-filters.ts';
import { usePagedView } from '../../features/cooperation/page-view.ts';
import { detailPath } from '../../features/cooperation/paths.ts';
import { formatTime, IntentionStatusTag, OpportunityTags } from '../../features/cooperation/StatusTags.tsx';

const TABS = ['received', 'sent', 'matched'] as const;
type Tab = (typeof TABS)[number];
const INTENTION_STATUSES: readonly IntentionStatusFilter[] = ['all', 'pending', 'agreed', 'rejected'];
const PUSH_KINDS: readonly PushKind[] = ['system', 'manual'];

/**
 * /userCenter/myCooperation (SPEC §2 user centre): intentions received by the user's institution
 * (unhandled ones answered here), intentions it sent, and the opportunities matched to it —
 * pushed by the system or by the bank.
 */
export function MyCooperationPage() {
  const { t } = useTranslation('cooperation');
  const [params] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'received';
  const isMatched = tab === 'matched';
  const { view, update } = usePagedView<string, Tab>({
    statuses: isMatched ? PUSH_KINDS : INTENTION_STATUSES,
    defaultStatus: isMatched ? 'system' : 'all',
    tabs: TABS,
    defaultTab: 'received',
  });

  const pagination = (total: number): TablePaginationConfig => ({
    current: view.pageNo,
    pageSize: view.pageSize,
    total,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (count) => t('list.total', { total: count }),
    onChange: (pageNo, pageSize) => update({ pageNo, pageSize }),
  });

  const content = isMatched ? (
    <MatchedList
      kind={view.status as PushKind}
      view={view}
      pagination={pagination}
      onKind={(status) => update({ status })}
    />
  ) : (
    <IntentionList
      box={tab === 'sent' ? 'sent' : 'received'}
      status={view.status as IntentionStatusFilter}
      view={view}
      pagination={pagination}
      onStatus={(status) => update({ status })}
    />
  );

  return (
    <div className="user-center-panel">
      <div className="user-center-panel__head">
        <h1 className="user-center-panel__title">{t('routes.myCooperation')}</h1>
      </div>
      <p className="form-intro">{t('myCooperation.intro')}</p>
      <Tabs
        activeKey={tab}
        onChange={(key) => update({ tab: key as Tab })}
        items={TABS.map((key) => ({ key, label: t(`myCooperation.tabs.${key}`) }))}
      />
      {content}
    </div>
  );
}

type ListProps = {
  view: { pageNo: number; pageSize: number };
  pagination: (total: number) => TablePaginationConfig;
};

function IntentionList({
  box,
  status,
  view,
  pagination,
  onStatus,
}: ListProps & {
  box: 'sent' | 'received';
  status: IntentionStatusFilter;
  onStatus: (status: IntentionStatusFilter) => void;
}) {
  const { t } = useTranslation('cooperation');
  const params = { box, status, pageNo: view.pageNo, pageSize: view.pageSize };
  const list = useQuery({
    queryKey: cooperationKeys.intentions(params),
    queryFn: ({ signal }) => fetchIntentions(params, signal),
    placeholderData: keepPreviousData,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });
  const received = box === 'received';

  const columns: TableColumnsType<IntentionItem> = [
    {
      key: 'request',
      title: t('intentions.requestAndMessage'),
      render: (_, row) => (
        <div className="cell-stack">
          <Link to={detailPath(row.requestLgcSn)} className="opportunity-name">
            {row.requestName}
          </Link>
          <span className="cell-stack__sub multiline intention-message" title={row.message}>
            {row.message}
          </span>
        </div>
      ),
    },
    received
      ? {
          key: 'institution',
          title: t('intentions.institution'),
          width: 190,
          render: (_, row) => (
            <div className="cell-stack">
              <span>{row.senderInstitution}</span>
              <span className="cell-stack__sub">
                {row.senderName}
                {row.senderSwiftCode ? ` · ${row.senderSwiftCode}` : ''}
              </span>
            </div>
          ),
        }
      : {
          key: 'recipient',
          title: t('intentions.recipient'),
          width: 190,
          render: (_, row) => (
            <div className="cell-stack">
              <span>{row.recipientInstitution}</span>
              <span className="cell-stack__sub">{t('intentions.sentBy', { name: row.senderName })}</span>
            </div>
          ),
        },
    { key: 'sentAt', title: t('intentions.sentAt'), width: 130, render: (_, row) => formatTime(row.sentAt) },
    {
      key: 'status',
      title: t('intentions.status'),
      width: 130,
      render: (_, row) => (
        <div className="cell-stack cell-stack--tags">
          <span>
            <IntentionStatusTag status={row.status} />
          </span>
          {row.respondedAt ? <span className="cell-stack__sub">{formatTime(row.respondedAt)}</span> : null}
        </div>
      ),
    },
  ];
  if (received) {
    columns.push({
      key: 'action',
      title: t('columns.action'),
      width: 130,
      render: (_, row) =>
        row.canAnswer ? (
          <div className="row-actions">
            <AnswerIntention intention={row} />
          </div>
        ) : (
          <span className="cell-stack__sub">{row.handled ? t('intentions.handled') : '—'}</span>
        ),
    });
  }

  return (
    <>
      <div className="list-toolbar">
        <Segmented<IntentionStatusFilter>
          value={status}
          onChange={onStatus}
          options={INTENTION_STATUSES.map((value) => ({
            value,
            label: t(`myCooperation.status.${received && value === 'pending' ? 'unhandled' : value}`),
          }))}
          aria-label={t('myCooperation.statusLabel')}
        />
      </div>
      <Table<IntentionItem>
        rowKey="lgcSn"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 780 }}
        aria-label={t(`myCooperation.tabs.${box}`)}
        locale={{
          emptyText: (
            <Empty
              description={
                list.isError
                  ? t('list.loadFailed')
                  : status !== 'all'
                    ? t('myCooperation.noMatch')
                    : received
                      ? t('myCooperation.emptyReceived')
                      : t('myCooperation.emptySent')
              }
            />
          ),
        }}
        pagination={pagination(list.data?.total ?? 0)}
      />
    </>
  );
}

function MatchedList({
  kind,
  view,
  pagination,
  onKind,
}: ListProps & { kind: PushKind; onKind: (kind: PushKind) => void }) {
  const { t } = useTranslation('cooperation');
  const params = { pageNo: view.pageNo, pageSize: view.pageSize };
  const list = useQuery({
    queryKey: cooperationKeys.matched(kind, params),
    queryFn: ({ signal }) => fetchMatched(kind, params, signal),
    placeholderData: keepPreviousData,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });
  const columns: TableColumnsType<MatchedItem> = [
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
    { key: 'pushTime', title: t('matched.pushTime'), width: 140, render: (_, row) => formatTime(row.pushTime) },
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
      <Table<MatchedItem>
        rowKey={(row) => `${row.kind}:${row.request.lgcSn}`}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 760 }}
        aria-label={t(`matched.kind.${kind}`)}
        locale={{
          emptyText: <Empty description={list.isError ? t('list.loadFailed') : t(`matched.empty.${kind}`)} />,
        }}
        pagination={pagination(list.data?.total ?? 0)}
      />
    </>
  );
}

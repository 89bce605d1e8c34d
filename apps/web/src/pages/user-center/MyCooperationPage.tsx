import '../../features/cooperation/cooperation.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Segmented, type TableColumnsType, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { ExpandableText } from '../../components/ExpandableText.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { TimeText } from '../../components/TimeText.tsx';
import {
  CONTRACT_STATUS_FILTERS,
  type ContractStatusFilter,
  ContractsList,
} from '../../features/contracts/ContractsList.tsx';
import { AnswerIntention } from '../../features/cooperation/AnswerIntention.tsx';
import {
  cooperationKeys,
  fetchIntentions,
  type IntentionItem,
  type IntentionStatusFilter,
  type PushKind,
} from '../../features/cooperation/cooperation-api.ts';
import { IntentionContact } from '../../features/cooperation/IntentionContact.tsx';
import { PAGE_SIZE_OPTIONS } from '../../features/cooperation/list-filters.ts';
import { detailPath } from '../../features/cooperation/paths.ts';
import { IntentionStatusTag } from '../../features/cooperation/StatusTags.tsx';
import { useNamespace } from '../../lib/i18n/namespaces.ts';
import { choiceParam, type ListParam, listView, useListView } from '../../lib/list-view.ts';
import { type ListProps, MatchedList, type Pager, PUSH_KINDS } from './MatchedList.tsx';

const TABS = ['received', 'sent', 'matched', 'contracts'] as const;
type Tab = (typeof TABS)[number];
const INTENTION_STATUSES: readonly IntentionStatusFilter[] = ['all', 'pending', 'agreed', 'rejected'];

/** Tab, status filter and page in the address; each tab has its own filters. */
const tab = choiceParam(TABS, 'received');
const intentionList = listView({ params: { tab, status: choiceParam(INTENTION_STATUSES, 'all') } });
const matchedList = listView({ params: { tab, status: choiceParam(PUSH_KINDS, 'system') } });
const contractList = listView({ params: { tab, status: choiceParam(CONTRACT_STATUS_FILTERS, 'all') } });
type TabView = { tab: ListParam<Tab>; status: ListParam<string> };

/**
 * /userCenter/myCooperation (SPEC §2 user centre): intentions received by the user's institution
 * (unhandled ones answered here), intentions it sent, and the opportunities matched to it —
 * pushed by the system or by the bank; and the contracts of its agreed intentions (their texts, the
 * `contracts` namespace, download with the page; the tab shows once they are there).
 */
export function MyCooperationPage() {
  const { t } = useTranslation('cooperation');
  const { t: tContracts } = useTranslation('contracts');
  const [params] = useSearchParams();
  const contractsReady = useNamespace('contracts');
  const currentTab = tab.read(params.get('tab'));
  const isMatched = currentTab === 'matched';
  const isContracts = currentTab === 'contracts';
  const { view, update, setPage } = useListView<TabView>(
    isMatched ? matchedList : isContracts ? contractList : intentionList,
  );

  const pagination: Pager = {
    page: view,
    onPage: setPage,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    totalText: (total) => t('list.total', { total }),
  };

  return (
    <div className="user-center-panel">
      <div className="user-center-panel__head">
        <h1 className="user-center-panel__title">{t('routes.myCooperation')}</h1>
      </div>
      <p className="form-intro">{t('myCooperation.intro')}</p>
      <Tabs
        activeKey={view.tab}
        onChange={(key) => update({ tab: key, status: null, page: null })}
        items={TABS.filter((key) => key !== 'contracts' || contractsReady).map((key) => ({
          key,
          label: key === 'contracts' ? tContracts('myCooperation.tab') : t(`myCooperation.tabs.${key}`),
        }))}
      />
      <TabContent
        view={view}
        update={update}
        pagination={pagination}
        show={isContracts ? (contractsReady ? 'contracts' : 'loading') : isMatched ? 'matched' : 'intentions'}
      />
    </div>
  );
}

type TabContentProps = {
  view: { tab: Tab; status: string };
  update: (change: { status: string; page: null }) => void;
  pagination: Pager;
  /** The tab's list, or the contracts' texts still loading. */
  show: 'contracts' | 'loading' | 'matched' | 'intentions';
};

function TabContent({ view, update, pagination, show }: TabContentProps) {
  if (show === 'loading') return <PageFallback />;
  if (show === 'contracts') {
    return (
      <ContractsList
        status={view.status as ContractStatusFilter}
        pagination={pagination}
        onStatus={(status) => update({ status, page: null })}
      />
    );
  }
  if (show === 'matched') {
    return (
      <MatchedList
        kind={view.status as PushKind}
        pagination={pagination}
        onKind={(status) => update({ status, page: null })}
      />
    );
  }
  return (
    <IntentionList
      box={view.tab === 'sent' ? 'sent' : 'received'}
      status={view.status as IntentionStatusFilter}
      pagination={pagination}
      onStatus={(status) => update({ status, page: null })}
    />
  );
}

/** The pager of both lists (the page in the address). */

function IntentionList({
  box,
  status,
  pagination,
  onStatus,
}: ListProps & {
  box: 'sent' | 'received';
  status: IntentionStatusFilter;
  onStatus: (status: IntentionStatusFilter) => void;
}) {
  const { t } = useTranslation('cooperation');
  const params = { box, status, pageNo: pagination.page.pageNo, pageSize: pagination.page.pageSize };
  const list = useQuery({
    queryKey: cooperationKeys.intentions(params),
    queryFn: ({ signal }) => fetchIntentions(params, signal),
    placeholderData: keepPreviousData,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });
  const received = box === 'received';

  const columns = useIntentionColumns(received);

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
      <PagedTable<IntentionItem>
        {...pagination}
        columns={columns}
        query={list}
        scroll={{ x: 780 }}
        aria-label={t(`myCooperation.tabs.${box}`)}
        emptyTexts={{
          loadFailed: t('list.loadFailed'),
          noMatch: t('myCooperation.noMatch'),
          empty: received ? t('myCooperation.emptyReceived') : t('myCooperation.emptySent'),
          filtered: status !== 'all',
        }}
      />
    </>
  );
}

function useIntentionColumns(received: boolean): TableColumnsType<IntentionItem> {
  const { t } = useTranslation('cooperation');
  const columns: TableColumnsType<IntentionItem> = [
    {
      key: 'request',
      title: t('intentions.requestAndMessage'),
      render: (_, row) => <RequestCell row={row} />,
    },
    received
      ? {
          key: 'institution',
          title: t('intentions.institution'),
          width: 190,
          render: (_, row) => <SenderCell row={row} />,
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
    { key: 'sentAt', title: t('intentions.sentAt'), width: 130, render: (_, row) => <TimeText value={row.sentAt} /> },
    {
      key: 'status',
      title: t('intentions.status'),
      width: 130,
      render: (_, row) => <StatusCell row={row} />,
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

  return columns;
}

function RequestCell({ row }: { row: IntentionItem }) {
  return (
    <div className="cell-stack">
      <Link to={detailPath(row.requestLgcSn)} className="opportunity-name">
        {row.requestName}
      </Link>
      <ExpandableText text={row.message} className="cell-stack__sub" />
      <IntentionContact intention={row} />
    </div>
  );
}

function SenderCell({ row }: { row: IntentionItem }) {
  return (
    <div className="cell-stack">
      <span>{row.senderInstitution}</span>
      <span className="cell-stack__sub">
        {row.senderName}
        {row.senderSwiftCode ? ` · ${row.senderSwiftCode}` : ''}
      </span>
    </div>
  );
}

function StatusCell({ row }: { row: IntentionItem }) {
  return (
    <div className="cell-stack cell-stack--tags">
      <span>
        <IntentionStatusTag status={row.status} />
      </span>
      {row.respondedAt ? (
        <span className="cell-stack__sub">
          <TimeText value={row.respondedAt} />
        </span>
      ) : null}
    </div>
  );
}

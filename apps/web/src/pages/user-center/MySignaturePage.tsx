import '../../components/list-page.css';
import '../../features/seals/seals.css';
import { dictName } from '@portal/shared/dictionaries';
import { SEAL_STATES, type TSealItem, type TStampedFile } from '@portal/shared/schemas/seals';
import { keepPreviousData, type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Pagination, Segmented, Skeleton, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { formatDate, formatTime } from '../../components/time-cells.ts';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import { ApplySealDrawer } from '../../features/seals/ApplySealDrawer.tsx';
import { CancelSealDialog } from '../../features/seals/CancelSealDialog.tsx';
import { SealImage } from '../../features/seals/SealImage.tsx';
import { SealStateTag } from '../../features/seals/SealStateTag.tsx';
import { fetchMySeals, type SealStateFilter, sealKeys } from '../../features/seals/seals-api.ts';
import { useNamespace } from '../../lib/i18n/namespaces.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { choiceParam, listView, useListView } from '../../lib/list-view.ts';
import { showToast } from '../../lib/notify.ts';

const FILTERS: readonly SealStateFilter[] = ['all', ...SEAL_STATES];
/** State filter and page in the address (`?state=effective&page=2`). */
const sealList = listView({ params: { state: choiceParam(FILTERS, 'all') } });

/**
 * /userCenter/mySignature (SPEC §2, §3, §4): the seals of the user's institution, with their
 * state, validity, applicant and the files they stamped; applying for a new one, and cancelling
 * one's own effective seal with an e-mailed code. Texts of the `seals` namespace.
 */
export function MySignaturePage() {
  return useNamespace('seals') ? <MySignatureView /> : <PageFallback />;
}

function MySignatureView() {
  const { t } = useTranslation('seals');
  const current = useCurrentUser();
  const user = current.status === 'user' ? current.user : null;
  const { view, update, setPage } = useListView(sealList);

  const params = { state: view.state, pageNo: view.pageNo, pageSize: view.pageSize };
  const list = useQuery({
    queryKey: sealKeys.mine(params),
    queryFn: ({ signal }) => fetchMySeals(params, signal),
    placeholderData: keepPreviousData,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });
  const { applying, setApplying, cancelling, setCancelling, onApplied, onCancelled } = useSealActions();

  const applyButton = (
    <Button type="primary" onClick={() => setApplying(true)}>
      {t('apply.button')}
    </Button>
  );

  return (
    <div className="user-center-panel">
      <div className="user-center-panel__head">
        <h1 className="user-center-panel__title">{t('title')}</h1>
        {applyButton}
      </div>
      <p className="form-intro">
        {user?.instNm ? t('list.intro', { institution: user.instNm }) : t('list.introPlain')}
      </p>
      <div className="list-toolbar seal-toolbar">
        <Segmented<SealStateFilter>
          value={view.state}
          onChange={(state) => update({ state, page: null })}
          options={FILTERS.map((value) => ({ value, label: t(value === 'all' ? 'list.all' : `states.${value}`) }))}
          aria-label={t('list.stateLabel')}
        />
      </div>
      <SealListBody list={list} filtered={view.state !== 'all'} applyButton={applyButton} onCancel={setCancelling} />
      {list.data && list.data.total > 0 ? (
        <SealPager pageNo={view.pageNo} pageSize={view.pageSize} total={list.data.total} onPage={setPage} />
      ) : null}
      {applying ? (
        <ApplySealDrawer
          institutionName={user?.instNm ?? ''}
          onClose={() => setApplying(false)}
          onApplied={onApplied}
        />
      ) : null}
      {cancelling ? (
        <CancelSealDialog seal={cancelling} onClose={() => setCancelling(null)} onCancelled={onCancelled} />
      ) : null}
    </div>
  );
}

type PagerProps = {
  pageNo: number;
  pageSize: number;
  total: number;
  onPage: (pageNo: number, pageSize: number) => void;
};

function SealPager({ pageNo, pageSize, total, onPage }: PagerProps) {
  const { t } = useTranslation('seals');
  return (
    <nav className="seal-pager" aria-label={t('list.pagination')}>
      <Pagination
        current={pageNo}
        pageSize={pageSize}
        total={total}
        showSizeChanger
        showTotal={(count) => t('list.total', { total: count })}
        onChange={onPage}
      />
    </nav>
  );
}

/** The drawer or dialog open (apply, cancel) and what follows an application or a cancellation. */
function useSealActions() {
  const { t } = useTranslation('seals');
  const queryClient = useQueryClient();
  const [applying, setApplying] = useState(false);
  const [cancelling, setCancelling] = useState<TSealItem | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: sealKeys.mineAll });

  const onApplied = (seal: TSealItem) => {
    setApplying(false);
    showToast({ type: 'success', content: t('apply.done', { name: seal.sealName, sealNo: seal.sealNo }) });
    refresh();
  };

  const onCancelled = (seal: TSealItem) => {
    setCancelling(null);
    showToast({ type: 'success', content: t('cancel.done', { name: seal.sealName, sealNo: seal.sealNo }) });
    refresh();
  };
  return { applying, setApplying, cancelling, setCancelling, onApplied, onCancelled };
}

type SealListBodyProps = {
  list: UseQueryResult<Awaited<ReturnType<typeof fetchMySeals>>>;
  filtered: boolean;
  applyButton: ReactNode;
  onCancel: (seal: TSealItem) => void;
};

/** The seals as cards, or why there are none (loading, failed, none matching, none yet). */
function SealListBody({ list, filtered, applyButton, onCancel }: SealListBodyProps) {
  const { t } = useTranslation('seals');
  const seals = list.data?.list ?? [];
  if (list.isPending) {
    return (
      <div className="seal-loading" role="status" aria-busy="true" aria-label={t('list.loading')}>
        <Skeleton active avatar={{ shape: 'square', size: 96 }} paragraph={{ rows: 3 }} />
        <Skeleton active avatar={{ shape: 'square', size: 96 }} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (list.isError && !list.data) return <Empty description={t('list.loadFailed')} />;
  if (seals.length === 0) {
    return filtered ? (
      <Empty description={t('list.noMatch')} />
    ) : (
      <Empty description={t('list.empty')}>{applyButton}</Empty>
    );
  }
  return (
    <ul className="seal-list" aria-label={t('list.label')} aria-busy={list.isFetching}>
      {seals.map((seal) => (
        <li key={seal.lgcSn}>
          <SealCard seal={seal} onCancel={() => onCancel(seal)} />
        </li>
      ))}
    </ul>
  );
}

/** One seal: its picture, facts, the files it stamped and, for its applicant while effective, "Cancel". */
function SealCard({ seal, onCancel }: { seal: TSealItem; onCancel: () => void }) {
  const { t } = useTranslation('seals');
  const titleId = `seal-${seal.lgcSn}`;
  const facts = useSealFacts(seal);

  return (
    <article className="seal-card" aria-labelledby={titleId}>
      <SealImage src={seal.imageUrl} alt={t('card.imageAlt', { name: seal.sealName })} size={112} />
      <div>
        <div className="seal-card__head">
          <h2 className="seal-card__title" id={titleId}>
            {seal.sealName} <SealStateTag state={seal.state} />
          </h2>
          {seal.mine && seal.state === 'effective' ? (
            <Button danger onClick={onCancel} aria-label={t('cancel.buttonFor', { name: seal.sealName })}>
              {t('cancel.button')}
            </Button>
          ) : null}
        </div>
        <dl className="seal-card__facts">
          {facts.map((fact) => (
            <div key={fact.key}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
        {seal.state === 'rejected' && seal.rejectReason ? (
          <Alert
            className="seal-card__note"
            type="error"
            showIcon
            title={t('card.rejected')}
            description={seal.rejectReason}
          />
        ) : null}
      </div>
      <section className="seal-card__stamped" aria-labelledby={`${titleId}-stamped`}>
        <h3 className="seal-card__stamped-title" id={`${titleId}-stamped`}>
          {t('card.stamped')}
        </h3>
        {seal.stampedFiles.length ? (
          <StampedFiles files={seal.stampedFiles} />
        ) : (
          <p className="seal-card__unused">{t('card.notUsed')}</p>
        )}
      </section>
    </article>
  );
}

/** What a seal card lists: number, validity, applicant, dates, period, approver (and cancellation). */
function useSealFacts(seal: TSealItem) {
  const { t } = useTranslation('seals');
  const { locale } = useLocale();
  const validity =
    seal.validFrom && seal.validTo
      ? t('card.validRange', { from: formatDate(seal.validFrom), to: formatDate(seal.validTo) })
      : t('card.validPending', { count: seal.periodMonths });
  const facts: { key: string; label: string; value: string }[] = [
    { key: 'sealNo', label: t('card.sealNo'), value: seal.sealNo },
    { key: 'validity', label: t('card.validity'), value: validity },
    {
      key: 'applicant',
      label: t('card.applicant'),
      value: seal.mine ? t('card.applicantYou', { name: seal.applicantName }) : seal.applicantName,
    },
    { key: 'appliedAt', label: t('card.appliedAt'), value: formatTime(seal.generatedAt) },
    { key: 'period', label: t('card.period'), value: t('card.months', { count: seal.periodMonths }) },
    {
      key: 'approver',
      label: t('card.approver'),
      value: dictName('branches', seal.approverBranch, locale) || seal.approverBranch,
    },
  ];
  if (seal.cancelledAt) {
    facts.push({ key: 'cancelledAt', label: t('card.cancelledAt'), value: formatTime(seal.cancelledAt) });
  }
  return facts;
}

function StampedFiles({ files }: { files: readonly TStampedFile[] }) {
  const { t, i18n } = useTranslation('seals');
  const separator = i18n.language === 'zh-CN' ? '、' : ', ';
  const columns: TableColumnsType<TStampedFile> = [
    { key: 'title', title: t('card.contract'), dataIndex: 'title' },
    { key: 'signers', title: t('card.signers'), render: (_, file) => file.signers.join(separator) || '—' },
    { key: 'signedAt', title: t('card.signedAt'), width: 150, render: (_, file) => formatTime(file.signedAt) },
  ];
  return (
    <Table<TStampedFile>
      size="small"
      rowKey="contractLgcSn"
      columns={columns}
      dataSource={[...files]}
      pagination={false}
      scroll={{ x: 520 }}
    />
  );
}

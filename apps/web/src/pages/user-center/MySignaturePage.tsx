import '../../components/list-page.css';
import '../../features/seals/seals.css';
import { dictName } from '@portal/shared/dictionaries';
import { SEAL_STATES, type TSealItem, type TStampedFile } from '@portal/shared/schemas/seals';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
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
  const queryClient = useQueryClient();
  const current = useCurrentUser();
  const user = current.status === 'user' ? current.user : null;
  const { view, update, setPage } = useListView(sealList);
  const [applying, setApplying] = useState(false);
  const [cancelling, setCancelling] = useState<TSealItem | null>(null);

  const params = { state: view.state, pageNo: view.pageNo, pageSize: view.pageSize };
  const list = useQuery({
    queryKey: sealKeys.mine(params),
    queryFn: ({ signal }) => fetchMySeals(params, signal),
    placeholderData: keepPreviousData,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });
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

  const applyButton = (
    <Button type="primary" onClick={() => setApplying(true)}>
      {t('apply.button')}
    </Button>
  );
  const seals = list.data?.list ?? [];
  const filtered = view.state !== 'all';

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="seal-loading" role="status" aria-busy="true" aria-label={t('list.loading')}>
        <Skeleton active avatar={{ shape: 'square', size: 96 }} paragraph={{ rows: 3 }} />
        <Skeleton active avatar={{ shape: 'square', size: 96 }} paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (list.isError && !list.data) {
    body = <Empty description={t('list.loadFailed')} />;
  } else if (seals.length === 0) {
    body = filtered ? (
      <Empty description={t('list.noMatch')} />
    ) : (
      <Empty description={t('list.empty')}>{applyButton}</Empty>
    );
  } else {
    body = (
      <ul className="seal-list" aria-label={t('list.label')} aria-busy={list.isFetching}>
        {seals.map((seal) => (
          <li key={seal.lgcSn}>
            <SealCard seal={seal} onCancel={() => setCancelling(seal)} />
          </li>
        ))}
      </ul>
    );
  }

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
      {body}
      {list.data && list.data.total > 0 ? (
        <nav className="seal-pager" aria-label={t('list.pagination')}>
          <Pagination
            current={view.pageNo}
            pageSize={view.pageSize}
            total={list.data.total}
            showSizeChanger
            showTotal={(total) => t('list.total', { total })}
            onChange={setPage}
          />
        </nav>
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

/** One seal: its picture, facts, the files it stamped and, for its applicant while effective, "Cancel". */
function SealCard({ seal, onCancel }: { seal: TSealItem; onCancel: () => void }) {
  const { t } = useTranslation('seals');
  const { locale } = useLocale();
  const titleId = `seal-${seal.lgcSn}`;
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

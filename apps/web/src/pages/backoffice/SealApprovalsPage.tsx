import '../../components/typography.css';
import '../../features/seals/seals.css';
import { dictName } from '@portal/shared/dictionaries';
import { SEAL_STATES, type TSealReviewItem } from '@portal/shared/schemas/seals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { StatusSearchToolbar } from '../../components/StatusSearchToolbar.tsx';
import { formatTime } from '../../components/time-cells.ts';
import { SealImage } from '../../features/seals/SealImage.tsx';
import { SealStateTag } from '../../features/seals/SealStateTag.tsx';
import { fetchSealReviews, type SealReviewFilter, sealKeys } from '../../features/seals/seals-api.ts';
import { useNamespace } from '../../lib/i18n/namespaces.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { choiceParam, listView, textParam, useListView } from '../../lib/list-view.ts';
import { SealReviewDrawer } from './SealReviewDrawer.tsx';

const FILTERS: readonly SealReviewFilter[] = ['toReview', ...SEAL_STATES, 'all'];

/** State (to review by default), search, page and the application open in the drawer, in the address. */
const sealReviewList = listView({
  params: { state: choiceParam(FILTERS, 'toReview'), q: textParam({ max: 100 }), open: textParam() },
});

/**
 * /backend/seals: the seal applications for the bank to approve (SPEC §4: submitted → pending
 * approval when a reviewer starts its review → effective or rejected). A row opens the application
 * in a drawer with every field, the authorization agreement and, for its branch's staff, Start
 * review and then the decisions. Opening changes nothing (no GET changes state).
 */
export function SealApprovalsPage() {
  return useNamespace('seals') ? <SealApprovalsView /> : <PageFallback />;
}

function SealApprovalsView() {
  const { t } = useTranslation('seals');
  const { view, update, setPage } = useListView(sealReviewList);
  const { state, q, open, pageNo, pageSize } = view;

  const params = { state, q, pageNo, pageSize };
  const list = useQuery({
    queryKey: sealKeys.reviews(params),
    queryFn: ({ signal }) => fetchSealReviews(params, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useReviewColumns((row) => update({ open: row.lgcSn }));

  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head">
        <h1 className="backoffice-page__title">{t('review.title')}</h1>
        <p className="backoffice-page__intro">{t('review.intro')}</p>
      </header>
      <StatusSearchToolbar<SealReviewFilter>
        className="backoffice-filters"
        status={state}
        q={q}
        onChange={(change) => update({ ...change, page: null })}
        searchPlaceholder={t('review.searchPlaceholder')}
        searchLabel={t('review.searchLabel')}
        statuses={{
          label: t('review.stateLabel'),
          options: FILTERS.map((value) => ({
            value,
            label: t(value === 'toReview' ? 'review.toReview' : value === 'all' ? 'list.all' : `states.${value}`),
          })),
        }}
      />
      <PagedTable<TSealReviewItem>
        columns={columns}
        query={list}
        page={view}
        onPage={setPage}
        scroll={{ x: 1000 }}
        totalText={(total) => t('list.total', { total })}
        emptyTexts={{
          loadFailed: t('list.loadFailed'),
          noMatch: t('review.noMatch'),
          empty: state === 'toReview' ? t('review.emptyToReview') : t('review.empty'),
          filtered: Boolean(q),
        }}
      />
      <SealReviewDrawer lgcSn={open || null} onClose={() => update({ open: null })} />
    </div>
  );
}

function useReviewColumns(onOpen: (row: TSealReviewItem) => void): TableColumnsType<TSealReviewItem> {
  const { t } = useTranslation('seals');
  const { locale } = useLocale();
  return [
    {
      key: 'generatedAt',
      title: t('review.columns.appliedAt'),
      dataIndex: 'generatedAt',
      width: 140,
      render: formatTime,
    },
    { key: 'seal', title: t('review.columns.seal'), render: (_, row) => <SealCell row={row} /> },
    {
      key: 'institution',
      title: t('review.columns.institution'),
      render: (_, row) => (
        <div className="cell-stack">
          <span className="cell-stack__main">{row.institutionName}</span>
          {row.institutionSwiftCode ? (
            <span className="cell-stack__sub text-code">{row.institutionSwiftCode}</span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'applicant',
      title: t('review.columns.applicant'),
      render: (_, row) => (
        <div className="cell-stack">
          <span className="cell-stack__main">{row.applicantName}</span>
          <span className="cell-stack__sub">{row.applicantEmail}</span>
        </div>
      ),
    },
    {
      key: 'approver',
      title: t('review.columns.approver'),
      width: 160,
      render: (_, row) => dictName('branches', row.approverBranch, locale) || row.approverBranch,
    },
    {
      key: 'state',
      title: t('review.columns.state'),
      width: 120,
      render: (_, row) => <SealStateTag state={row.state} />,
    },
    {
      key: 'action',
      title: t('review.columns.action'),
      width: 110,
      render: (_, row) => <OpenReviewButton row={row} onOpen={onOpen} />,
    },
  ];
}

function SealCell({ row }: { row: TSealReviewItem }) {
  const { t } = useTranslation('seals');
  return (
    <div className="seal-cell">
      <SealImage src={row.imageUrl} alt={t('card.imageAlt', { name: row.sealName })} size={44} />
      <div className="cell-stack">
        <span className="cell-stack__main">{row.sealName}</span>
        <span className="cell-stack__sub">{row.sealNo}</span>
      </div>
    </div>
  );
}

function OpenReviewButton({ row, onOpen }: { row: TSealReviewItem; onOpen: (row: TSealReviewItem) => void }) {
  const { t } = useTranslation('seals');
  const action = row.canDecide ? t('review.review') : t('review.view');
  return (
    // The accessible name starts with the visible word (WCAG 2.5.3, label in name).
    <Button
      type="link"
      onClick={() => onOpen(row)}
      aria-label={`${action} – ${t('review.openFor', { name: row.sealName, institution: row.institutionName })}`}
    >
      {action}
    </Button>
  );
}

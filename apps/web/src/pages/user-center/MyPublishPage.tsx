import '../../features/cooperation/cooperation.css';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Segmented, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { formatDate } from '../../components/time-cells.ts';
import {
  cooperationKeys,
  fetchMyPublished,
  invalidateRequest,
  type MyPublishItem,
  type MyPublishStatus,
} from '../../features/cooperation/cooperation-api.ts';
import { InvalidateDialog } from '../../features/cooperation/InvalidateDialog.tsx';
import { PAGE_SIZE_OPTIONS } from '../../features/cooperation/list-filters.ts';
import { detailPath, editPath, PUBLISH_INFO_PATH } from '../../features/cooperation/paths.ts';
import { RequestStatusTag } from '../../features/cooperation/StatusTags.tsx';
import { choiceParam, listView, useListView } from '../../lib/list-view.ts';
import { showToast } from '../../lib/notify.ts';

const STATUSES: readonly MyPublishStatus[] = ['all', 'effective', 'invalid'];

/** Status and page in the address. */
const myPublishList = listView({ params: { status: choiceParam(STATUSES, 'all') } });

/**
 * /userCenter/myPublish, "Released" (SPEC §2 user centre): the requests the user published, with
 * status filter, and for each the opportunities pushed, intentions received and reached; view,
 * edit and invalidate (with a confirmation).
 */
export function MyPublishPage() {
  const { t } = useTranslation('cooperation');
  const { view, update, setPage } = useListView(myPublishList);
  const { invalidating, setInvalidating, saving, invalidate } = useInvalidate();
  const params = { status: view.status, pageNo: view.pageNo, pageSize: view.pageSize };
  const list = useQuery({
    queryKey: cooperationKeys.myPublish(params),
    queryFn: ({ signal }) => fetchMyPublished(params, signal),
    placeholderData: keepPreviousData,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });
  const columns = useMyPublishColumns(setInvalidating);

  return (
    <div className="user-center-panel">
      <div className="user-center-panel__head">
        <h1 className="user-center-panel__title">{t('routes.myPublish')}</h1>
        <ButtonLink to={PUBLISH_INFO_PATH} type="primary">
          {t('list.publish')}
        </ButtonLink>
      </div>
      <p className="form-intro">{t('myPublish.intro')}</p>
      <div className="list-toolbar">
        <Segmented<MyPublishStatus>
          value={view.status}
          onChange={(status) => update({ status, page: null })}
          options={STATUSES.map((value) => ({ value, label: t(`myPublish.status.${value}`) }))}
          aria-label={t('myPublish.statusLabel')}
        />
      </div>
      <PagedTable<MyPublishItem>
        columns={columns}
        query={list}
        page={view}
        onPage={setPage}
        scroll={{ x: 820 }}
        aria-label={t('routes.myPublish')}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        totalText={(total) => t('list.total', { total })}
        emptyTexts={{
          loadFailed: t('list.loadFailed'),
          noMatch: t('myPublish.noMatch'),
          empty: t('myPublish.empty'),
          filtered: view.status !== 'all',
        }}
      />
      {invalidating ? (
        <InvalidateDialog
          name={invalidating.itDpchlstRqmNm}
          busy={saving}
          onConfirm={() => void invalidate(invalidating)}
          onCancel={() => setInvalidating(null)}
        />
      ) : null}
    </div>
  );
}

/** The request being invalidated (its dialog open) and the call that invalidates it. */
function useInvalidate() {
  const { t } = useTranslation('cooperation');
  const queryClient = useQueryClient();
  const [invalidating, setInvalidating] = useState<MyPublishItem | null>(null);
  const [saving, setSaving] = useState(false);
  const invalidate = async (row: MyPublishItem) => {
    setSaving(true);
    try {
      await invalidateRequest(row.lgcSn);
      showToast({ type: 'success', content: t('invalidate.done', { name: row.itDpchlstRqmNm }) });
      setInvalidating(null);
      void queryClient.invalidateQueries({ queryKey: cooperationKeys.all });
    } catch {
      // The toast said why; the dialog stays.
    } finally {
      setSaving(false);
    }
  };
  return { invalidating, setInvalidating, saving, invalidate };
}

function useMyPublishColumns(onInvalidate: (row: MyPublishItem) => void): TableColumnsType<MyPublishItem> {
  const { t } = useTranslation('cooperation');
  return [
    {
      key: 'name',
      title: t('columns.name'),
      minWidth: 200,
      render: (_, row) => (
        <div className="cell-stack">
          <Link to={detailPath(row.lgcSn)} className="opportunity-name">
            {row.itDpchlstRqmNm}
          </Link>
          <span className="cell-stack__sub">
            {row.customerTypeName ? `${row.astPrjTpcdName} · ${row.customerTypeName}` : row.astPrjTpcdName}
          </span>
        </div>
      ),
    },
    { key: 'status', title: t('columns.status'), width: 130, render: (_, row) => <RequestStatusTag item={row} /> },
    { key: 'dates', title: t('columns.dates'), width: 180, render: (_, row) => <DatesCell row={row} /> },
    { key: 'results', title: t('columns.results'), width: 190, render: (_, row) => <ResultsCell row={row} /> },
    {
      key: 'action',
      title: t('columns.action'),
      width: 150,
      render: (_, row) => <RowActions row={row} onInvalidate={onInvalidate} />,
    },
  ];
}

function DatesCell({ row }: { row: MyPublishItem }) {
  const { t } = useTranslation('cooperation');
  return (
    <div className="cell-stack">
      <span>{formatDate(row.createTime)}</span>
      <span className="cell-stack__sub cell-stack__sub--dated">
        {t('myPublish.validUntil', { date: formatDate(row.validUntil) })}
      </span>
      {row.intendedTimeLimit ? (
        <span className="cell-stack__sub cell-stack__sub--dated">
          {t('myPublish.intendedBy', { date: formatDate(row.intendedTimeLimit) })}
        </span>
      ) : null}
      <span className="cell-stack__sub cell-stack__sub--dated">
        {t('myPublish.updated', { date: formatDate(row.updateTime) })}
      </span>
    </div>
  );
}

function ResultsCell({ row }: { row: MyPublishItem }) {
  const { t } = useTranslation('cooperation');
  return (
    <dl className="count-list">
      <div>
        <dt>{t('counts.pushed')}</dt>
        <dd>{row.pushedCount}</dd>
      </div>
      <div>
        <dt>{t('counts.intentions')}</dt>
        <dd>{row.intentionCount}</dd>
      </div>
      <div>
        <dt>{t('counts.reached')}</dt>
        <dd>{row.agreedCount}</dd>
      </div>
    </dl>
  );
}

function RowActions({ row, onInvalidate }: { row: MyPublishItem; onInvalidate: (row: MyPublishItem) => void }) {
  const { t } = useTranslation('cooperation');
  return (
    <div className="row-actions">
      <Link to={detailPath(row.lgcSn)} aria-label={t('actions.viewFor', { name: row.itDpchlstRqmNm })}>
        {t('actions.view')}
      </Link>
      {row.status === 'effective' ? (
        <>
          <ButtonLink
            type="link"
            to={editPath(row.lgcSn)}
            aria-label={t('actions.editFor', { name: row.itDpchlstRqmNm })}
          >
            {t('actions.edit')}
          </ButtonLink>
          <Button
            type="link"
            danger
            onClick={() => onInvalidate(row)}
            aria-label={t('invalidate.for', { name: row.itDpchlstRqmNm })}
          >
            {t('invalidate.button')}
          </Button>
        </>
      ) : null}
    </div>
  );
}

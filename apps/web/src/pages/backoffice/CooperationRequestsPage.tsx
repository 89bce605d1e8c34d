import '../../features/cooperation-backoffice/cooperation-backoffice.css';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/PagedTable.tsx';
import { StatusSearchToolbar } from '../../components/StatusSearchToolbar.tsx';
import { StopDialog } from '../../components/StopDialog.tsx';
import { formatDate } from '../../components/time-cells.ts';
import { ExportButton } from '../../features/backoffice/ExportButton.tsx';
import {
  type BackofficeRequest,
  cooperationBackofficeKeys,
  fetchBackofficeRequests,
  pushRequest,
  type RequestStatusFilter,
  takeDownRequest,
} from '../../features/cooperation-backoffice/cooperation-backoffice-api.ts';
import { REQUEST_STATUS_FILTERS, requestList } from '../../features/cooperation-backoffice/list-params.ts';
import { PushDialog } from '../../features/cooperation-backoffice/PushDialog.tsx';
import { RequestStatusTag } from '../../features/cooperation-backoffice/RequestStatusTag.tsx';
import { cooperationDetailPath } from '../../features/messages/paths.ts';
import { useListView } from '../../lib/list-view.ts';
import { showToast } from '../../lib/notify.ts';

type Dialog = { kind: 'takeDown' | 'push'; request: BackofficeRequest } | null;

/**
 * /backend/cooperation: every published cooperation request, searched by name or institution
 * and filtered by status in the address. Bank staff open a request in a new tab, push an
 * effective one to chosen institutions, or take it down with a reason (decision 0006).
 */
export function CooperationRequestsPage() {
  const { t } = useTranslation('backoffice');
  const { view, update, setPage } = useListView(requestList);
  const { dialog, setDialog, close, takeDown, push } = useRequestActions();

  const list = useQuery({
    queryKey: cooperationBackofficeKeys.requests(view),
    queryFn: ({ signal }) => fetchBackofficeRequests(view, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useRequestColumns(setDialog);

  const filtered = Boolean(view.q) || view.status !== 'all';
  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head backoffice-page__head--actions">
        <div>
          <h1 className="backoffice-page__title">{t('cooperation.routes.requests')}</h1>
          <p className="backoffice-page__intro">{t('cooperation.requests.intro')}</p>
        </div>
        <div className="backoffice-page__actions">
          <ExportButton path="/api/backend/cooperation/export" filters={{ q: view.q, status: view.status }} />
        </div>
      </header>
      <StatusSearchToolbar<RequestStatusFilter>
        className="backoffice-filters"
        status={view.status}
        q={view.q}
        onChange={(change) => update({ ...change, page: null })}
        searchPlaceholder={t('cooperation.requests.searchPlaceholder')}
        searchLabel={t('cooperation.requests.searchLabel')}
        statuses={{
          label: t('cooperation.requests.filters.label'),
          options: REQUEST_STATUS_FILTERS.map((value) => ({
            value,
            label: t(`cooperation.requests.filters.${value}`),
          })),
        }}
      />
      <PagedTable<BackofficeRequest>
        columns={columns}
        query={list}
        page={view}
        onPage={setPage}
        scroll={{ x: 1020 }}
        totalText={(total) => t('pagination.total', { total })}
        emptyTexts={{
          loadFailed: t('cooperation.requests.loadFailed'),
          noMatch: t('cooperation.requests.noMatch'),
          empty: t('cooperation.requests.empty'),
          filtered,
        }}
      />
      <RequestDialogs dialog={dialog} close={close} takeDown={takeDown} push={push} />
    </div>
  );
}

/** The open dialog and what its confirmation does: take the request down or push it. */
function useRequestActions() {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);

  const close = () => setDialog(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: cooperationBackofficeKeys.requestsAll });

  const takeDown = async (request: BackofficeRequest, reason: string) => {
    await takeDownRequest(request.lgcSn, reason);
    close();
    showToast({ type: 'success', content: t('cooperation.takeDown.done', { name: request.itDpchlstRqmNm }) });
    refresh();
  };

  const push = async (request: BackofficeRequest, institutions: string[]) => {
    const { pushed } = await pushRequest(request.lgcSn, institutions);
    close();
    showToast({
      type: 'success',
      content: t('cooperation.push.done', { name: request.itDpchlstRqmNm, count: pushed }),
    });
    refresh();
  };
  return { dialog, setDialog, close, takeDown, push };
}

function useRequestColumns(setDialog: (dialog: Dialog) => void): TableColumnsType<BackofficeRequest> {
  const { t } = useTranslation('backoffice');
  return [
    {
      key: 'name',
      title: t('cooperation.requests.columns.name'),
      dataIndex: 'itDpchlstRqmNm',
      render: (name: string, row) => (
        <div className="cell-stack">
          <span className="cell-stack__main">{name}</span>
          <span className="cell-stack__sub">{t('cooperation.requests.publishedBy', { name: row.ownerName })}</span>
        </div>
      ),
    },
    {
      key: 'institution',
      title: t('cooperation.requests.columns.institution'),
      dataIndex: 'instNm',
      render: (name: string, row) => (
        <div className="cell-stack">
          <span>{name}</span>
          {row.instSwiftCode ? <code className="cell-stack__sub">{row.instSwiftCode}</code> : null}
        </div>
      ),
    },
    { key: 'type', title: t('cooperation.requests.columns.type'), dataIndex: 'astPrjTpcdName', width: 160 },
    {
      key: 'status',
      title: t('cooperation.requests.columns.status'),
      width: 120,
      render: (_, row) => <RequestStatusTag request={row} />,
    },
    {
      key: 'createTime',
      title: t('cooperation.requests.columns.publishedAt'),
      dataIndex: 'createTime',
      width: 110,
      render: formatDate,
    },
    {
      key: 'validUntil',
      title: t('cooperation.requests.columns.validUntil'),
      dataIndex: 'validUntil',
      width: 110,
      render: formatDate,
    },
    {
      key: 'action',
      title: t('cooperation.requests.columns.action'),
      width: 215,
      render: (_, row) => <RowActions row={row} setDialog={setDialog} />,
    },
  ];
}

function RowActions({ row, setDialog }: { row: BackofficeRequest; setDialog: (dialog: Dialog) => void }) {
  const { t } = useTranslation('backoffice');
  return (
    <div className="row-actions">
      <Button
        type="link"
        href={cooperationDetailPath(row.lgcSn)}
        target="_blank"
        rel="noopener"
        aria-label={t('cooperation.requests.viewFor', { name: row.itDpchlstRqmNm })}
      >
        {t('cooperation.requests.view')}
      </Button>
      {row.status === 'effective' ? <EffectiveRowActions row={row} setDialog={setDialog} /> : null}
    </div>
  );
}

function EffectiveRowActions({ row, setDialog }: { row: BackofficeRequest; setDialog: (dialog: Dialog) => void }) {
  const { t } = useTranslation('backoffice');
  return (
    <>
      <Button
        type="link"
        onClick={() => setDialog({ kind: 'push', request: row })}
        aria-label={t('cooperation.requests.pushFor', { name: row.itDpchlstRqmNm })}
      >
        {t('cooperation.requests.push')}
      </Button>
      <Button
        type="link"
        danger
        onClick={() => setDialog({ kind: 'takeDown', request: row })}
        aria-label={t('cooperation.requests.takeDownFor', { name: row.itDpchlstRqmNm })}
      >
        {t('cooperation.requests.takeDown')}
      </Button>
    </>
  );
}

type DialogsProps = Pick<ReturnType<typeof useRequestActions>, 'dialog' | 'close' | 'takeDown' | 'push'>;

function RequestDialogs({ dialog, close, takeDown, push }: DialogsProps) {
  const { t } = useTranslation('backoffice');
  return (
    <>
      {dialog?.kind === 'takeDown' ? (
        <StopDialog
          title={t('cooperation.takeDown.title', { name: dialog.request.itDpchlstRqmNm })}
          text={
            <>
              <p>{t('cooperation.takeDown.text')}</p>
              <p>{t('cooperation.takeDown.undo')}</p>
            </>
          }
          confirmLabel={t('cooperation.takeDown.confirm')}
          onConfirm={(reason) => takeDown(dialog.request, reason)}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'push' ? (
        <PushDialog
          request={dialog.request}
          onConfirm={(institutions) => push(dialog.request, institutions)}
          onClose={close}
        />
      ) : null}
    </>
  );
}

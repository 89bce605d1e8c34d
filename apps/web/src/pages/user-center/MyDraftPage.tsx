import '../../features/publish/publish.css';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PagedTable } from '../../components/PagedTable.tsx';
import { formatTime } from '../../components/time-cells.ts';
import { publishPath } from '../../features/publish/paths.ts';
import { type DraftListItem, deleteDraft, fetchDrafts, publishKeys } from '../../features/publish/publish-api.ts';
import { listView, useListView } from '../../lib/list-view.ts';
import { showToast } from '../../lib/notify.ts';
import { ReturnFocus } from '../../lib/useReturnFocus.ts';

/** Only the page in the address. */
const draftList = listView({ params: {} });

/**
 * /userCenter/myDraft: the user's saved drafts (SPEC §2), newest first, with the page in the
 * address. A draft opens in the publish flow at the step it was saved at; deleting asks first.
 */
export function MyDraftPage() {
  const { t } = useTranslation('publish');
  const navigate = useNavigate();
  const { view, setPage } = useListView(draftList);
  const { pageNo, pageSize } = view;

  const list = useQuery({
    queryKey: publishKeys.drafts({ pageNo, pageSize }),
    queryFn: ({ signal }) => fetchDrafts({ pageNo, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
  const { deleting, setDeleting, busy, remove } = useDeleteDraft({
    rows: list.data?.list.length ?? 0,
    pageNo,
    pageSize,
    setPage,
  });

  const nameOf = (row: DraftListItem) => row.itDpchlstRqmNm.trim() || t('drafts.untitled');
  const open = (row: DraftListItem) => navigate(publishPath({ draft: row.lgcSn }));
  const columns = useDraftColumns({ nameOf, onOpen: open, onDelete: setDeleting });

  return (
    <div className="user-center-panel">
      <div className="user-center-panel__head">
        <h1 className="user-center-panel__title">{t('routes.myDraft')}</h1>
        <Button type="primary" onClick={() => navigate(publishPath())}>
          {t('drafts.newRequest')}
        </Button>
      </div>
      <p className="form-intro">{t('drafts.intro')}</p>
      <PagedTable<DraftListItem>
        columns={columns}
        query={list}
        page={view}
        onPage={setPage}
        scroll={{ x: 640 }}
        quickJumper={false}
        totalText={(total) => t('drafts.total', { count: total })}
        emptyTexts={{
          loadFailed: t('drafts.loadFailed'),
          empty: t('drafts.empty'),
          emptyAction: <Link to={publishPath()}>{t('drafts.emptyLink')}</Link>,
        }}
      />
      {deleting ? (
        <DeleteDraftDialog
          name={nameOf(deleting)}
          busy={busy}
          onOk={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

type DeleteDialogProps = { name: string; busy: boolean; onOk: () => void; onCancel: () => void };

function DeleteDraftDialog({ name, busy, onOk, onCancel }: DeleteDialogProps) {
  const { t } = useTranslation('publish');
  return (
    <>
      <ReturnFocus />
      <Modal
        open
        title={t('drafts.deleteTitle', { name })}
        okText={t('drafts.deleteConfirm')}
        okButtonProps={{ danger: true, loading: busy }}
        cancelText={t('actions.cancel')}
        onOk={onOk}
        onCancel={onCancel}
        destroyOnHidden
        width={480}
      >
        <p>{t('drafts.deleteText')}</p>
      </Modal>
    </>
  );
}

type DeleteContext = {
  /** How many drafts the page in view shows. */
  rows: number;
  pageNo: number;
  pageSize: number;
  setPage: (pageNo: number, pageSize: number) => void;
};

/** The draft being deleted (its dialog open) and the call that deletes it. */
function useDeleteDraft({ rows, pageNo, pageSize, setPage }: DeleteContext) {
  const { t } = useTranslation('publish');
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<DraftListItem | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (row: DraftListItem) => {
    setBusy(true);
    try {
      await deleteDraft(row.lgcSn);
      setDeleting(null);
      showToast({ type: 'success', content: t('drafts.deleted') });
      // The last draft of a later page: go back one page.
      if (rows === 1 && pageNo > 1) setPage(pageNo - 1, pageSize);
      await queryClient.invalidateQueries({ queryKey: publishKeys.draftsAll });
    } catch {
      // The toast said why; the dialog stays.
    } finally {
      setBusy(false);
    }
  };
  return { deleting, setDeleting, busy, remove };
}

type DraftRowHandlers = {
  nameOf: (row: DraftListItem) => string;
  onOpen: (row: DraftListItem) => void;
  onDelete: (row: DraftListItem) => void;
};

function useDraftColumns({ nameOf, onOpen, onDelete }: DraftRowHandlers): TableColumnsType<DraftListItem> {
  const { t } = useTranslation('publish');
  return [
    {
      key: 'name',
      title: t('drafts.columns.name'),
      render: (_, row) => (
        <Link
          to={publishPath({ draft: row.lgcSn })}
          className={row.itDpchlstRqmNm.trim() ? 'draft-name' : 'draft-name is-untitled'}
        >
          {nameOf(row)}
        </Link>
      ),
    },
    {
      key: 'type',
      title: t('drafts.columns.type'),
      render: (_, row) => row.astPrjTpcdName ?? t('drafts.noType'),
    },
    {
      key: 'updated',
      title: t('drafts.columns.updated'),
      dataIndex: 'updateTime',
      width: 170,
      render: (value: string) => formatTime(value),
    },
    {
      key: 'action',
      title: t('drafts.columns.action'),
      width: 170,
      render: (_, row) => (
        <div className="row-actions">
          <Button type="link" onClick={() => onOpen(row)} aria-label={t('drafts.openFor', { name: nameOf(row) })}>
            {t('drafts.open')}
          </Button>
          <Button
            type="link"
            danger
            onClick={() => onDelete(row)}
            aria-label={t('drafts.deleteFor', { name: nameOf(row) })}
          >
            {t('drafts.delete')}
          </Button>
        </div>
      ),
    },
  ];
}

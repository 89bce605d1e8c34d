import './content-admin.css';
import type { TContentKind } from '@portal/shared/schemas/content';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/PagedTable.tsx';
import { formatTime } from '../../components/time-cells.ts';
import { choiceParam, listView, textParam, useListView } from '../../lib/list-view.ts';
import { showToast } from '../../lib/notify.ts';
import {
  type ContentListParams,
  contentAdminKeys,
  deleteContentEntry,
  fetchContentList,
  fetchContentPreview,
  setContentStatus,
} from './content-admin-api.ts';
import type { ContentManagerConfig, Entry } from './content-manager-config.ts';
import { PreviewDrawer } from './PreviewDrawer.tsx';
import { StatusTag } from './StatusTag.tsx';

export type { ContentManagerConfig, EditorContext } from './content-manager-config.ts';

import { ContentToolbar, EntryActions, EntryTitleCell, STATUS_FILTERS } from './content-list-parts.tsx';
import { EntryEditor } from './EntryEditor.tsx';

/** Keyword, status, the kind's own filters and the page, in the address. */
const contentList = listView({
  params: {
    q: textParam(),
    status: choiceParam(STATUS_FILTERS, 'all'),
    moduleType: textParam(),
    category: textParam(),
  },
});

type Editing = { lgcSn: string | null } | null;

function toListParams(view: ReturnType<typeof contentList.read>): ContentListParams {
  return {
    status: view.status === 'all' ? undefined : view.status,
    keyword: view.q || undefined,
    moduleType: view.moduleType || undefined,
    category: view.category || undefined,
    pageNo: view.pageNo,
    pageSize: view.pageSize,
  };
}

type ManagerContext<K extends TContentKind> = {
  config: ContentManagerConfig<K>;
  t: TFunction<'backoffice'>;
  refresh: () => Promise<void>;
  setEditing: (editing: Editing) => void;
  setPreviewing: (entry: Entry<K> | null) => void;
};

/** Publish or withdraw, and delete (their buttons confirm first). */
function entryChanges<K extends TContentKind>({ config, t, refresh }: ManagerContext<K>) {
  const changeStatus = async (entry: Entry<K>, action: 'publish' | 'unpublish') => {
    try {
      await setContentStatus(config.kind, entry.lgcSn, action);
      showToast({ type: 'success', content: t(`content.actions.${action}Done`, { name: config.nameOf(entry) }) });
      await refresh();
    } catch {
      // The toast said why.
    }
  };

  const remove = async (entry: Entry<K>) => {
    try {
      await deleteContentEntry(config.kind, entry.lgcSn);
      showToast({ type: 'success', content: t('content.actions.deleteDone', { name: config.nameOf(entry) }) });
      await refresh();
    } catch {
      // The toast said why.
    }
  };

  return { changeStatus, remove };
}

function statusCell<K extends TContentKind>(config: ContentManagerConfig<K>, entry: Entry<K>) {
  const window = entry as { publishFrom?: string | null; publishUntil?: string | null };
  return (
    <StatusTag
      status={entry.status}
      publishFrom={config.hasWindow ? (window.publishFrom ?? null) : null}
      publishUntil={config.hasWindow ? (window.publishUntil ?? null) : null}
    />
  );
}

/** The list's columns: title, the kind's own, status, last change and the actions. */
function contentColumns<K extends TContentKind>(context: ManagerContext<K>): TableColumnsType<Entry<K>> {
  const { config, t, setEditing, setPreviewing } = context;
  const { changeStatus, remove } = entryChanges(context);
  return [
    {
      key: 'title',
      title: t('content.columns.title'),
      render: (_, entry) => <EntryTitleCell config={config} entry={entry} />,
    },
    ...(config.columns ?? []),
    {
      key: 'status',
      title: t('content.columns.status'),
      width: 110,
      render: (_, entry) => statusCell(config, entry),
    },
    {
      key: 'updatedAt',
      title: t('content.columns.updatedAt'),
      width: 170,
      render: (_, entry) => (
        <div className="cell-stack">
          <span>{formatTime(entry.updatedAt)}</span>
          {entry.updatedBy ? <span className="cell-stack__sub">{entry.updatedBy}</span> : null}
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('content.columns.actions'),
      width: 290,
      render: (_, entry) => (
        <EntryActions
          name={config.nameOf(entry)}
          published={entry.status === 'published'}
          onEdit={() => setEditing({ lgcSn: entry.lgcSn })}
          onPreview={() => setPreviewing(entry)}
          onChangeStatus={() => changeStatus(entry, entry.status === 'published' ? 'unpublish' : 'publish')}
          onRemove={() => remove(entry)}
        />
      ),
    },
  ];
}

/**
 * One content kind's management page: the list (keyword, status and the kind's filters, paging,
 * all kept in the address), the editor drawer (both languages, validated with the shared
 * schema), preview as a visitor sees it, and publish, withdraw and delete after a confirmation.
 */
export function ContentManager<K extends TContentKind>({ config }: { config: ContentManagerConfig<K> }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const { params, view, update, setPage } = useListView(contentList);
  const listParams = toListParams(view);
  const [editing, setEditing] = useState<Editing>(null);
  const [previewing, setPreviewing] = useState<Entry<K> | null>(null);

  const list = useQuery({
    queryKey: contentAdminKeys.list(config.kind, listParams),
    queryFn: ({ signal }) => fetchContentList(config.kind, listParams, signal),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: contentAdminKeys.kind(config.kind) });
  const columns = contentColumns({ config, t, refresh, setEditing, setPreviewing });
  const filtered = Boolean(view.q || view.status !== 'all' || view.moduleType || view.category);

  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head">
        <h1 className="backoffice-page__title">{config.title}</h1>
        <p className="backoffice-page__intro">{config.intro}</p>
      </header>
      <div className="backoffice-filters">
        <ContentToolbar filters={config.filters} params={params} view={view} update={update} />
        <Button type="primary" onClick={() => setEditing({ lgcSn: null })}>
          {t('content.actions.create')}
        </Button>
      </div>
      <PagedTable<Entry<K>>
        columns={columns}
        query={list}
        page={view}
        onPage={setPage}
        scroll={{ x: 960 }}
        quickJumper={false}
        totalText={(total) => t('pagination.total', { total })}
        emptyTexts={{
          loadFailed: t('content.loadFailed'),
          noMatch: t('content.noMatch'),
          empty: t('content.empty'),
          filtered,
        }}
      />
      {editing ? (
        <EntryEditor
          config={config}
          lgcSn={editing.lgcSn}
          onClose={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
      <EntryPreview config={config} previewing={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}

/** An entry as a visitor sees it. */
function EntryPreview<K extends TContentKind>({
  config,
  previewing,
  onClose,
}: {
  config: ContentManagerConfig<K>;
  previewing: Entry<K> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <PreviewDrawer
      open={previewing !== null}
      title={previewing ? t('content.preview.title', { name: config.nameOf(previewing) }) : ''}
      queryKey={contentAdminKeys.preview(config.kind, previewing?.lgcSn ?? '')}
      load={(signal) => fetchContentPreview(config.kind, previewing?.lgcSn ?? '', signal)}
      render={config.preview}
      onClose={onClose}
    />
  );
}

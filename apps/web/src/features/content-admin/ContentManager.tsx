import './content-admin.css';
import type { TContentKind, TContentStatus } from '@portal/shared/schemas/content';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, type FormInstance, Input, Popconfirm, Segmented, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PagedTable } from '../../components/PagedTable.tsx';
import { formatTime } from '../../components/time-cells.ts';
import { choiceParam, listView, textParam, useListView } from '../../lib/list-view.ts';
import { showToast } from '../../lib/notify.ts';
import {
  type AdminShape,
  type ContentListParams,
  contentAdminKeys,
  deleteContentEntry,
  fetchContentEntry,
  fetchContentList,
  fetchContentPreview,
  type PreviewShape,
  saveContentEntry,
  setContentStatus,
} from './content-admin-api.ts';
import { EditorDrawer } from './EditorDrawer.tsx';
import { PreviewDrawer } from './PreviewDrawer.tsx';
import { StatusTag } from './StatusTag.tsx';

type Values = Record<string, unknown>;
type Entry<K extends TContentKind> = AdminShape<K>;
type StatusFilter = 'all' | TContentStatus;
const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'draft', 'published'];

/** Keyword, status, the kind's own filters and the page, in the address. */
const contentList = listView({
  params: {
    q: textParam(),
    status: choiceParam(STATUS_FILTERS, 'all'),
    moduleType: textParam(),
    category: textParam(),
  },
});

export type EditorContext<K extends TContentKind> = {
  form: FormInstance;
  /** The saved entry being edited; null for a new one. */
  entry: Entry<K> | null;
  /** Told while an upload runs (saving waits for it). */
  setBusy: (busy: boolean) => void;
};

export type ContentManagerConfig<K extends TContentKind> = {
  kind: K;
  title: string;
  intro: string;
  /** The request's schema: validates the form on submit and each field live. */
  schema: z.ZodType;
  /** A new entry's form values. */
  emptyValues: () => Values;
  /** A saved entry's form values (the input shape). */
  toValues: (entry: Entry<K>) => Values;
  /** The entry's name in the reader's language (lists, confirmations, toasts). */
  nameOf: (entry: Entry<K>) => string;
  /** A small picture beside the name. */
  thumbOf?: (entry: Entry<K>) => string | null;
  /** A line under the name. */
  subOf?: (entry: Entry<K>) => ReactNode;
  /** Columns between the name and the status. */
  columns?: TableColumnsType<Entry<K>>;
  /** Filters of the kind besides the keyword and the status (kept in the address by `param`). */
  filters?: readonly {
    param: 'moduleType' | 'category';
    node: (value: string, set: (value: string | null) => void) => ReactNode;
  }[];
  fields: (context: EditorContext<K>) => ReactNode;
  preview: (data: PreviewShape<K>, language: 'en' | 'zh') => ReactNode;
  /** Wide editors for kinds with rich text. */
  editorWidth?: number;
  /** Whether entries show under a publish window (banners). */
  hasWindow?: boolean;
  /** Shown above the editor's fields. */
  editorNote?: ReactNode;
};

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
  const [search, setSearch] = useState(view.q);

  const list = useQuery({
    queryKey: contentAdminKeys.list(config.kind, listParams),
    queryFn: ({ signal }) => fetchContentList(config.kind, listParams, signal),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: contentAdminKeys.kind(config.kind) });

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

  const columns: TableColumnsType<Entry<K>> = [
    {
      key: 'title',
      title: t('content.columns.title'),
      render: (_, entry) => {
        const thumb = config.thumbOf?.(entry);
        return (
          <div className="content-admin__title-cell">
            {config.thumbOf ? (
              thumb ? (
                <img className="content-admin__thumb" src={thumb} alt="" />
              ) : (
                <span className="content-admin__thumb" aria-hidden />
              )
            ) : null}
            <div className="cell-stack">
              <span>{config.nameOf(entry) || t('content.untitled')}</span>
              {config.subOf ? <span className="cell-stack__sub">{config.subOf(entry)}</span> : null}
            </div>
          </div>
        );
      },
    },
    ...(config.columns ?? []),
    {
      key: 'status',
      title: t('content.columns.status'),
      width: 110,
      render: (_, entry) => {
        const window = entry as { publishFrom?: string | null; publishUntil?: string | null };
        return (
          <StatusTag
            status={entry.status}
            publishFrom={config.hasWindow ? (window.publishFrom ?? null) : null}
            publishUntil={config.hasWindow ? (window.publishUntil ?? null) : null}
          />
        );
      },
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
      render: (_, entry) => {
        const name = config.nameOf(entry);
        const published = entry.status === 'published';
        return (
          <div className="content-admin__actions">
            <Button
              type="link"
              onClick={() => setEditing({ lgcSn: entry.lgcSn })}
              aria-label={t('content.actions.editFor', { name })}
            >
              {t('content.actions.edit')}
            </Button>
            <Button
              type="link"
              onClick={() => setPreviewing(entry)}
              aria-label={t('content.actions.previewFor', { name })}
            >
              {t('content.actions.preview')}
            </Button>
            <Popconfirm
              title={t(published ? 'content.actions.unpublishTitle' : 'content.actions.publishTitle', { name })}
              description={
                <p className="popconfirm-text">
                  {t(published ? 'content.actions.unpublishText' : 'content.actions.publishText')}
                </p>
              }
              okText={t(published ? 'content.actions.unpublish' : 'content.actions.publish')}
              cancelText={t('content.actions.cancel')}
              onConfirm={() => changeStatus(entry, published ? 'unpublish' : 'publish')}
            >
              <Button
                type="link"
                aria-label={t(published ? 'content.actions.unpublishFor' : 'content.actions.publishFor', { name })}
              >
                {t(published ? 'content.actions.unpublish' : 'content.actions.publish')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('content.actions.deleteTitle', { name })}
              description={<p className="popconfirm-text">{t('content.actions.deleteText')}</p>}
              okText={t('content.actions.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('content.actions.cancel')}
              onConfirm={() => remove(entry)}
            >
              <Button type="link" danger aria-label={t('content.actions.deleteFor', { name })}>
                {t('content.actions.delete')}
              </Button>
            </Popconfirm>
          </div>
        );
      },
    },
  ];

  const filtered = Boolean(view.q || view.status !== 'all' || view.moduleType || view.category);

  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head">
        <h1 className="backoffice-page__title">{config.title}</h1>
        <p className="backoffice-page__intro">{config.intro}</p>
      </header>
      <div className="backoffice-filters">
        <div className="content-admin__toolbar">
          {config.filters?.map((filter) => (
            <span key={filter.param}>
              {filter.node(params.get(filter.param) ?? '', (value) => update({ [filter.param]: value, page: null }))}
            </span>
          ))}
          <Input.Search
            className="content-admin__search"
            value={search}
            allowClear
            placeholder={t('content.searchPlaceholder')}
            aria-label={t('content.searchLabel')}
            enterButton={t('content.search')}
            onChange={(event) => {
              setSearch(event.target.value);
              if (!event.target.value) update({ q: null, page: null });
            }}
            onSearch={(value) => update({ q: value.trim() || null, page: null })}
          />
          <Segmented<StatusFilter>
            value={view.status}
            onChange={(value) => update({ status: value, page: null })}
            options={STATUS_FILTERS.map((value) => ({ value, label: t(`content.filters.${value}`) }))}
            aria-label={t('content.filters.label')}
          />
        </div>
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
      <PreviewDrawer
        open={previewing !== null}
        title={previewing ? t('content.preview.title', { name: config.nameOf(previewing) }) : ''}
        queryKey={contentAdminKeys.preview(config.kind, previewing?.lgcSn ?? '')}
        load={(signal) => fetchContentPreview(config.kind, previewing?.lgcSn ?? '', signal)}
        render={config.preview}
        onClose={() => setPreviewing(null)}
      />
    </div>
  );
}

/** The drawer that creates or edits one entry; it loads a saved entry fresh before editing. */
function EntryEditor<K extends TContentKind>({
  config,
  lgcSn,
  onClose,
  onSaved,
}: {
  config: ContentManagerConfig<K>;
  lgcSn: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [form] = Form.useForm();

  const entry = useQuery({
    queryKey: contentAdminKeys.entry(config.kind, lgcSn ?? ''),
    queryFn: ({ signal }) => fetchContentEntry(config.kind, lgcSn ?? '', signal),
    enabled: lgcSn !== null,
    gcTime: 0,
  });
  const saved = lgcSn ? (entry.data ?? null) : null;
  const ready = lgcSn === null || entry.isSuccess;

  const send = async (input: unknown) => {
    const result = await saveContentEntry(config.kind, lgcSn, input);
    const name = config.nameOf(result);
    showToast({
      type: 'success',
      content: lgcSn ? t('content.editor.saved', { name }) : t('content.editor.created', { name }),
    });
    queryClient.removeQueries({ queryKey: contentAdminKeys.entry(config.kind, result.lgcSn) });
    onSaved();
  };

  const title = lgcSn
    ? t('content.editor.editTitle', { name: saved ? config.nameOf(saved) : '' })
    : t('content.editor.createTitle');

  return (
    <EditorDrawer
      form={form}
      schema={config.schema}
      title={title}
      size={config.editorWidth ?? 880}
      saveLabel={lgcSn ? t('content.editor.save') : t('content.editor.saveDraft')}
      ready={ready}
      send={send}
      onClosed={onClose}
    >
      {({ setBusy, save }) => (
        <>
          {lgcSn !== null && entry.isPending ? <p>{t('content.editor.loading')}</p> : null}
          {lgcSn !== null && entry.isError ? <Empty description={t('content.loadFailed')} /> : null}
          {ready ? (
            <>
              {saved ? (
                <p className="editor-meta">
                  <StatusTag status={saved.status} />{' '}
                  {saved.status === 'published' ? t('content.editor.publishedNote') : t('content.editor.draftNote')}
                </p>
              ) : (
                <p className="editor-meta">{t('content.editor.newNote')}</p>
              )}
              {config.editorNote}
              <Form
                form={form}
                layout="vertical"
                initialValues={saved ? config.toValues(saved) : config.emptyValues()}
                onFinish={() => void save()}
                requiredMark
              >
                {config.fields({ form, entry: saved, setBusy })}
              </Form>
            </>
          ) : null}
        </>
      )}
    </EditorDrawer>
  );
}

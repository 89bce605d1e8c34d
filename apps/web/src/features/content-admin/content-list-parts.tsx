import type { TContentKind, TContentStatus } from '@portal/shared/schemas/content';
import { Button, Input, Popconfirm, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentManagerConfig, Entry } from './content-manager-config.ts';

export type StatusFilter = 'all' | TContentStatus;
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'draft', 'published'];

/** The entry's name, with its picture and a line under it when the kind has them. */
export function EntryTitleCell<K extends TContentKind>({
  config,
  entry,
}: {
  config: ContentManagerConfig<K>;
  entry: Entry<K>;
}) {
  const { t } = useTranslation('backoffice');
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
}

/** Edit, preview, publish or withdraw, and delete (the last two after a confirmation). */
export function EntryActions({
  name,
  published,
  onEdit,
  onPreview,
  onChangeStatus,
  onRemove,
}: {
  name: string;
  published: boolean;
  onEdit: () => void;
  onPreview: () => void;
  onChangeStatus: () => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <div className="content-admin__actions">
      <Button type="link" onClick={onEdit} aria-label={t('content.actions.editFor', { name })}>
        {t('content.actions.edit')}
      </Button>
      <Button type="link" onClick={onPreview} aria-label={t('content.actions.previewFor', { name })}>
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
        onConfirm={onChangeStatus}
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
        onConfirm={onRemove}
      >
        <Button type="link" danger aria-label={t('content.actions.deleteFor', { name })}>
          {t('content.actions.delete')}
        </Button>
      </Popconfirm>
    </div>
  );
}

/** The kind's own filters, the keyword search and the status switch, all kept in the address. */
export function ContentToolbar({
  filters,
  params,
  view,
  update,
}: {
  filters: ContentManagerConfig<TContentKind>['filters'];
  params: URLSearchParams;
  view: { q: string; status: StatusFilter };
  update: (change: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation('backoffice');
  const [search, setSearch] = useState(view.q);
  return (
    <div className="content-admin__toolbar">
      {filters?.map((filter) => (
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
  );
}

import '../../../features/content-admin/content-admin.css';
import type { TTopicKey } from '@portal/shared/schemas/content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Popconfirm, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/time-cells.ts';
import {
  contentAdminKeys,
  fetchTopicPreview,
  fetchTopics,
  setTopicStatus,
  type TopicAdmin,
} from '../../../features/content-admin/content-admin-api.ts';
import { PreviewDrawer } from '../../../features/content-admin/PreviewDrawer.tsx';
import { TopicPreview } from '../../../features/content-admin/previews.tsx';
import { StatusTag } from '../../../features/content-admin/StatusTag.tsx';
import { showToast } from '../../../lib/notify.ts';
import { TopicEditor } from './TopicEditor.tsx';

/** The topic pages' names as the public pages call them. */
const TOPIC_TITLE = {
  crossBorderRmb: 'content:routes.crossBorderRmb',
  beltAndRoadInitiative: 'content:routes.beltAndRoad',
  greenFinance: 'content:routes.greenFinance',
  portugueseLanguage: 'content:routes.portuguese',
} as const satisfies Record<TTopicKey, string>;

/**
 * /backend/content/topics: the four fixed topic pages (cross-border RMB, Belt and Road, green
 * finance, Portuguese-speaking countries): title, summary, banner, sections, and what a page has
 * of its own (the RMB service guide, the Portuguese text). Saved as drafts, then published.
 */
export function TopicsPage() {
  const { t } = useTranslation(['backoffice', 'content']);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TopicAdmin | null>(null);
  const [previewing, setPreviewing] = useState<TTopicKey | null>(null);
  const topics = useQuery({ queryKey: contentAdminKeys.topics, queryFn: ({ signal }) => fetchTopics(signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: contentAdminKeys.topics });
  const nameOf = (key: TTopicKey) => t(TOPIC_TITLE[key]);
  const columns = useTopicColumns({ nameOf, refresh, onEdit: setEditing, onPreview: setPreviewing });

  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head">
        <h1 className="backoffice-page__title">{t('backoffice:content.topics.title')}</h1>
        <p className="backoffice-page__intro">{t('backoffice:content.topics.intro')}</p>
      </header>
      <Table<TopicAdmin>
        rowKey="key"
        columns={columns}
        dataSource={topics.data?.list ?? []}
        loading={topics.isFetching}
        pagination={false}
        scroll={{ x: 800 }}
        locale={{
          emptyText: (
            <Empty description={topics.isError ? t('backoffice:content.loadFailed') : t('backoffice:content.empty')} />
          ),
        }}
      />
      {editing ? (
        <TopicEditor
          topic={editing}
          name={nameOf(editing.key)}
          onClose={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
      <PreviewDrawer
        open={previewing !== null}
        title={previewing ? t('backoffice:content.preview.title', { name: nameOf(previewing) }) : ''}
        queryKey={contentAdminKeys.preview('topics', previewing ?? '')}
        load={(signal) => fetchTopicPreview(previewing ?? 'crossBorderRmb', signal)}
        render={(data, language) => <TopicPreview data={data} language={language} />}
        onClose={() => setPreviewing(null)}
      />
    </div>
  );
}

type TopicRowProps = {
  nameOf: (key: TTopicKey) => string;
  refresh: () => Promise<void>;
  onEdit: (topic: TopicAdmin) => void;
  onPreview: (key: TTopicKey) => void;
};

function useTopicColumns(props: TopicRowProps): TableColumnsType<TopicAdmin> {
  const { t } = useTranslation(['backoffice', 'content']);
  const { nameOf } = props;
  return [
    {
      key: 'title',
      title: t('backoffice:content.columns.title'),
      render: (_, topic) => (
        <div className="content-admin__title-cell">
          {topic.banner ? (
            <img className="content-admin__thumb" src={topic.banner.url} alt="" />
          ) : (
            <span className="content-admin__thumb" aria-hidden />
          )}
          <div className="cell-stack">
            <span>{nameOf(topic.key)}</span>
            <span className="cell-stack__sub">
              {t('backoffice:content.topics.sectionCount', { count: topic.sections.length })}
            </span>
          </div>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('backoffice:content.columns.status'),
      width: 110,
      render: (_, topic) => <StatusTag status={topic.status} />,
    },
    {
      key: 'updatedAt',
      title: t('backoffice:content.columns.updatedAt'),
      width: 170,
      render: (_, topic) => (
        <div className="cell-stack">
          <span>{formatTime(topic.updatedAt)}</span>
          {topic.updatedBy ? <span className="cell-stack__sub">{topic.updatedBy}</span> : null}
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('backoffice:content.columns.actions'),
      width: 240,
      render: (_, topic) => <TopicRowActions topic={topic} {...props} />,
    },
  ];
}

function TopicRowActions({ topic, nameOf, refresh, onEdit, onPreview }: TopicRowProps & { topic: TopicAdmin }) {
  const { t } = useTranslation(['backoffice', 'content']);
  const name = nameOf(topic.key);
  const published = topic.status === 'published';

  const changeStatus = async (action: 'publish' | 'unpublish') => {
    try {
      await setTopicStatus(topic.key, action);
      showToast({
        type: 'success',
        content: t(`backoffice:content.actions.${action}Done`, { name: nameOf(topic.key) }),
      });
      await refresh();
    } catch {
      // The toast said why.
    }
  };

  return (
    <div className="content-admin__actions">
      <Button type="link" onClick={() => onEdit(topic)} aria-label={t('backoffice:content.actions.editFor', { name })}>
        {t('backoffice:content.actions.edit')}
      </Button>
      <Button
        type="link"
        onClick={() => onPreview(topic.key)}
        aria-label={t('backoffice:content.actions.previewFor', { name })}
      >
        {t('backoffice:content.actions.preview')}
      </Button>
      <Popconfirm
        title={t(published ? 'backoffice:content.actions.unpublishTitle' : 'backoffice:content.actions.publishTitle', {
          name,
        })}
        description={
          <p className="popconfirm-text">
            {t(published ? 'backoffice:content.actions.unpublishText' : 'backoffice:content.actions.publishText')}
          </p>
        }
        okText={t(published ? 'backoffice:content.actions.unpublish' : 'backoffice:content.actions.publish')}
        cancelText={t('backoffice:content.actions.cancel')}
        onConfirm={() => changeStatus(published ? 'unpublish' : 'publish')}
      >
        <Button
          type="link"
          aria-label={t(
            published ? 'backoffice:content.actions.unpublishFor' : 'backoffice:content.actions.publishFor',
            {
              name,
            },
          )}
        >
          {t(published ? 'backoffice:content.actions.unpublish' : 'backoffice:content.actions.publish')}
        </Button>
      </Popconfirm>
    </div>
  );
}

import '../../../features/content-admin/content-admin.css';
import { CONTENT_LIMITS, type TTopicKey, ZTopicInput } from '@portal/shared/schemas/content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Popconfirm, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatTime } from '../../../components/time-cells.ts';
import { BilingualFields } from '../../../features/content-admin/BilingualFields.tsx';
import {
  contentAdminKeys,
  fetchTopicPreview,
  fetchTopics,
  saveTopic,
  setTopicStatus,
  type TopicAdmin,
} from '../../../features/content-admin/content-admin-api.ts';
import { contentLanguage } from '../../../features/content-admin/content-language.ts';
import { EditorDrawer } from '../../../features/content-admin/EditorDrawer.tsx';
import { BilingualRichText, emptyBilingual, FileFormItem } from '../../../features/content-admin/form-fields.tsx';
import { PreviewDrawer } from '../../../features/content-admin/PreviewDrawer.tsx';
import { TopicPreview } from '../../../features/content-admin/previews.tsx';
import { RichTextEditor } from '../../../features/content-admin/RichTextEditor.tsx';
import { StatusTag } from '../../../features/content-admin/StatusTag.tsx';
import { schemaRule } from '../../../lib/forms/schema-form.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { showToast } from '../../../lib/notify.ts';

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

  const changeStatus = async (topic: TopicAdmin, action: 'publish' | 'unpublish') => {
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

  const columns: TableColumnsType<TopicAdmin> = [
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
      render: (_, topic) => {
        const name = nameOf(topic.key);
        const published = topic.status === 'published';
        return (
          <div className="content-admin__actions">
            <Button
              type="link"
              onClick={() => setEditing(topic)}
              aria-label={t('backoffice:content.actions.editFor', { name })}
            >
              {t('backoffice:content.actions.edit')}
            </Button>
            <Button
              type="link"
              onClick={() => setPreviewing(topic.key)}
              aria-label={t('backoffice:content.actions.previewFor', { name })}
            >
              {t('backoffice:content.actions.preview')}
            </Button>
            <Popconfirm
              title={t(
                published ? 'backoffice:content.actions.unpublishTitle' : 'backoffice:content.actions.publishTitle',
                { name },
              )}
              description={
                <p className="popconfirm-text">
                  {t(published ? 'backoffice:content.actions.unpublishText' : 'backoffice:content.actions.publishText')}
                </p>
              }
              okText={t(published ? 'backoffice:content.actions.unpublish' : 'backoffice:content.actions.publish')}
              cancelText={t('backoffice:content.actions.cancel')}
              onConfirm={() => changeStatus(topic, published ? 'unpublish' : 'publish')}
            >
              <Button
                type="link"
                aria-label={t(
                  published ? 'backoffice:content.actions.unpublishFor' : 'backoffice:content.actions.publishFor',
                  { name },
                )}
              >
                {t(published ? 'backoffice:content.actions.unpublish' : 'backoffice:content.actions.publish')}
              </Button>
            </Popconfirm>
          </div>
        );
      },
    },
  ];

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

function TopicEditor({
  topic,
  name,
  onClose,
  onSaved,
}: {
  topic: TopicAdmin;
  name: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  const language = contentLanguage(locale);
  const [form] = Form.useForm();
  const send = async (input: z.output<typeof ZTopicInput>) => {
    await saveTopic(topic.key, input);
    showToast({ type: 'success', content: t('content.editor.saved', { name }) });
    onSaved();
  };

  return (
    <EditorDrawer
      form={form}
      schema={ZTopicInput}
      title={t('content.editor.editTitle', { name })}
      size={1040}
      saveLabel={t('content.editor.save')}
      send={send}
      onClosed={onClose}
    >
      {({ setBusy }) => (
        <>
          <p className="editor-meta">
            <StatusTag status={topic.status} />{' '}
            {topic.status === 'published' ? t('content.editor.publishedNote') : t('content.editor.draftNote')}
          </p>
          <Form
            form={form}
            layout="vertical"
            initialValues={{
              title: topic.title,
              summary: topic.summary,
              bannerFileId: topic.banner?.lgcSn ?? null,
              sections: topic.sections,
              portugueseText: topic.portugueseText,
              documentFileId: topic.document?.lgcSn ?? null,
            }}
          >
            <BilingualFields
              name={['title']}
              label={t('content.form.title')}
              schema={ZTopicInput}
              required
              maxLength={CONTENT_LIMITS.title}
            />
            <BilingualFields
              name={['summary']}
              label={t('content.form.summary')}
              schema={ZTopicInput}
              rows={3}
              maxLength={CONTENT_LIMITS.summary}
            />
            <FileFormItem
              name="bannerFileId"
              label={t('content.topics.banner')}
              kind="image"
              known={topic.banner}
              schema={ZTopicInput}
              setBusy={setBusy}
            />
            {topic.key === 'crossBorderRmb' ? (
              <FileFormItem
                name="documentFileId"
                label={t('content.topics.document')}
                kind="document"
                known={topic.document}
                schema={ZTopicInput}
                extra={t('content.topics.documentHint')}
                setBusy={setBusy}
              />
            ) : null}
            <h2 className="form-section-title">{t('content.topics.sections')}</h2>
            <Form.List name="sections">
              {(fields, { add, remove, move }) => (
                <>
                  {fields.length === 0 ? <p className="editor-meta">{t('content.topics.noSections')}</p> : null}
                  {fields.map((field, index) => {
                    const heading = (form.getFieldValue(['sections', field.name, 'heading']) ?? emptyBilingual()) as {
                      en: string;
                      zh: string;
                    };
                    const label = t('content.topics.sectionLabel', { index: index + 1 });
                    return (
                      <fieldset key={field.key} className="topic-section">
                        <legend className="form-section-title">
                          {label}
                          {heading[language] ? `: ${heading[language]}` : ''}
                        </legend>
                        <BilingualFields
                          name={['sections', field.name, 'heading']}
                          label={t('content.topics.heading')}
                          schema={ZTopicInput}
                          maxLength={CONTENT_LIMITS.title}
                        />
                        <BilingualRichText
                          name={['sections', field.name, 'body']}
                          label={t('content.form.body')}
                          schema={ZTopicInput}
                        />
                        <div className="content-admin__actions">
                          <Button
                            size="small"
                            disabled={index === 0}
                            onClick={() => move(index, index - 1)}
                            aria-label={`${t('content.topics.moveUp')}: ${label}`}
                          >
                            {t('content.topics.moveUp')}
                          </Button>
                          <Button
                            size="small"
                            disabled={index === fields.length - 1}
                            onClick={() => move(index, index + 1)}
                            aria-label={`${t('content.topics.moveDown')}: ${label}`}
                          >
                            {t('content.topics.moveDown')}
                          </Button>
                          <Popconfirm
                            title={t('content.topics.removeTitle', { label })}
                            okText={t('content.topics.remove')}
                            okButtonProps={{ danger: true }}
                            cancelText={t('content.actions.cancel')}
                            onConfirm={() => remove(field.name)}
                          >
                            <Button size="small" danger aria-label={`${t('content.topics.remove')}: ${label}`}>
                              {t('content.topics.remove')}
                            </Button>
                          </Popconfirm>
                        </div>
                      </fieldset>
                    );
                  })}
                  <Button
                    onClick={() => add({ heading: emptyBilingual(), body: emptyBilingual() })}
                    disabled={fields.length >= CONTENT_LIMITS.sections}
                    block
                    type="dashed"
                  >
                    {t('content.topics.addSection', { max: CONTENT_LIMITS.sections })}
                  </Button>
                </>
              )}
            </Form.List>
            {topic.key === 'portugueseLanguage' ? (
              <>
                <h2 className="form-section-title">{t('content.topics.portugueseText')}</h2>
                <Form.Item
                  name="portugueseText"
                  label={t('content.topics.portugueseText')}
                  rules={[schemaRule(ZTopicInput, ['portugueseText'])]}
                >
                  <RichTextEditor lang="pt" label={t('content.topics.portugueseText')} />
                </Form.Item>
              </>
            ) : null}
          </Form>
        </>
      )}
    </EditorDrawer>
  );
}

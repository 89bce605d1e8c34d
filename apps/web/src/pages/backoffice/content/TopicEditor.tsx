import { CONTENT_LIMITS, ZTopicInput } from '@portal/shared/schemas/content';
import { Button, Form, type FormInstance, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BilingualFields } from '../../../features/content-admin/BilingualFields.tsx';
import { saveTopic, type TopicAdmin } from '../../../features/content-admin/content-admin-api.ts';
import { contentLanguage } from '../../../features/content-admin/content-language.ts';
import { EditorDrawer } from '../../../features/content-admin/EditorDrawer.tsx';
import { BilingualRichText, emptyBilingual, FileFormItem } from '../../../features/content-admin/form-fields.tsx';
import { RichTextEditor } from '../../../features/content-admin/RichTextEditor.tsx';
import { StatusTag } from '../../../features/content-admin/StatusTag.tsx';
import { schemaRule } from '../../../lib/forms/schema-form.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { showToast } from '../../../lib/notify.ts';

/** One topic's page edited in both languages: its texts, pictures and the sections under it. */
export function TopicEditor({
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
            <TopicMainFields topic={topic} setBusy={setBusy} />
            <TopicSections form={form} />
            {topic.key === 'portugueseLanguage' ? <PortugueseTextField /> : null}
          </Form>
        </>
      )}
    </EditorDrawer>
  );
}

/** The sections under the topic, each with its heading and body, moved up or down or removed. */
function TopicSections({ form }: { form: FormInstance }) {
  const { t } = useTranslation('backoffice');
  return (
    <>
      <h2 className="form-section-title">{t('content.topics.sections')}</h2>
      <Form.List name="sections">
        {(fields, { add, remove, move }) => (
          <>
            {fields.length === 0 ? <p className="editor-meta">{t('content.topics.noSections')}</p> : null}
            {fields.map((field, index) => (
              <TopicSection
                key={field.key}
                form={form}
                fieldName={field.name}
                index={index}
                count={fields.length}
                move={move}
                remove={remove}
              />
            ))}
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
    </>
  );
}

type TopicSectionProps = {
  form: FormInstance;
  fieldName: number;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
};

function TopicSection({ form, fieldName, index, count, move, remove }: TopicSectionProps) {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  const language = contentLanguage(locale);
  const heading = (form.getFieldValue(['sections', fieldName, 'heading']) ?? emptyBilingual()) as {
    en: string;
    zh: string;
  };
  const label = t('content.topics.sectionLabel', { index: index + 1 });
  return (
    <fieldset className="topic-section">
      <legend className="form-section-title">
        {label}
        {heading[language] ? `: ${heading[language]}` : ''}
      </legend>
      <BilingualFields
        name={['sections', fieldName, 'heading']}
        label={t('content.topics.heading')}
        schema={ZTopicInput}
        maxLength={CONTENT_LIMITS.title}
      />
      <BilingualRichText name={['sections', fieldName, 'body']} label={t('content.form.body')} schema={ZTopicInput} />
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
          disabled={index === count - 1}
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
          onConfirm={() => remove(fieldName)}
        >
          <Button size="small" danger aria-label={`${t('content.topics.remove')}: ${label}`}>
            {t('content.topics.remove')}
          </Button>
        </Popconfirm>
      </div>
    </fieldset>
  );
}

function PortugueseTextField() {
  const { t } = useTranslation('backoffice');
  return (
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
  );
}

/** Title, summary, banner and, for cross-border RMB, the document. */
function TopicMainFields({ topic, setBusy }: { topic: TopicAdmin; setBusy: (busy: boolean) => void }) {
  const { t } = useTranslation('backoffice');
  return (
    <>
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
    </>
  );
}

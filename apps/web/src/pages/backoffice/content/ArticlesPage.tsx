import { CONSULT_CATEGORIES, CONTENT_LIMITS, ZConsultInput } from '@portal/shared/schemas/content';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BilingualFields } from '../../../features/content-admin/BilingualFields.tsx';
import {
  ContentManager,
  type ContentManagerConfig,
  type EditorContext,
} from '../../../features/content-admin/ContentManager.tsx';
import { contentLanguage } from '../../../features/content-admin/content-language.ts';
import {
  BilingualRichText,
  DateField,
  emptyBilingual,
  FileFormItem,
  today,
} from '../../../features/content-admin/form-fields.tsx';
import { ArticlePreview } from '../../../features/content-admin/previews.tsx';
import { schemaRule } from '../../../lib/forms/schema-form.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';

/** /backend/content/articles: market-trend and policy articles ("consult information"). */
export function ArticlesPage() {
  const { t } = useTranslation(['backoffice', 'content']);
  const { locale } = useLocale();
  const language = contentLanguage(locale);
  const categoryOptions = useCategoryOptions();

  const config: ContentManagerConfig<'articles'> = {
    kind: 'articles',
    title: t('backoffice:content.articles.title'),
    intro: t('backoffice:content.articles.intro'),
    schema: ZConsultInput,
    editorWidth: 1040,
    emptyValues: () => ({
      category: undefined,
      title: emptyBilingual(),
      summary: emptyBilingual(),
      body: emptyBilingual(),
      source: emptyBilingual(),
      coverFileId: null,
      publishDate: today(),
    }),
    toValues: (entry) => ({
      category: entry.category,
      title: entry.title,
      summary: entry.summary,
      body: entry.body,
      source: entry.source,
      coverFileId: entry.cover?.lgcSn ?? null,
      publishDate: entry.publishDate,
    }),
    nameOf: (entry) => entry.title[language] || entry.title.en,
    thumbOf: (entry) => entry.cover?.url ?? null,
    columns: [
      {
        key: 'category',
        title: t('backoffice:content.columns.category'),
        width: 170,
        render: (_, entry) => t(`content:categories.${entry.category}`),
      },
      { key: 'publishDate', title: t('backoffice:content.columns.publishDate'), width: 120, dataIndex: 'publishDate' },
    ],
    filters: [
      {
        param: 'category',
        node: (value, set) => (
          <Select
            value={value || ''}
            onChange={(next) => set(next || null)}
            style={{ width: 200 }}
            aria-label={t('backoffice:content.columns.category')}
            options={[{ value: '', label: t('backoffice:content.filters.allCategories') }, ...categoryOptions]}
          />
        ),
      },
    ],
    fields: (context) => <ArticleFields {...context} />,
    preview: (data, lang) => <ArticlePreview data={data} language={lang} />,
  };
  return <ContentManager config={config} />;
}

function useCategoryOptions() {
  const { t } = useTranslation(['backoffice', 'content']);
  return CONSULT_CATEGORIES.map((value) => ({ value, label: t(`content:categories.${value}`) }));
}

function ArticleFields({ entry, setBusy }: EditorContext<'articles'>) {
  const { t } = useTranslation(['backoffice', 'content']);
  const categoryOptions = useCategoryOptions();
  return (
    <>
      <div className="form-grid">
        <Form.Item
          name="category"
          label={t('backoffice:content.form.category')}
          required
          rules={[schemaRule(ZConsultInput, ['category'])]}
        >
          <Select options={categoryOptions} placeholder={t('backoffice:content.form.choose')} />
        </Form.Item>
        <DateField
          name="publishDate"
          label={t('backoffice:content.form.publishDate')}
          schema={ZConsultInput}
          required
        />
      </div>
      <BilingualFields
        name={['title']}
        label={t('backoffice:content.form.title')}
        schema={ZConsultInput}
        required
        maxLength={CONTENT_LIMITS.title}
      />
      <BilingualFields
        name={['summary']}
        label={t('backoffice:content.form.summary')}
        schema={ZConsultInput}
        rows={3}
        maxLength={CONTENT_LIMITS.summary}
      />
      <BilingualFields
        name={['source']}
        label={t('backoffice:content.form.source')}
        schema={ZConsultInput}
        maxLength={200}
      />
      <FileFormItem
        name="coverFileId"
        label={t('backoffice:content.form.cover')}
        kind="image"
        known={entry?.cover}
        schema={ZConsultInput}
        setBusy={setBusy}
      />
      <BilingualRichText name={['body']} label={t('backoffice:content.form.body')} schema={ZConsultInput} />
    </>
  );
}

import { CONTENT_LIMITS, ZComplianceInput } from '@portal/shared/schemas/content';
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
  SortOrderField,
  today,
} from '../../../features/content-admin/form-fields.tsx';
import { CompliancePreview } from '../../../features/content-admin/previews.tsx';
import { useLocale } from '../../../lib/i18n/useLocale.ts';

/** /backend/content/compliance: compliance materials (a PDF, a text, or both). */
export function CompliancePage() {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  const language = contentLanguage(locale);

  const config: ContentManagerConfig<'compliance'> = {
    kind: 'compliance',
    title: t('content.compliance.title'),
    intro: t('content.compliance.intro'),
    schema: ZComplianceInput,
    editorWidth: 1040,
    emptyValues: () => ({
      title: emptyBilingual(),
      summary: emptyBilingual(),
      body: emptyBilingual(),
      fileId: null,
      publishDate: today(),
      sortOrder: 0,
    }),
    toValues: (entry) => ({
      title: entry.title,
      summary: entry.summary,
      body: entry.body,
      fileId: entry.file?.lgcSn ?? null,
      publishDate: entry.publishDate,
      sortOrder: entry.sortOrder,
    }),
    nameOf: (entry) => entry.title[language] || entry.title.en,
    subOf: (entry) =>
      [entry.file ? t('content.compliance.hasFile') : '', entry.hasBody ? t('content.compliance.hasText') : '']
        .filter(Boolean)
        .join(' · '),
    columns: [
      { key: 'publishDate', title: t('content.columns.publishDate'), dataIndex: 'publishDate', width: 120 },
      { key: 'sortOrder', title: t('content.columns.sortOrder'), dataIndex: 'sortOrder', width: 80 },
    ],
    fields: (context) => <ComplianceFields {...context} />,
    preview: (data, lang) => <CompliancePreview data={data} language={lang} />,
  };
  return <ContentManager config={config} />;
}

function ComplianceFields({ entry, setBusy }: EditorContext<'compliance'>) {
  const { t } = useTranslation('backoffice');
  return (
    <>
      <div className="form-grid">
        <DateField name="publishDate" label={t('content.form.publishDate')} schema={ZComplianceInput} required />
        <SortOrderField schema={ZComplianceInput} />
      </div>
      <BilingualFields
        name={['title']}
        label={t('content.form.title')}
        schema={ZComplianceInput}
        required
        maxLength={CONTENT_LIMITS.title}
      />
      <BilingualFields
        name={['summary']}
        label={t('content.form.summary')}
        schema={ZComplianceInput}
        rows={3}
        maxLength={CONTENT_LIMITS.summary}
      />
      <FileFormItem
        name="fileId"
        label={t('content.compliance.file')}
        kind="document"
        known={entry?.file}
        schema={ZComplianceInput}
        extra={t('content.compliance.fileHint')}
        setBusy={setBusy}
      />
      <BilingualRichText name={['body']} label={t('content.form.body')} schema={ZComplianceInput} />
    </>
  );
}

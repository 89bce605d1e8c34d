import { CONTENT_LIMITS, ZReportInput } from '@portal/shared/schemas/content';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { BilingualFields } from '../../../features/content-admin/BilingualFields.tsx';
import {
  ContentManager,
  type ContentManagerConfig,
  type EditorContext,
} from '../../../features/content-admin/ContentManager.tsx';
import { contentLanguage } from '../../../features/content-admin/content-language.ts';
import { DateField, emptyBilingual, FileFormItem, today } from '../../../features/content-admin/form-fields.tsx';
import { ReportPreview } from '../../../features/content-admin/previews.tsx';
import { schemaRule } from '../../../lib/forms/schema-form.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';

/** /backend/content/reports: the research reports "FITs Your Wit" (a PDF each, an optional cover). */
export function ReportsPage() {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  const language = contentLanguage(locale);

  const config: ContentManagerConfig<'reports'> = {
    kind: 'reports',
    title: t('content.reports.title'),
    intro: t('content.reports.intro'),
    schema: ZReportInput,
    emptyValues: () => ({
      title: emptyBilingual(),
      summary: emptyBilingual(),
      issue: '',
      publishDate: today(),
      pdfFileId: undefined,
      coverFileId: null,
    }),
    toValues: (entry) => ({
      title: entry.title,
      summary: entry.summary,
      issue: entry.issue,
      publishDate: entry.publishDate,
      pdfFileId: entry.pdf.lgcSn,
      coverFileId: entry.cover?.lgcSn ?? null,
    }),
    nameOf: (entry) => entry.title[language] || entry.title.en,
    thumbOf: (entry) => entry.cover?.url ?? null,
    subOf: (entry) => entry.issue,
    columns: [{ key: 'publishDate', title: t('content.columns.publishDate'), dataIndex: 'publishDate', width: 120 }],
    fields: (context) => <ReportFields {...context} />,
    preview: (data, lang) => <ReportPreview data={data} language={lang} />,
  };
  return <ContentManager config={config} />;
}

function ReportFields({ entry, setBusy }: EditorContext<'reports'>) {
  const { t } = useTranslation('backoffice');
  return (
    <>
      <div className="form-grid">
        <Form.Item
          name="issue"
          label={t('content.form.issue')}
          extra={t('content.reports.issueHint')}
          rules={[schemaRule(ZReportInput, ['issue'])]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <DateField name="publishDate" label={t('content.form.publishDate')} schema={ZReportInput} required />
      </div>
      <BilingualFields
        name={['title']}
        label={t('content.form.title')}
        schema={ZReportInput}
        required
        maxLength={CONTENT_LIMITS.title}
      />
      <BilingualFields
        name={['summary']}
        label={t('content.form.summary')}
        schema={ZReportInput}
        rows={3}
        maxLength={CONTENT_LIMITS.summary}
      />
      <FileFormItem
        name="pdfFileId"
        label={t('content.reports.pdf')}
        kind="document"
        known={entry?.pdf}
        schema={ZReportInput}
        required
        setBusy={setBusy}
      />
      <FileFormItem
        name="coverFileId"
        label={t('content.form.cover')}
        kind="image"
        known={entry?.cover}
        schema={ZReportInput}
        setBusy={setBusy}
      />
    </>
  );
}

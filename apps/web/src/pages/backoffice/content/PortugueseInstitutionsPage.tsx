import { CONTENT_LIMITS, ZPortugueseInstitutionInput } from '@portal/shared/schemas/content';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { BilingualFields } from '../../../features/content-admin/BilingualFields.tsx';
import { ContentManager, type ContentManagerConfig } from '../../../features/content-admin/ContentManager.tsx';
import { contentLanguage } from '../../../features/content-admin/content-language.ts';
import { emptyBilingual, SortOrderField } from '../../../features/content-admin/form-fields.tsx';
import { InstitutionPreview } from '../../../features/content-admin/previews.tsx';
import { schemaRule } from '../../../lib/forms/schema-form.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';

const schema = ZPortugueseInstitutionInput;

/** /backend/content/portugueseInstitutions: the institutions in Portuguese-speaking countries. */
export function PortugueseInstitutionsPage() {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  const language = contentLanguage(locale);

  const config: ContentManagerConfig<'institutions'> = {
    kind: 'institutions',
    title: t('content.institutions.title'),
    intro: t('content.institutions.intro'),
    schema,
    emptyValues: () => ({
      name: emptyBilingual(),
      namePt: '',
      country: '',
      city: emptyBilingual(),
      swiftCode: '',
      descriptionPt: '',
      sortOrder: 0,
    }),
    toValues: (entry) => ({
      name: entry.name,
      namePt: entry.namePt,
      country: entry.country,
      city: entry.city,
      swiftCode: entry.swiftCode,
      descriptionPt: entry.descriptionPt,
      sortOrder: entry.sortOrder,
    }),
    nameOf: (entry) => entry.name[language] || entry.name.en,
    subOf: (entry) => <span lang="pt">{entry.namePt}</span>,
    columns: [
      { key: 'country', title: t('content.columns.country'), dataIndex: 'country', width: 90 },
      {
        key: 'swiftCode',
        title: t('content.columns.swiftCode'),
        dataIndex: 'swiftCode',
        width: 130,
        render: (code: string) => <code>{code}</code>,
      },
      { key: 'sortOrder', title: t('content.columns.sortOrder'), dataIndex: 'sortOrder', width: 80 },
    ],
    fields: () => <InstitutionFields />,
    preview: (data, lang) => <InstitutionPreview data={data} language={lang} />,
  };
  return <ContentManager config={config} />;
}

function InstitutionFields() {
  const { t } = useTranslation('backoffice');
  return (
    <>
      <BilingualFields
        name={['name']}
        label={t('content.form.name')}
        schema={schema}
        required
        maxLength={CONTENT_LIMITS.title}
      />
      <Form.Item
        name="namePt"
        label={t('content.institutions.namePt')}
        required
        rules={[schemaRule(schema, ['namePt'])]}
      >
        <Input lang="pt" maxLength={CONTENT_LIMITS.title} />
      </Form.Item>
      <div className="form-grid">
        <Form.Item
          name="country"
          label={t('content.institutions.country')}
          required
          extra={t('content.institutions.countryHint')}
          rules={[schemaRule(schema, ['country'])]}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input maxLength={2} />
        </Form.Item>
        <Form.Item
          name="swiftCode"
          label={t('content.institutions.swiftCode')}
          required
          rules={[schemaRule(schema, ['swiftCode'])]}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input maxLength={11} />
        </Form.Item>
      </div>
      <BilingualFields name={['city']} label={t('content.form.city')} schema={schema} maxLength={100} />
      <Form.Item
        name="descriptionPt"
        label={t('content.institutions.descriptionPt')}
        rules={[schemaRule(schema, ['descriptionPt'])]}
      >
        <Input.TextArea lang="pt" rows={4} showCount maxLength={CONTENT_LIMITS.summary} />
      </Form.Item>
      <SortOrderField schema={schema} />
    </>
  );
}

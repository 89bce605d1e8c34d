import { CONTENT_LIMITS, ZQuestionnaireInput } from '@portal/shared/schemas/content';
import { Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { BilingualFields } from '../../../features/content-admin/BilingualFields.tsx';
import {
  ContentManager,
  type ContentManagerConfig,
  type EditorContext,
} from '../../../features/content-admin/ContentManager.tsx';
import { contentLanguage } from '../../../features/content-admin/content-language.ts';
import { emptyBilingual } from '../../../features/content-admin/form-fields.tsx';
import { schemaRule } from '../../../lib/forms/schema-form.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';

const schema = ZQuestionnaireInput;

/** /backend/content/questionnaires: the surveys a banner can jump to (after the work e-mail check). */
export function QuestionnairesPage() {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  const language = contentLanguage(locale);

  const config: ContentManagerConfig<'questionnaires'> = {
    kind: 'questionnaires',
    title: t('content.questionnaires.title'),
    intro: t('content.questionnaires.intro'),
    schema,
    emptyValues: () => ({ name: emptyBilingual(), link: 'https://', secret: '' }),
    toValues: (entry) => ({ name: entry.name, link: entry.link, secret: '' }),
    nameOf: (entry) => entry.name[language] || entry.name.en,
    subOf: (entry) => entry.link,
    columns: [
      {
        key: 'secret',
        title: t('content.questionnaires.key'),
        width: 150,
        render: (_, entry) =>
          entry.hasOwnSecret ? t('content.questionnaires.ownKey') : t('content.questionnaires.serverKey'),
      },
    ],
    fields: (context) => <QuestionnaireFields {...context} />,
    preview: (data, lang) => (
      <Descriptions column={1} size="small" title={data.name[lang]}>
        <Descriptions.Item label={t('content.questionnaires.link')}>{data.link}</Descriptions.Item>
        <Descriptions.Item label={t('content.questionnaires.key')}>
          {data.hasOwnSecret ? t('content.questionnaires.ownKey') : t('content.questionnaires.serverKey')}
        </Descriptions.Item>
      </Descriptions>
    ),
  };
  return <ContentManager config={config} />;
}

function QuestionnaireFields({ entry }: EditorContext<'questionnaires'>) {
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
        name="link"
        label={t('content.questionnaires.link')}
        required
        extra={t('content.questionnaires.linkHint')}
        rules={[schemaRule(schema, ['link'])]}
      >
        <Input maxLength={CONTENT_LIMITS.url} />
      </Form.Item>
      <Form.Item
        name="secret"
        label={t('content.questionnaires.secret')}
        extra={entry?.hasOwnSecret ? t('content.questionnaires.secretKeep') : t('content.questionnaires.secretHint')}
        rules={[schemaRule(schema, ['secret'])]}
      >
        <Input.Password autoComplete="new-password" maxLength={44} />
      </Form.Item>
    </>
  );
}

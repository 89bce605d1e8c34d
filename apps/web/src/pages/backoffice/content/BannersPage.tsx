import { CONTENT_LIMITS, ZBannerInput } from '@portal/shared/schemas/content';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/time-cells.ts';
import { BilingualFields } from '../../../features/content-admin/BilingualFields.tsx';
import {
  ContentManager,
  type ContentManagerConfig,
  type EditorContext,
} from '../../../features/content-admin/ContentManager.tsx';
import { contentAdminKeys, fetchContentList } from '../../../features/content-admin/content-admin-api.ts';
import { contentLanguage } from '../../../features/content-admin/content-language.ts';
import {
  DateTimeField,
  emptyBilingual,
  FileFormItem,
  SortOrderField,
} from '../../../features/content-admin/form-fields.tsx';
import { BannerPreview } from '../../../features/content-admin/previews.tsx';
import { schemaRule } from '../../../lib/forms/schema-form.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';

const QUESTIONNAIRE_OPTIONS = { pageNo: 1, pageSize: 100 };

/** The questionnaires a banner can jump to (drafts marked: the jump works once one is published). */
function QuestionnaireSelect({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}) {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  const language = contentLanguage(locale);
  const list = useQuery({
    queryKey: contentAdminKeys.list('questionnaires', QUESTIONNAIRE_OPTIONS),
    queryFn: ({ signal }) => fetchContentList('questionnaires', QUESTIONNAIRE_OPTIONS, signal),
  });
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={list.isPending}
      placeholder={t('content.form.choose')}
      notFoundContent={t('content.banners.noQuestionnaires')}
      options={(list.data?.list ?? []).map((item) => ({
        value: item.lgcSn,
        label:
          item.status === 'draft'
            ? `${item.name[language] || item.name.en} (${t('content.status.draft')})`
            : item.name[language] || item.name.en,
      }))}
    />
  );
}

/** /backend/content/banners: the home's banners (image, link or survey jump, order, publish window). */
export function BannersPage() {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  const language = contentLanguage(locale);

  const windowText = (from: string | null, until: string | null) => {
    if (!from && !until) return t('content.banners.always');
    return `${from ? formatTime(from) : '…'} – ${until ? formatTime(until) : '…'}`;
  };

  const config: ContentManagerConfig<'banners'> = {
    kind: 'banners',
    title: t('content.banners.title'),
    intro: t('content.banners.intro'),
    schema: ZBannerInput,
    hasWindow: true,
    emptyValues: () => ({
      title: emptyBilingual(),
      imageFileId: null,
      wthrChkInd: '0',
      linksUrl: '',
      questionnaireId: null,
      sortOrder: 0,
      publishFrom: null,
      publishUntil: null,
    }),
    toValues: (entry) => ({
      title: entry.title,
      imageFileId: entry.image?.lgcSn ?? null,
      wthrChkInd: entry.wthrChkInd,
      linksUrl: entry.linksUrl,
      questionnaireId: entry.questionnaireId,
      sortOrder: entry.sortOrder,
      publishFrom: entry.publishFrom,
      publishUntil: entry.publishUntil,
    }),
    nameOf: (entry) => entry.title[language] || entry.title.en,
    thumbOf: (entry) => entry.image?.url ?? null,
    subOf: (entry) =>
      entry.wthrChkInd === '1' ? t('content.banners.jumpQuestionnaire') : entry.linksUrl || t('content.banners.noLink'),
    columns: [
      { key: 'sortOrder', title: t('content.columns.sortOrder'), dataIndex: 'sortOrder', width: 80 },
      {
        key: 'window',
        title: t('content.columns.window'),
        width: 220,
        render: (_, entry) => windowText(entry.publishFrom, entry.publishUntil),
      },
    ],
    fields: (context) => <BannerFields {...context} />,
    preview: (data, lang) => <BannerPreview data={data} language={lang} />,
  };
  return <ContentManager config={config} />;
}

function BannerFields({ entry, setBusy }: EditorContext<'banners'>) {
  const { t } = useTranslation('backoffice');
  return (
    <>
      <BilingualFields
        name={['title']}
        label={t('content.form.title')}
        schema={ZBannerInput}
        required
        maxLength={CONTENT_LIMITS.title}
        extra={t('content.banners.titleHint')}
      />
      <FileFormItem
        name="imageFileId"
        label={t('content.form.image')}
        kind="image"
        known={entry?.image}
        schema={ZBannerInput}
        extra={t('content.banners.imageHint')}
        setBusy={setBusy}
      />
      <Form.Item
        name="wthrChkInd"
        label={t('content.banners.clickAction')}
        rules={[schemaRule(ZBannerInput, ['wthrChkInd'])]}
      >
        <Radio.Group
          options={[
            { value: '0', label: t('content.banners.jumpLink') },
            { value: '1', label: t('content.banners.jumpQuestionnaire') },
          ]}
        />
      </Form.Item>
      <ClickTargetField />
      <div className="form-grid">
        <DateTimeField
          name="publishFrom"
          label={t('content.form.publishFrom')}
          schema={ZBannerInput}
          extra={t('content.banners.fromHint')}
        />
        <DateTimeField
          name="publishUntil"
          label={t('content.form.publishUntil')}
          schema={ZBannerInput}
          extra={t('content.banners.untilHint')}
          dependencies={['publishFrom']}
        />
      </div>
      <SortOrderField schema={ZBannerInput} />
    </>
  );
}

/** Where a click on the banner goes: a questionnaire or a link, as the click action says. */
function ClickTargetField() {
  const { t } = useTranslation('backoffice');
  return (
    <Form.Item noStyle shouldUpdate={(before, after) => before.wthrChkInd !== after.wthrChkInd}>
      {({ getFieldValue }) =>
        getFieldValue('wthrChkInd') === '1' ? (
          <Form.Item
            name="questionnaireId"
            label={t('content.form.questionnaire')}
            required
            extra={t('content.banners.questionnaireHint')}
            rules={[schemaRule(ZBannerInput, ['questionnaireId'])]}
          >
            <QuestionnaireSelect />
          </Form.Item>
        ) : (
          <Form.Item
            name="linksUrl"
            label={t('content.form.link')}
            extra={t('content.form.linkHint')}
            rules={[schemaRule(ZBannerInput, ['linksUrl'])]}
          >
            <Input maxLength={CONTENT_LIMITS.url} placeholder="https://" />
          </Form.Item>
        )
      }
    </Form.Item>
  );
}

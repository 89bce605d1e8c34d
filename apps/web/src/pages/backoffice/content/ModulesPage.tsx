import {
  CONTENT_LIMITS,
  MODULE_TYPES,
  SERIES_KEYS,
  TILE_KEYS,
  type TModuleType,
  ZModuleInput,
} from '@portal/shared/schemas/content';
import { Form, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BilingualFields } from '../../../features/content-admin/BilingualFields.tsx';
import { ContentManager, type ContentManagerConfig } from '../../../features/content-admin/ContentManager.tsx';
import { contentLanguage } from '../../../features/content-admin/content-language.ts';
import type { EditorContext } from '../../../features/content-admin/content-manager-config.ts';
import {
  BilingualRichText,
  emptyBilingual,
  FileFormItem,
  SortOrderField,
} from '../../../features/content-admin/form-fields.tsx';
import { ModulePreview } from '../../../features/content-admin/previews.tsx';
import { schemaRule } from '../../../lib/forms/schema-form.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';

/**
 * /backend/content/modules: the module entries of the contract's three types: the home's
 * "understand the bank" tiles (0), products and services (1), market-trend series cards (2).
 */
export function ModulesPage() {
  const { t } = useTranslation(['backoffice', 'content']);
  const { locale } = useLocale();
  const language = contentLanguage(locale);
  const keyOptions = useKeyOptions();
  const keyLabel = (type: TModuleType, key: string | null) =>
    keyOptions(type).find((option) => option.value === key)?.label ?? '—';

  const config: ContentManagerConfig<'modules'> = {
    kind: 'modules',
    title: t('backoffice:content.modules.title'),
    intro: t('backoffice:content.modules.intro'),
    schema: ZModuleInput,
    editorWidth: 1040,
    emptyValues: () => ({
      moduleType: undefined,
      key: null,
      title: emptyBilingual(),
      summary: emptyBilingual(),
      body: emptyBilingual(),
      imageFileId: null,
      linkUrl: '',
      sortOrder: 0,
    }),
    toValues: (entry) => ({
      moduleType: entry.moduleType,
      key: entry.key,
      title: entry.title,
      summary: entry.summary,
      body: entry.body,
      imageFileId: entry.image?.lgcSn ?? null,
      linkUrl: entry.linkUrl,
      sortOrder: entry.sortOrder,
    }),
    nameOf: (entry) => entry.title[language] || entry.title.en,
    thumbOf: (entry) => entry.image?.url ?? null,
    columns: [
      {
        key: 'moduleType',
        title: t('backoffice:content.columns.moduleType'),
        width: 170,
        render: (_, entry) => (
          <div className="cell-stack">
            <span>{t(`backoffice:content.modules.types.${entry.moduleType}`)}</span>
            {entry.moduleType !== '1' ? (
              <span className="cell-stack__sub">{keyLabel(entry.moduleType, entry.key)}</span>
            ) : null}
          </div>
        ),
      },
      { key: 'sortOrder', title: t('backoffice:content.columns.sortOrder'), dataIndex: 'sortOrder', width: 80 },
    ],
    filters: [{ param: 'moduleType', node: (value, set) => <ModuleTypeFilter value={value} set={set} /> }],
    fields: (context) => <ModuleFields {...context} />,
    preview: (data, lang) => <ModulePreview data={data} language={lang} />,
  };
  return <ContentManager config={config} />;
}

/** The tiles or series a module of a type may stand for (none for products and services). */
function useKeyOptions() {
  const { t } = useTranslation(['backoffice', 'content']);
  return (type: TModuleType | undefined): { value: string; label: string }[] =>
    type === '0'
      ? TILE_KEYS.map((value) => ({ value, label: t(`content:tileFallback.${value}`) }))
      : type === '2'
        ? SERIES_KEYS.map((value) => ({ value, label: t(`content:categories.${value}`) }))
        : [];
}

function ModuleTypeFilter({ value, set }: { value: string; set: (value: string | null) => void }) {
  const { t } = useTranslation(['backoffice', 'content']);
  return (
    <Segmented<string>
      value={value}
      onChange={(next) => set(next || null)}
      aria-label={t('backoffice:content.columns.moduleType')}
      options={[
        { value: '', label: t('backoffice:content.filters.allTypes') },
        ...MODULE_TYPES.map((type) => ({ value: type, label: t(`backoffice:content.modules.types.${type}`) })),
      ]}
    />
  );
}

function ModuleFields({ form, entry, setBusy }: EditorContext<'modules'>) {
  const { t } = useTranslation(['backoffice', 'content']);
  return (
    <>
      <div className="form-grid">
        <Form.Item
          name="moduleType"
          label={t('backoffice:content.form.moduleType')}
          required
          rules={[schemaRule(ZModuleInput, ['moduleType'])]}
        >
          <Select
            placeholder={t('backoffice:content.form.choose')}
            onChange={() => form.setFieldValue('key', null)}
            options={MODULE_TYPES.map((type) => ({
              value: type,
              label: t(`backoffice:content.modules.types.${type}`),
            }))}
          />
        </Form.Item>
        <ModuleKeyField />
      </div>
      <BilingualFields
        name={['title']}
        label={t('backoffice:content.form.title')}
        schema={ZModuleInput}
        required
        maxLength={CONTENT_LIMITS.title}
      />
      <BilingualFields
        name={['summary']}
        label={t('backoffice:content.form.summary')}
        schema={ZModuleInput}
        rows={3}
        maxLength={CONTENT_LIMITS.summary}
      />
      <FileFormItem
        name="imageFileId"
        label={t('backoffice:content.form.image')}
        kind="image"
        known={entry?.image}
        schema={ZModuleInput}
        setBusy={setBusy}
      />
      <div className="form-grid">
        <Form.Item
          name="linkUrl"
          label={t('backoffice:content.form.link')}
          extra={t('backoffice:content.modules.linkHint')}
          rules={[schemaRule(ZModuleInput, ['linkUrl'])]}
        >
          <Input maxLength={CONTENT_LIMITS.url} placeholder="https://" />
        </Form.Item>
        <SortOrderField schema={ZModuleInput} />
      </div>
      <BilingualRichText name={['body']} label={t('backoffice:content.form.body')} schema={ZModuleInput} />
    </>
  );
}

/** The tile or series, asked only for the types that have one. */
function ModuleKeyField() {
  const { t } = useTranslation(['backoffice', 'content']);
  const keyOptions = useKeyOptions();
  return (
    <Form.Item noStyle shouldUpdate={(before, after) => before.moduleType !== after.moduleType}>
      {({ getFieldValue }) => {
        const type = getFieldValue('moduleType') as TModuleType | undefined;
        if (type !== '0' && type !== '2') return null;
        return (
          <Form.Item
            name="key"
            label={t(type === '0' ? 'backoffice:content.modules.tile' : 'backoffice:content.modules.series')}
            required
            rules={[schemaRule(ZModuleInput, ['key'])]}
          >
            <Select placeholder={t('backoffice:content.form.choose')} options={keyOptions(type)} />
          </Form.Item>
        );
      }}
    </Form.Item>
  );
}

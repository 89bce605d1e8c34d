import type { TContentFile } from '@portal/shared/schemas/content';
import { DatePicker, Form, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type FieldPath, schemaRule } from '../../lib/forms/schema-form.ts';
import { CONTENT_LANGUAGES, LANGUAGE_TAG } from './BilingualFields.tsx';
import { ContentFileField, type ContentFileKind } from './ContentFileField.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export const emptyBilingual = () => ({ en: '', zh: '' });
export const today = () => dayjs().format(DATE_FORMAT);

/** A date kept as YYYY-MM-DD in the form (the request's shape). */
export function DateField({
  name,
  label,
  schema,
  required = false,
}: {
  name: string;
  label: string;
  schema: z.ZodType;
  required?: boolean;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      required={required}
      rules={[schemaRule(schema, [name])]}
      getValueProps={(value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null })}
      normalize={(value: Dayjs | null) => (value ? value.format(DATE_FORMAT) : undefined)}
    >
      <DatePicker format={DATE_FORMAT} className="form-full" style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** A moment kept as an ISO date-time in the form (a banner's publish window). */
export function DateTimeField({
  name,
  label,
  schema,
  extra,
  dependencies,
}: {
  name: string;
  label: string;
  schema: z.ZodType;
  extra?: string;
  dependencies?: string[];
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      dependencies={dependencies}
      rules={[schemaRule(schema, [name])]}
      getValueProps={(value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null })}
      normalize={(value: Dayjs | null) => (value ? value.second(0).millisecond(0).toISOString() : null)}
    >
      <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
    </Form.Item>
  );
}

export function SortOrderField({ schema }: { schema: z.ZodType }) {
  const { t } = useTranslation('backoffice');
  return (
    <Form.Item
      name="sortOrder"
      label={t('content.form.sortOrder')}
      extra={t('content.form.sortOrderHint')}
      rules={[schemaRule(schema, ['sortOrder'])]}
    >
      <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** An image or PDF of the entry (the value is the file id). */
export function FileFormItem({
  name,
  label,
  kind,
  known,
  schema,
  required = false,
  extra,
  setBusy,
}: {
  name: string;
  label: string;
  kind: ContentFileKind;
  known: TContentFile | null | undefined;
  schema: z.ZodType;
  required?: boolean;
  extra?: string;
  setBusy: (busy: boolean) => void;
}) {
  return (
    <Form.Item name={name} label={label} required={required} extra={extra} rules={[schemaRule(schema, [name])]}>
      <ContentFileField kind={kind} known={known ?? null} label={label} onBusyChange={setBusy} />
    </Form.Item>
  );
}

/** A rich text in both languages, one editor under the other (each needs the width). */
export function BilingualRichText({
  name,
  label,
  schema,
  required = false,
  maxLength,
}: {
  name: FieldPath;
  label: string;
  schema: z.ZodType;
  required?: boolean;
  maxLength?: number;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <>
      {CONTENT_LANGUAGES.map((language) => {
        const path = [...name, language];
        const fieldLabel = t('content.form.inLanguage', { field: label, language: t(`content.languages.${language}`) });
        return (
          <Form.Item
            key={language}
            name={path}
            label={fieldLabel}
            required={required}
            rules={[schemaRule(schema, path)]}
          >
            <RichTextEditor lang={LANGUAGE_TAG[language]} label={fieldLabel} maxLength={maxLength} />
          </Form.Item>
        );
      })}
    </>
  );
}

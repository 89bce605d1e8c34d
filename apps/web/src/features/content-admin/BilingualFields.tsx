import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type FieldPath, schemaRule } from '../../lib/forms/schema-form.ts';

export const CONTENT_LANGUAGES = ['en', 'zh'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** The `lang` attribute of text written in each language (spell checking, fonts, screen readers). */
export const LANGUAGE_TAG: Record<ContentLanguage, string> = { en: 'en', zh: 'zh-CN' };

/**
 * A text in both languages side by side (`name.en`, `name.zh`), each checked live against the
 * request's schema so the messages are the server's ("Title (Chinese) is required.").
 */
export function BilingualFields({
  name,
  label,
  schema,
  required = false,
  maxLength,
  rows,
  extra,
}: {
  name: FieldPath;
  label: string;
  schema: z.ZodType;
  required?: boolean;
  maxLength?: number;
  /** Lines of a multi-line text; a one-line input without. */
  rows?: number;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <div className="bilingual">
      {CONTENT_LANGUAGES.map((language) => {
        const path = [...name, language];
        return (
          <Form.Item
            key={language}
            name={path}
            label={t('content.form.inLanguage', { field: label, language: t(`content.languages.${language}`) })}
            required={required}
            rules={[schemaRule(schema, path)]}
            validateFirst
            extra={language === 'en' ? extra : undefined}
          >
            {rows ? (
              <Input.TextArea
                lang={LANGUAGE_TAG[language]}
                rows={rows}
                showCount={Boolean(maxLength)}
                maxLength={maxLength}
              />
            ) : (
              <Input lang={LANGUAGE_TAG[language]} showCount={Boolean(maxLength)} maxLength={maxLength} />
            )}
          </Form.Item>
        );
      })}
    </div>
  );
}

import { cleanRichText as cleanBeforeParsing } from '@portal/shared/rich-text/clean';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../content/rich-text/RichText.tsx';

/** The HTML source view: the typed source beside the preview of what readers will get. */
export function SourcePane({
  source,
  label,
  lang,
  invalid,
  maxLength,
  onChange,
}: {
  source: string;
  label: string;
  lang?: string;
  invalid?: boolean;
  maxLength?: number;
  onChange: (source: string) => void;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <div className="rich-editor__panes">
      <Input.TextArea
        className="rich-editor__source"
        value={source}
        lang={lang}
        aria-label={t('content.editor.sourceLabel', { field: label })}
        aria-invalid={invalid}
        maxLength={maxLength}
        rows={14}
        spellCheck={false}
        autoFocus
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="rich-editor__preview" aria-live="polite">
        <div className="rich-editor__preview-label">{t('content.editor.previewLabel')}</div>
        {source.trim() ? (
          // Cleaned before the browser parses it: a typed `onerror=` never reaches a parser.
          <RichText html={cleanBeforeParsing(source)} lang={lang} />
        ) : (
          <p className="rich-editor__preview-label">{t('content.editor.previewEmpty')}</p>
        )}
      </div>
    </div>
  );
}

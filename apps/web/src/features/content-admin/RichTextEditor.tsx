import { Button, Input, Popover, Tooltip, Upload } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify.ts';
import { RichText } from '../content/rich-text/RichText.tsx';
import { uploadFiles } from '../files/files-api.ts';

/** Where a content image is served to readers (the server attaches the ones a body refers to). */
export const contentImageUrl = (lgcSn: string) => `/api/content/image/${encodeURIComponent(lgcSn)}`;

type Wrap = { key: string; label: string; before: string; after: string; block?: boolean; shortcut?: string };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A light rich-text editor: the HTML source with a formatting toolbar (Ctrl+B, Ctrl+I, Ctrl+K)
 * and, beside it, the live preview through the same sanitiser the public page uses. The server
 * sanitises again on save, so what the preview drops never reaches readers.
 */
export function RichTextEditor({
  value = '',
  onChange,
  id,
  lang,
  label,
  maxLength,
  'aria-invalid': invalid,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  lang?: string;
  /** Names the editor for assistive technology (the form item's label). */
  label: string;
  maxLength?: number;
  'aria-invalid'?: boolean;
}) {
  const { t } = useTranslation('backoffice');
  const ref = useRef<TextAreaRef>(null);
  const [showPreview, setShowPreview] = useState(true);
  const [uploading, setUploading] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkHref, setLinkHref] = useState('https://');
  const [linkError, setLinkError] = useState(false);
  /** The selection to wrap while the link box has the focus. */
  const selection = useRef<[number, number] | null>(null);

  const area = () => ref.current?.resizableTextArea?.textArea ?? null;

  /** Replaces the selection with `before + selection + after` and selects the wrapped text. */
  const apply = (before: string, after: string, placeholder: string) => {
    const element = area();
    const saved = selection.current;
    selection.current = null;
    const start = saved?.[0] ?? element?.selectionStart ?? value.length;
    const end = saved?.[1] ?? element?.selectionEnd ?? value.length;
    const selected = value.slice(start, end) || placeholder;
    const next = value.slice(0, start) + before + selected + after + value.slice(end);
    onChange?.(next);
    requestAnimationFrame(() => {
      const target = area();
      if (!target) return;
      target.focus();
      target.setSelectionRange(start + before.length, start + before.length + selected.length);
    });
  };

  const wraps: Wrap[] = [
    { key: 'bold', label: 'B', before: '<strong>', after: '</strong>', shortcut: 'b' },
    { key: 'italic', label: 'I', before: '<em>', after: '</em>', shortcut: 'i' },
    { key: 'heading', label: 'H2', before: '<h2>', after: '</h2>\n', block: true },
    { key: 'subheading', label: 'H3', before: '<h3>', after: '</h3>\n', block: true },
    { key: 'paragraph', label: '¶', before: '<p>', after: '</p>\n', block: true },
    { key: 'bullets', label: '•', before: '<ul>\n  <li>', after: '</li>\n</ul>\n', block: true },
    { key: 'numbers', label: '1.', before: '<ol>\n  <li>', after: '</li>\n</ol>\n', block: true },
    { key: 'quote', label: '“', before: '<blockquote>', after: '</blockquote>\n', block: true },
  ];

  const insertLink = () => {
    const href = linkHref.trim();
    if (!/^(https?:\/\/\S+|\/\S*|mailto:\S+)$/i.test(href)) {
      setLinkError(true);
      return;
    }
    setLinkOpen(false);
    apply(`<a href="${escapeHtml(href)}">`, '</a>', t('content.editor.linkText'));
  };

  const openLink = () => {
    const element = area();
    selection.current = [element?.selectionStart ?? value.length, element?.selectionEnd ?? value.length];
    setLinkHref('https://');
    setLinkError(false);
    setLinkOpen(true);
  };

  const insertImage = async (file: File) => {
    setUploading(true);
    try {
      const [info] = await uploadFiles([file], { purpose: 'contentImage' });
      if (info) apply(`<img src="${contentImageUrl(info.lgcSn)}" alt="`, '" />', escapeHtml(file.name));
    } catch {
      // The toast said why.
    } finally {
      setUploading(false);
    }
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    const wrap = wraps.find((item) => item.shortcut === key);
    if (wrap) {
      event.preventDefault();
      apply(wrap.before, wrap.after, t(`content.editor.sample.${wrap.key}` as 'content.editor.sample.bold'));
    } else if (key === 'k') {
      event.preventDefault();
      openLink();
    }
  };

  return (
    <div className="rich-editor">
      <div className="rich-editor__toolbar" role="toolbar" aria-label={t('content.editor.toolbar', { field: label })}>
        {wraps.map((wrap) => (
          <Tooltip key={wrap.key} title={t(`content.editor.${wrap.key}` as 'content.editor.bold')}>
            <Button
              type="text"
              size="small"
              aria-label={t(`content.editor.${wrap.key}` as 'content.editor.bold')}
              onClick={() =>
                apply(wrap.before, wrap.after, t(`content.editor.sample.${wrap.key}` as 'content.editor.sample.bold'))
              }
            >
              {wrap.label}
            </Button>
          </Tooltip>
        ))}
        <Popover
          open={linkOpen}
          onOpenChange={(next) => {
            if (next) openLink();
            else setLinkOpen(false);
          }}
          trigger="click"
          title={t('content.editor.linkPrompt')}
          content={
            <div className="rich-editor__link">
              <Input
                autoFocus
                value={linkHref}
                status={linkError ? 'error' : undefined}
                aria-label={t('content.editor.linkPrompt')}
                onChange={(event) => {
                  setLinkHref(event.target.value);
                  setLinkError(false);
                }}
                onPressEnter={insertLink}
              />
              {linkError ? <div className="rich-editor__link-error">{t('content.editor.linkInvalid')}</div> : null}
              <div className="rich-editor__link-actions">
                <Button size="small" onClick={() => setLinkOpen(false)}>
                  {t('content.actions.cancel')}
                </Button>
                <Button size="small" type="primary" onClick={insertLink}>
                  {t('content.editor.linkInsert')}
                </Button>
              </div>
            </div>
          }
        >
          <Button type="text" size="small" aria-label={t('content.editor.link')} title={t('content.editor.link')}>
            {t('content.editor.linkShort')}
          </Button>
        </Popover>
        <Upload
          accept=".jpg,.jpeg,.png"
          showUploadList={false}
          beforeUpload={(file) => {
            if (file.size > 10 * 1024 * 1024) {
              showToast({ type: 'error', content: t('content.file.tooLarge', { name: file.name }) });
              return Upload.LIST_IGNORE;
            }
            void insertImage(file);
            return false;
          }}
        >
          <Button type="text" size="small" loading={uploading} aria-label={t('content.editor.image')}>
            {t('content.editor.imageShort')}
          </Button>
        </Upload>
        <span className="rich-editor__spacer" />
        <Button type="link" size="small" onClick={() => setShowPreview((shown) => !shown)} aria-pressed={showPreview}>
          {showPreview ? t('content.editor.hidePreview') : t('content.editor.showPreview')}
        </Button>
      </div>
      <div className={showPreview ? 'rich-editor__panes' : 'rich-editor__panes rich-editor__panes--single'}>
        <Input.TextArea
          ref={ref}
          id={id}
          lang={lang}
          className="rich-editor__source"
          value={value}
          aria-label={label}
          aria-invalid={invalid}
          maxLength={maxLength}
          spellCheck
          rows={14}
          placeholder={t('content.editor.placeholder')}
          onChange={(event) => onChange?.(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {showPreview ? (
          <div className="rich-editor__preview" aria-live="polite">
            <div className="rich-editor__preview-label">{t('content.editor.previewLabel')}</div>
            {value.trim() ? (
              <RichText html={value} lang={lang} />
            ) : (
              <p className="rich-editor__preview-label">{t('content.editor.previewEmpty')}</p>
            )}
          </div>
        ) : null}
      </div>
    </div>
  );
}

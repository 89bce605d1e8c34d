import '../content/content.css';
import { cleanRichText as cleanBeforeParsing } from '@portal/shared/rich-text/clean';
import { isSafeLink } from '@portal/shared/schemas/links';
import { contentImageFromAddress, contentImagePath } from '@portal/shared/schemas/rich-text';
import Image from '@tiptap/extension-image';
import { Table } from '@tiptap/extension-table';
import { TableCell } from '@tiptap/extension-table-cell';
import { TableHeader } from '@tiptap/extension-table-header';
import { TableRow } from '@tiptap/extension-table-row';
import { type Editor, EditorContent, mergeAttributes, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Modal, Tooltip, Upload } from 'antd';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../components/icons.tsx';
import { showToast } from '../../lib/notify.ts';
import { RichText } from '../content/rich-text/RichText.tsx';
import { uploadFiles } from '../files/files-api.ts';

export type RichTextEditorProps = {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  lang?: string;
  /** Names the editor for assistive technology (the form item's label). */
  label: string;
  maxLength?: number;
  'aria-invalid'?: boolean;
};

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * Tables as the allow-list keeps them: no inline widths (the page's styles size them; the
 * policy refuses `style` attributes anyway), no column group.
 */
const PlainTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    const { style: _style, ...rest } = HTMLAttributes as Record<string, unknown>;
    return ['table', mergeAttributes(this.options.HTMLAttributes, rest), ['tbody', 0]];
  },
});

/** What the editor knows how to hold, and nothing else (its schema drops the rest on load). */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    link: {
      openOnClick: false,
      // Typed addresses stay text (a link ends where it ends: typing after it is not linked).
      autolink: false,
      defaultProtocol: 'https',
      // The shared link rule: http(s) to another site or a /path of the portal.
      isAllowedUri: (url) => isSafeLink(url),
      HTMLAttributes: { target: null, rel: null, class: null },
    },
  }),
  Image.configure({ inline: false, allowBase64: false }),
  PlainTable.configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
];

/**
 * The editor's HTML as the form keeps it: without the empty paragraphs the editor keeps at the
 * end for the cursor (so empty when nothing is written).
 */
const htmlOf = (editor: Editor) => editor.getHTML().replace(/(?:<p><\/p>)+$/, '');

const icon = (children: ReactNode) => <LineIcon size={16}>{children}</LineIcon>;
const ICONS = {
  bullets: icon(
    <>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" />
      <circle cx="4.5" cy="12" r="1" />
      <circle cx="4.5" cy="18" r="1" />
    </>,
  ),
  numbers: icon(<path d="M10 6h10M10 12h10M10 18h10M4 4.5h1.5V9M3.5 14.5c.5-1 2.5-1 2.5.3 0 1-2.5 2-2.5 3.2H6" />),
  quote: icon(<path d="M5 17c0-4 1-7 4-9M13 17c0-4 1-7 4-9M5 17h4v-4H5M13 17h4v-4h-4" />),
  link: icon(
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
  ),
  unlink: icon(
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-2-6.7M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 2 6.7M4 4l16 16" />,
  ),
  image: icon(
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="10" r="1.6" />
      <path d="m4 18 5-5 4 4 3-3 4 4" />
    </>,
  ),
  table: icon(
    <>
      <rect x="3" y="4" width="18" height="16" rx="1.5" />
      <path d="M3 9.5h18M3 15h18M9 4v16M15 4v16" />
    </>,
  ),
  rowAdd: icon(<path d="M3 5h18v6H3zM12 14v7M8.5 17.5h7" />),
  rowDelete: icon(<path d="M3 5h18v6H3zM8.5 17.5h7" />),
  columnAdd: icon(<path d="M5 3h6v18H5zM17.5 8.5v7M14 12h7" />),
  columnDelete: icon(<path d="M5 3h6v18H5zM14 12h7" />),
  tableDelete: icon(
    <>
      <rect x="3" y="4" width="18" height="16" rx="1.5" />
      <path d="m8 9 8 6M16 9l-8 6" />
    </>,
  ),
  undo: icon(<path d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />),
  redo: icon(<path d="m15 14 5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />),
  source: icon(<path d="m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />),
} as const;

type Tool = {
  key: string;
  label: string;
  content: ReactNode;
  run: () => void;
  active?: boolean;
  disabled?: boolean;
};

/**
 * The back office's rich-text editor (Tiptap): what staff see is what readers get, with a
 * toolbar for headings, emphasis, lists, quotations, links, images, tables and undo/redo, and
 * an HTML source view. Its value is the HTML string the forms keep (one editor per language).
 * Whatever comes in (stored text, pasted HTML, typed source) passes the shared sanitiser
 * before anything parses it, and the server sanitises again on save.
 */
export function TiptapEditor({
  value = '',
  onChange,
  id,
  lang,
  label,
  maxLength,
  'aria-invalid': invalid,
}: RichTextEditorProps) {
  const { t } = useTranslation('backoffice');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** The HTML last handed to the form: a value that differs came from outside (loaded entry). */
  const emitted = useRef(value);
  const [source, setSource] = useState<string | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);

  const emit = (html: string) => {
    emitted.current = html;
    onChangeRef.current?.(html);
  };

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: cleanBeforeParsing(value),
    // The page's policy refuses injected <style> elements: the styles are in content-admin.css.
    injectCSS: false,
    shouldRerenderOnTransaction: true,
    editorProps: {
      // The contenteditable carries the form item's id, name and state. (useEditor applies its
      // options again on every render, so they are given here, not set once from an effect.)
      attributes: {
        class: 'rich-text rich-editor__surface',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(id ? { id } : {}),
        ...(lang ? { lang } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
      // Pasted HTML is cleaned before the editor (or the browser) parses it.
      transformPastedHTML: (html) => cleanBeforeParsing(html),
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          setLinkOpen(true);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: current }) => emit(htmlOf(current)),
  });

  // A value set from outside (the entry loaded, the form reset) replaces the content.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(cleanBeforeParsing(value), { emitUpdate: false });
    if (source !== null) setSource(value);
  }, [editor, value, source]);

  const openSource = () => setSource(htmlOf(editor));
  const closeSource = () => {
    if (source === null) return;
    editor.commands.setContent(cleanBeforeParsing(source), { emitUpdate: false });
    setSource(null);
    emit(htmlOf(editor));
    editor.commands.focus();
  };

  const chain = () => editor.chain().focus();
  const inTable = editor.isActive('table');
  const tools: Tool[][] = [
    [
      {
        key: 'heading',
        label: t('content.editor.heading'),
        content: 'H2',
        run: () => chain().toggleHeading({ level: 2 }).run(),
        active: editor.isActive('heading', { level: 2 }),
      },
      {
        key: 'subheading',
        label: t('content.editor.subheading'),
        content: 'H3',
        run: () => chain().toggleHeading({ level: 3 }).run(),
        active: editor.isActive('heading', { level: 3 }),
      },
      {
        key: 'paragraph',
        label: t('content.editor.paragraph'),
        content: '¶',
        run: () => chain().setParagraph().run(),
        active: editor.isActive('paragraph'),
      },
    ],
    [
      {
        key: 'bold',
        label: t('content.editor.bold'),
        content: <strong>B</strong>,
        run: () => chain().toggleBold().run(),
        active: editor.isActive('bold'),
      },
      {
        key: 'italic',
        label: t('content.editor.italic'),
        content: <em>I</em>,
        run: () => chain().toggleItalic().run(),
        active: editor.isActive('italic'),
      },
    ],
    [
      {
        key: 'bullets',
        label: t('content.editor.bullets'),
        content: ICONS.bullets,
        run: () => chain().toggleBulletList().run(),
        active: editor.isActive('bulletList'),
      },
      {
        key: 'numbers',
        label: t('content.editor.numbers'),
        content: ICONS.numbers,
        run: () => chain().toggleOrderedList().run(),
        active: editor.isActive('orderedList'),
      },
      {
        key: 'quote',
        label: t('content.editor.quote'),
        content: ICONS.quote,
        run: () => chain().toggleBlockquote().run(),
        active: editor.isActive('blockquote'),
      },
    ],
    [
      {
        key: 'link',
        label: t('content.editor.link'),
        content: ICONS.link,
        run: () => setLinkOpen(true),
        active: editor.isActive('link'),
      },
      {
        key: 'unlink',
        label: t('content.editor.unlink'),
        content: ICONS.unlink,
        run: () => chain().extendMarkRange('link').unsetLink().run(),
        disabled: !editor.isActive('link'),
      },
      { key: 'image', label: t('content.editor.image'), content: ICONS.image, run: () => setImageOpen(true) },
    ],
    [
      {
        key: 'table',
        label: t('content.editor.table'),
        content: ICONS.table,
        run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
        disabled: inTable,
      },
      {
        key: 'rowAdd',
        label: t('content.editor.rowAdd'),
        content: ICONS.rowAdd,
        run: () => chain().addRowAfter().run(),
        disabled: !inTable,
      },
      {
        key: 'rowDelete',
        label: t('content.editor.rowDelete'),
        content: ICONS.rowDelete,
        run: () => chain().deleteRow().run(),
        disabled: !inTable,
      },
      {
        key: 'columnAdd',
        label: t('content.editor.columnAdd'),
        content: ICONS.columnAdd,
        run: () => chain().addColumnAfter().run(),
        disabled: !inTable,
      },
      {
        key: 'columnDelete',
        label: t('content.editor.columnDelete'),
        content: ICONS.columnDelete,
        run: () => chain().deleteColumn().run(),
        disabled: !inTable,
      },
      {
        key: 'tableDelete',
        label: t('content.editor.tableDelete'),
        content: ICONS.tableDelete,
        run: () => chain().deleteTable().run(),
        disabled: !inTable,
      },
    ],
    [
      {
        key: 'undo',
        label: t('content.editor.undo'),
        content: ICONS.undo,
        run: () => chain().undo().run(),
        disabled: !editor.can().undo(),
      },
      {
        key: 'redo',
        label: t('content.editor.redo'),
        content: ICONS.redo,
        run: () => chain().redo().run(),
        disabled: !editor.can().redo(),
      },
    ],
  ];

  const sourceMode = source !== null;
  return (
    <div className="rich-editor">
      <div className="rich-editor__toolbar" role="toolbar" aria-label={t('content.editor.toolbar', { field: label })}>
        {tools.map((group) => (
          <div className="rich-editor__group" key={group[0]!.key}>
            {group.map((tool) => (
              <Tooltip key={tool.key} title={tool.label}>
                <Button
                  type="text"
                  size="small"
                  className={tool.active ? 'rich-editor__tool rich-editor__tool--active' : 'rich-editor__tool'}
                  aria-label={tool.label}
                  aria-pressed={tool.active === undefined ? undefined : tool.active}
                  disabled={sourceMode || tool.disabled}
                  onClick={tool.run}
                >
                  {tool.content}
                </Button>
              </Tooltip>
            ))}
          </div>
        ))}
        <span className="rich-editor__spacer" />
        <Tooltip title={sourceMode ? t('content.editor.visual') : t('content.editor.source')}>
          <Button
            type="text"
            size="small"
            className={sourceMode ? 'rich-editor__tool rich-editor__tool--active' : 'rich-editor__tool'}
            aria-label={t('content.editor.source')}
            aria-pressed={sourceMode}
            onClick={sourceMode ? closeSource : openSource}
          >
            {ICONS.source}
          </Button>
        </Tooltip>
      </div>
      {sourceMode ? (
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
            onChange={(event) => {
              setSource(event.target.value);
              // The form keeps the cleaned text: what the preview shows is what is saved.
              emit(cleanBeforeParsing(event.target.value));
            }}
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
      ) : (
        <EditorContent editor={editor} className="rich-editor__content" />
      )}
      <LinkDialog
        open={linkOpen}
        initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
        initialText={linkedText(editor)}
        onClose={() => {
          setLinkOpen(false);
          editor.commands.focus();
        }}
        onInsert={(href, text) => {
          setLinkOpen(false);
          if (editor.isActive('link')) chain().extendMarkRange('link').run();
          const { from, to, empty } = editor.state.selection;
          // The selected text keeps its other formatting when only the address is added;
          // otherwise the text is written (a plain text insert drops marks), then linked.
          if (!empty && editor.state.doc.textBetween(from, to, ' ') === text) chain().setLink({ href }).run();
          else
            chain()
              .insertContent(text)
              .setTextSelection({ from, to: from + text.length })
              .setLink({ href })
              .setTextSelection(from + text.length)
              .run();
        }}
      />
      <ImageDialog
        open={imageOpen}
        onClose={() => {
          setImageOpen(false);
          editor.commands.focus();
        }}
        onInsert={(src, alt) => {
          setImageOpen(false);
          chain().setImage({ src, alt }).run();
        }}
      />
    </div>
  );
}

/** The text a new link would cover: the selection, or the whole link the cursor is in. */
function linkedText(editor: Editor): string {
  const { state } = editor;
  if (editor.isActive('link')) {
    const { $from } = state.selection;
    const parent = $from.parent;
    let text = '';
    parent.forEach((child) => {
      if (
        child.marks.some((mark) => mark.type.name === 'link' && mark.attrs.href === editor.getAttributes('link').href)
      ) {
        text += child.text ?? '';
      }
    });
    return text;
  }
  const { from, to } = state.selection;
  return state.doc.textBetween(from, to, ' ');
}

/**
 * The address of a link (the shared link rule, refused with a message naming what is allowed)
 * and its text (the selection by default; the address when left empty).
 */
function LinkDialog({
  open,
  initial,
  initialText,
  onClose,
  onInsert,
}: {
  open: boolean;
  initial: string;
  initialText: string;
  onClose: () => void;
  onInsert: (href: string, text: string) => void;
}) {
  const { t } = useTranslation('backoffice');
  const [href, setHref] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const errorId = useId();
  const inputId = useId();
  const textId = useId();
  useEffect(() => {
    if (open) {
      setHref(initial || 'https://');
      setText(initialText);
      setError(false);
    }
  }, [open, initial, initialText]);

  const insert = () => {
    const address = href.trim();
    if (!isSafeLink(address)) {
      setError(true);
      return;
    }
    onInsert(address, text.trim() || address);
  };

  return (
    <Modal
      open={open}
      title={t('content.editor.linkTitle')}
      okText={t('content.editor.linkInsert')}
      cancelText={t('content.actions.cancel')}
      onOk={insert}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="rich-editor__dialog-field">
        <label htmlFor={inputId}>{t('content.editor.linkPrompt')}</label>
        <Input
          id={inputId}
          autoFocus
          value={href}
          inputMode="url"
          status={error ? 'error' : undefined}
          aria-invalid={error}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setHref(event.target.value);
            setError(false);
          }}
          onPressEnter={insert}
        />
      </div>
      {error ? (
        <div id={errorId} className="rich-editor__dialog-error" role="alert">
          {t('content.editor.linkInvalid')}
        </div>
      ) : null}
      <div className="rich-editor__dialog-field rich-editor__dialog-field--spaced">
        <label htmlFor={textId}>{t('content.editor.linkText')}</label>
        <Input
          id={textId}
          value={text}
          maxLength={500}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={insert}
        />
      </div>
    </Modal>
  );
}

/** An image uploaded here (JPG or PNG) or the address of a content image already uploaded. */
function ImageDialog({
  open,
  onClose,
  onInsert,
}: {
  open: boolean;
  onClose: () => void;
  onInsert: (src: string, alt: string) => void;
}) {
  const { t } = useTranslation('backoffice');
  const [address, setAddress] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState(false);
  const [uploading, setUploading] = useState(false);
  const errorId = useId();
  const addressId = useId();
  const altId = useId();
  useEffect(() => {
    if (open) {
      setAddress('');
      setAlt('');
      setError(false);
    }
  }, [open]);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const [info] = await uploadFiles([file], { purpose: 'contentImage' });
      if (info) {
        setAddress(contentImagePath(info.lgcSn));
        setAlt((current) => current || file.name.replace(/\.[^.]+$/, ''));
        setError(false);
      }
    } catch {
      // The toast said why.
    } finally {
      setUploading(false);
    }
  };

  const insert = () => {
    const src = contentImageFromAddress(address, window.location.origin);
    if (!src) {
      setError(true);
      return;
    }
    onInsert(src, alt.trim());
  };

  const src = contentImageFromAddress(address, window.location.origin);
  return (
    <Modal
      open={open}
      title={t('content.editor.imageTitle')}
      okText={t('content.editor.imageInsert')}
      cancelText={t('content.actions.cancel')}
      okButtonProps={{ disabled: uploading }}
      onOk={insert}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="rich-editor__dialog">
        <Upload
          accept=".jpg,.jpeg,.png"
          showUploadList={false}
          beforeUpload={(file) => {
            if (file.size > MAX_IMAGE_BYTES) {
              showToast({ type: 'error', content: t('content.file.tooLarge', { name: file.name }) });
              return Upload.LIST_IGNORE;
            }
            void upload(file);
            return false;
          }}
        >
          <Button loading={uploading}>{t('content.editor.imageUpload')}</Button>
        </Upload>
        <div className="rich-editor__dialog-field">
          <label htmlFor={addressId}>{t('content.editor.imageAddress')}</label>
          <Input
            id={addressId}
            value={address}
            placeholder="/api/content/image/…"
            status={error ? 'error' : undefined}
            aria-invalid={error}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setAddress(event.target.value);
              setError(false);
            }}
            onPressEnter={insert}
          />
        </div>
        {error ? (
          <div id={errorId} className="rich-editor__dialog-error" role="alert">
            {t('content.editor.imageInvalid')}
          </div>
        ) : null}
        <div className="rich-editor__dialog-field">
          <label htmlFor={altId}>{t('content.editor.imageAlt')}</label>
          <Input
            id={altId}
            value={alt}
            maxLength={200}
            onChange={(event) => setAlt(event.target.value)}
            onPressEnter={insert}
          />
        </div>
        {src ? <img className="rich-editor__dialog-preview" src={src} alt="" /> : null}
      </div>
    </Modal>
  );
}

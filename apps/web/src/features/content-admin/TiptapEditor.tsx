import '../content/content.css';
import { cleanRichText as cleanBeforeParsing } from '@portal/shared/rich-text/clean';
import type { EditorProps } from '@tiptap/pm/view';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorToolbar } from './editor/EditorToolbar.tsx';
import { EXTENSIONS, htmlOf } from './editor/editor-extensions.ts';
import { editorTools } from './editor/editor-tools.tsx';
import { ImageDialog } from './editor/ImageDialog.tsx';
import { LinkDialog, linkedText } from './editor/LinkDialog.tsx';
import { SourcePane } from './editor/SourcePane.tsx';

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
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const { editor, source, setSource, emit, toggleSource } = useRichEditor(
    { value, onChange, id, lang, label, invalid },
    () => setLinkOpen(true),
  );

  const sourceMode = source !== null;
  return (
    <div className="rich-editor">
      <EditorToolbar
        label={label}
        tools={editorTools(
          editor,
          t,
          () => setLinkOpen(true),
          () => setImageOpen(true),
        )}
        sourceMode={sourceMode}
        onToggleSource={toggleSource}
      />
      {sourceMode ? (
        <SourcePane
          source={source}
          label={label}
          lang={lang}
          invalid={invalid}
          maxLength={maxLength}
          onChange={(typed) => {
            setSource(typed);
            // The form keeps the cleaned text: what the preview shows is what is saved.
            emit(cleanBeforeParsing(typed));
          }}
        />
      ) : (
        <EditorContent editor={editor} className="rich-editor__content" />
      )}
      <EditorDialogs
        editor={editor}
        linkOpen={linkOpen}
        imageOpen={imageOpen}
        setLinkOpen={setLinkOpen}
        setImageOpen={setImageOpen}
      />
    </div>
  );
}

/** The link and image dialogs; closing either puts the cursor back in the text. */
function EditorDialogs({
  editor,
  linkOpen,
  imageOpen,
  setLinkOpen,
  setImageOpen,
}: {
  editor: Editor;
  linkOpen: boolean;
  imageOpen: boolean;
  setLinkOpen: (open: boolean) => void;
  setImageOpen: (open: boolean) => void;
}) {
  const closeDialog = (close: (open: false) => void) => () => {
    close(false);
    editor.commands.focus();
  };
  return (
    <>
      <LinkDialog
        open={linkOpen}
        initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
        initialText={linkedText(editor)}
        onClose={closeDialog(setLinkOpen)}
        onInsert={(href, text) => {
          setLinkOpen(false);
          insertLink(editor, href, text);
        }}
      />
      <ImageDialog
        open={imageOpen}
        onClose={closeDialog(setImageOpen)}
        onInsert={(src, alt) => {
          setImageOpen(false);
          editor.chain().focus().setImage({ src, alt }).run();
        }}
      />
    </>
  );
}

/**
 * The Tiptap editor bound to a form value: every change is handed to the form, and a value set
 * from outside (the entry loaded, the form reset) replaces the content. `source` is the HTML
 * source being typed, or null in the visual view.
 */
function useRichEditor(
  {
    value,
    onChange,
    id,
    lang,
    label,
    invalid,
  }: Omit<RichTextEditorProps, 'maxLength' | 'aria-invalid'> & {
    value: string;
    invalid?: boolean;
  },
  openLinkDialog: () => void,
) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** The HTML last handed to the form: a value that differs came from outside (loaded entry). */
  const emitted = useRef(value);
  const [source, setSource] = useState<string | null>(null);
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
    editorProps: surfaceProps(label, id, lang, invalid, openLinkDialog),
    onUpdate: ({ editor: current }) => emit(htmlOf(current)),
  });

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(cleanBeforeParsing(value), { emitUpdate: false });
    if (source !== null) setSource(value);
  }, [editor, value, source]);

  // Back from the source view, the typed HTML (cleaned) becomes the content.
  const toggleSource = () => {
    if (source === null) {
      setSource(htmlOf(editor));
      return;
    }
    editor.commands.setContent(cleanBeforeParsing(source), { emitUpdate: false });
    setSource(null);
    emit(htmlOf(editor));
    editor.commands.focus();
  };
  return { editor, source, setSource, emit, toggleSource };
}

/**
 * The contenteditable's props: its role and name, and the form item's id, language and state.
 * (useEditor applies its options again on every render, so they are given there, not set once
 * from an effect.) Pasted HTML is cleaned before the editor (or the browser) parses it; Ctrl+K
 * opens the link dialog.
 */
function surfaceProps(
  label: string,
  id: string | undefined,
  lang: string | undefined,
  invalid: boolean | undefined,
  openLinkDialog: () => void,
): EditorProps {
  return {
    attributes: {
      class: 'rich-text rich-editor__surface',
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': label,
      ...(id ? { id } : {}),
      ...(lang ? { lang } : {}),
      ...(invalid ? { 'aria-invalid': 'true' } : {}),
    },
    transformPastedHTML: (html) => cleanBeforeParsing(html),
    handleKeyDown: (_view, event) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openLinkDialog();
        return true;
      }
      return false;
    },
  };
}

/**
 * Links the selected text when the dialog kept it (it keeps its other formatting); otherwise
 * writes the text (a plain text insert drops marks), then links it.
 */
function insertLink(editor: Editor, href: string, text: string): void {
  const chain = () => editor.chain().focus();
  if (editor.isActive('link')) chain().extendMarkRange('link').run();
  const { from, to, empty } = editor.state.selection;
  if (!empty && editor.state.doc.textBetween(from, to, ' ') === text) chain().setLink({ href }).run();
  else
    chain()
      .insertContent(text)
      .setTextSelection({ from, to: from + text.length })
      .setLink({ href })
      .setTextSelection(from + text.length)
      .run();
}

import type { Editor } from '@tiptap/react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { ICONS } from './editor-icons.tsx';

export type Tool = {
  key: string;
  label: string;
  content: ReactNode;
  run: () => void;
  active?: boolean;
  disabled?: boolean;
};

type ToolContext = { editor: Editor; t: TFunction<'backoffice'>; chain: () => ReturnType<Editor['chain']> };

/** Headings, paragraph, bold and italic. */
function textTools({ editor, t, chain }: ToolContext): Tool[][] {
  return [
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
  ];
}

/** Lists, quotation, links and images (the last two open their dialogs). */
function blockTools({ editor, t, chain }: ToolContext, openLink: () => void, openImage: () => void): Tool[][] {
  return [
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
        run: openLink,
        active: editor.isActive('link'),
      },
      {
        key: 'unlink',
        label: t('content.editor.unlink'),
        content: ICONS.unlink,
        run: () => chain().extendMarkRange('link').unsetLink().run(),
        disabled: !editor.isActive('link'),
      },
      { key: 'image', label: t('content.editor.image'), content: ICONS.image, run: openImage },
    ],
  ];
}

/** A new table outside one; rows, columns and the table itself changed inside one. */
function tableTools({ editor, t, chain }: ToolContext): Tool[] {
  const inTable = editor.isActive('table');
  const inside = (key: keyof typeof ICONS, label: string, run: () => void): Tool => ({
    key,
    label,
    content: ICONS[key],
    run,
    disabled: !inTable,
  });
  return [
    {
      key: 'table',
      label: t('content.editor.table'),
      content: ICONS.table,
      run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
      disabled: inTable,
    },
    inside('rowAdd', t('content.editor.rowAdd'), () => chain().addRowAfter().run()),
    inside('rowDelete', t('content.editor.rowDelete'), () => chain().deleteRow().run()),
    inside('columnAdd', t('content.editor.columnAdd'), () => chain().addColumnAfter().run()),
    inside('columnDelete', t('content.editor.columnDelete'), () => chain().deleteColumn().run()),
    inside('tableDelete', t('content.editor.tableDelete'), () => chain().deleteTable().run()),
  ];
}

/** The toolbar's groups of tools, each reflecting the editor's state at the cursor. */
export function editorTools(
  editor: Editor,
  t: TFunction<'backoffice'>,
  openLink: () => void,
  openImage: () => void,
): Tool[][] {
  const context: ToolContext = { editor, t, chain: () => editor.chain().focus() };
  const history: Tool[] = [
    {
      key: 'undo',
      label: t('content.editor.undo'),
      content: ICONS.undo,
      run: () => context.chain().undo().run(),
      disabled: !editor.can().undo(),
    },
    {
      key: 'redo',
      label: t('content.editor.redo'),
      content: ICONS.redo,
      run: () => context.chain().redo().run(),
      disabled: !editor.can().redo(),
    },
  ];
  return [...textTools(context), ...blockTools(context, openLink, openImage), tableTools(context), history];
}

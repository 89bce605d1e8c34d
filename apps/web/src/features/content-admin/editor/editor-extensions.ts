import { isSafeLink } from '@portal/shared/schemas/links';
import Image from '@tiptap/extension-image';
import { Table } from '@tiptap/extension-table';
import { TableCell } from '@tiptap/extension-table-cell';
import { TableHeader } from '@tiptap/extension-table-header';
import { TableRow } from '@tiptap/extension-table-row';
import { type Editor, mergeAttributes } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

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
export const EXTENSIONS = [
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
export const htmlOf = (editor: Editor) => editor.getHTML().replace(/(?:<p><\/p>)+$/, '');

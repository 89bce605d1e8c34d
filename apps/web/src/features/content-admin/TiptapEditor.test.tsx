import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n/locale.ts';
import { loadNamespace } from '../../lib/i18n/namespaces.ts';
import { TiptapEditor } from './TiptapEditor.tsx';

// The back office's texts load on demand. ProseMirror measures the selection to scroll it into view; jsdom has no layout.
beforeAll(async () => {
  await loadNamespace('backoffice');
  const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  document.elementFromPoint = () => null;
});

/** The editor in a form-like holder that keeps its value, as Form.Item does. */
function Holder({ initial, values }: { initial: string; values: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <TiptapEditor
      value={value}
      label="Body (English)"
      lang="en"
      onChange={(next) => {
        values.push(next);
        setValue(next);
      }}
    />
  );
}

function renderEditor(initial = '') {
  const values: string[] = [];
  const view = render(<Holder initial={initial} values={values} />);
  const surface = () => view.container.querySelector('.ProseMirror') as HTMLElement & { editor: Editor };
  /** Types text where the cursor is (jsdom cannot type into contenteditable). */
  const type = (text: string) => act(() => void surface().editor.commands.insertContent(text));
  const last = () => values.at(-1) ?? '';
  const button = (name: string) => screen.getByRole('button', { name });
  return { ...view, surface, type, last, button };
}

describe('the rich-text editor', { timeout: 40_000 }, () => {
  it('is a labelled multi-line text box with a labelled toolbar', async () => {
    renderEditor();
    const box = await screen.findByRole('textbox', { name: 'Body (English)' });
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.getAttribute('lang')).toBe('en');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting of Body (English)' });
    for (const name of ['Heading (Ctrl+Alt+2)', 'Bold (Ctrl+B)', 'Bulleted list (Ctrl+Shift+8)', 'Insert a table']) {
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('turns the typed line into a heading', async () => {
    const editor = renderEditor();
    await screen.findByRole('textbox', { name: 'Body (English)' });
    editor.type('Funding costs eased');
    fireEvent.click(editor.button('Heading (Ctrl+Alt+2)'));
    expect(editor.last()).toBe('<h2>Funding costs eased</h2>');
    // Still the labelled text box after the re-renders.
    expect(screen.getByRole('textbox', { name: 'Body (English)' })).toBe(editor.surface());
    expect(editor.button('Heading (Ctrl+Alt+2)').getAttribute('aria-pressed')).toBe('true');
  });

  it('makes bulleted and numbered lists', async () => {
    const editor = renderEditor();
    await screen.findByRole('textbox', { name: 'Body (English)' });
    editor.type('Overnight');
    fireEvent.click(editor.button('Bulleted list (Ctrl+Shift+8)'));
    expect(editor.last()).toBe('<ul><li><p>Overnight</p></li></ul>');
    fireEvent.click(editor.button('Numbered list (Ctrl+Shift+7)'));
    expect(editor.last()).toBe('<ol><li><p>Overnight</p></li></ol>');
  });

  it('links the selected text to a safe address, and refuses an unsafe one with a message', async () => {
    const editor = renderEditor('<p>Annual report</p>');
    await screen.findByRole('textbox', { name: 'Body (English)' });
    act(() => void editor.surface().editor.commands.selectAll());

    fireEvent.click(editor.button('Link (Ctrl+K)'));
    const dialog = await screen.findByRole('dialog', { name: 'Insert a link' });
    const address = within(dialog).getByRole('textbox', { name: /Address of the link/ });
    for (const unsafe of ['javascript:alert(1)', '//evil.example', '/\\evil.example', 'mailto:a@b.example']) {
      fireEvent.change(address, { target: { value: unsafe } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Insert link' }));
      expect((await within(dialog).findByRole('alert')).textContent, unsafe).toBe(
        'Enter an address starting with https:// or http://, or a page of the portal starting with a single /.',
      );
    }
    expect(editor.last()).toBe('');

    fireEvent.change(address, { target: { value: 'https://www.example.org/report' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert link' }));
    await waitFor(() =>
      expect(editor.last()).toBe('<p><a href="https://www.example.org/report">Annual report</a></p>'),
    );

    // Nothing selected: the dialog asks for the text too.
    const tiptap = editor.surface().editor;
    act(() => void tiptap.commands.setTextSelection(tiptap.state.doc.content.size - 1));
    fireEvent.click(editor.button('Link (Ctrl+K)'));
    const second = await screen.findByRole('dialog', { name: 'Insert a link' });
    fireEvent.change(within(second).getByRole('textbox', { name: /^Address of the link/ }), {
      target: { value: '/about' },
    });
    fireEvent.change(within(second).getByRole('textbox', { name: /^Text of the link/ }), {
      target: { value: 'About us' },
    });
    fireEvent.click(within(second).getByRole('button', { name: 'Insert link' }));
    await waitFor(() =>
      expect(editor.last()).toBe(
        '<p><a href="https://www.example.org/report">Annual report</a><a href="/about">About us</a></p>',
      ),
    );
  });

  it('inserts a table with a header row, then adds and removes rows and columns', async () => {
    const editor = renderEditor();
    await screen.findByRole('textbox', { name: 'Body (English)' });
    expect((editor.button('Add a row below') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(editor.button('Insert a table'));
    // The cursor is in the first header cell.
    editor.type('Tenor');
    const header = '<th><p></p></th>';
    const cell = '<td><p></p></td>';
    const row = (html: string, count: number) => `<tr>${html.repeat(count)}</tr>`;
    const table = (rows: string) => `<table><tbody>${rows}</tbody></table>`;
    expect(editor.last()).toBe(
      table(`<tr><th><p>Tenor</p></th>${header.repeat(2)}</tr>${row(cell, 3)}${row(cell, 3)}`),
    );
    fireEvent.click(editor.button('Add a row below'));
    expect(editor.last().match(/<tr>/g)).toHaveLength(4);
    fireEvent.click(editor.button('Add a column to the right'));
    expect(editor.last().match(/<th>/g)).toHaveLength(4);
    fireEvent.click(editor.button('Delete this column'));
    // The cursor's row (the header) goes; the added row stays.
    fireEvent.click(editor.button('Delete this row'));
    expect(editor.last()).toBe(table(row(cell, 3).repeat(3)));
    fireEvent.click(editor.button('Delete this table'));
    expect(editor.last()).toBe('');
  });

  it('cleans pasted or typed source before anything parses it', async () => {
    const editor = renderEditor();
    await screen.findByRole('textbox', { name: 'Body (English)' });
    fireEvent.click(editor.button('Edit the HTML source'));
    const source = screen.getByRole('textbox', { name: 'HTML source of Body (English)' });
    fireEvent.change(source, {
      target: {
        value: '<h2>Rates</h2><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script><p>ok</p>',
      },
    });
    expect(editor.last()).toBe('<h2>Rates</h2><p>ok</p>');
    expect(document.querySelector('.rich-editor__preview h2')?.textContent).toBe('Rates');
    fireEvent.click(editor.button('Edit the HTML source'));
    expect(editor.surface().innerHTML).not.toMatch(/onerror|script|hacked/);
    expect(editor.last()).toBe('<h2>Rates</h2><p>ok</p>');
  });

  it('labels every toolbar button in Chinese', async () => {
    await setLocale('zh-CN');
    renderEditor();
    await screen.findByRole('textbox', { name: 'Body (English)' });
    const toolbar = screen.getByRole('toolbar');
    const labels = within(toolbar)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(labels).toEqual([
      '标题（Ctrl+Alt+2）',
      '小标题（Ctrl+Alt+3）',
      '正文段落（Ctrl+Alt+0）',
      '加粗（Ctrl+B）',
      '斜体（Ctrl+I）',
      '项目符号列表（Ctrl+Shift+8）',
      '编号列表（Ctrl+Shift+7）',
      '引用（Ctrl+Shift+B）',
      '链接（Ctrl+K）',
      '取消链接',
      '插入图片',
      '插入表格',
      '在下方插入一行',
      '删除当前行',
      '在右侧插入一列',
      '删除当前列',
      '删除表格',
      '撤销（Ctrl+Z）',
      '重做（Ctrl+Shift+Z）',
      '编辑 HTML 源代码',
    ]);
    fireEvent.click(screen.getByRole('button', { name: '链接（Ctrl+K）' }));
    const dialog = await screen.findByRole('dialog', { name: '插入链接' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^链接地址/ }), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '插入链接' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '请输入以 https:// 或 http:// 开头的地址，或以单个 / 开头的门户页面路径。',
    );
  });
});

import { isSafeLink } from '@portal/shared/schemas/links';
import type { Editor } from '@tiptap/react';
import { Input, Modal } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogError } from './DialogError.tsx';

/** The text a new link would cover: the selection, or the whole link the cursor is in. */
export function linkedText(editor: Editor): string {
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
export function LinkDialog({
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
  const { href, setHref, text, setText, error, setError, insert } = useLinkForm(open, initial, initialText, onInsert);
  const errorId = useId();
  const inputId = useId();
  const textId = useId();

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
      <DialogError id={errorId} shown={error} message={t('content.editor.linkInvalid')} />
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

/** The dialog's fields, filled afresh each time it opens; `insert` refuses an address the link rule does not allow. */
function useLinkForm(
  open: boolean,
  initial: string,
  initialText: string,
  onInsert: (href: string, text: string) => void,
) {
  const [href, setHref] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
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
  return { href, setHref, text, setText, error, setError, insert };
}

import { Button, Drawer, type FormInstance, Modal } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { showToast } from '../../lib/notify.ts';

export type EditorControls = { setBusy: (busy: boolean) => void; save: () => Promise<void> };

type EditorDrawerProps<S extends z.ZodType> = {
  form: FormInstance;
  schema: S;
  title: ReactNode;
  size: number;
  saveLabel: string;
  /** False while the entry loads: nothing to save yet. */
  ready?: boolean;
  send: (input: z.output<S>) => Promise<void>;
  /** After the drawer has closed. */
  onClosed: () => void;
  /** The editor: `setBusy` is told while an upload runs (saving waits for it); `save` saves. */
  children: (editor: EditorControls) => ReactNode;
};

/** Closing: at once when nothing was touched, else after the user confirms discarding. */
function discardGuard({
  form,
  saving,
  modal,
  t,
  setOpen,
}: {
  form: FormInstance;
  saving: boolean;
  modal: ReturnType<typeof Modal.useModal>[0];
  t: TFunction<'backoffice'>;
  setOpen: (open: boolean) => void;
}) {
  return () => {
    if (saving) return;
    if (!form.isFieldsTouched()) {
      setOpen(false);
      return;
    }
    modal.confirm({
      title: t('content.editor.discardTitle'),
      content: t('content.editor.discardText'),
      okText: t('content.editor.discard'),
      okButtonProps: { danger: true },
      cancelText: t('content.editor.keepEditing'),
      onOk: () => setOpen(false),
    });
  };
}

function EditorFooter({
  close,
  save,
  saving,
  ready,
  saveLabel,
  t,
}: {
  close: () => void;
  save: () => Promise<void>;
  saving: boolean;
  ready: boolean;
  saveLabel: string;
  t: TFunction<'backoffice'>;
}) {
  return (
    <div className="editor-footer">
      <Button onClick={close} disabled={saving}>
        {t('content.actions.cancel')}
      </Button>
      <Button type="primary" onClick={() => void save()} loading={saving} disabled={!ready}>
        {saveLabel}
      </Button>
    </div>
  );
}

/**
 * The drawer of the content editors (an entry of a kind, a topic page): it asks before
 * discarding touched fields, waits for uploads to finish, checks the form with the request's
 * schema and closes once `send` has saved.
 */
export function EditorDrawer<S extends z.ZodType>({
  form,
  schema,
  title,
  size,
  saveLabel,
  ready = true,
  send,
  onClosed,
  children,
}: EditorDrawerProps<S>) {
  const { t } = useTranslation('backoffice');
  const [modal, modalHolder] = Modal.useModal();
  const [open, setOpen] = useState(true);
  const [uploads, setUploads] = useState(0);
  const setBusy = (busy: boolean) => setUploads((count) => Math.max(0, count + (busy ? 1 : -1)));

  const { submit, saving } = useSchemaSubmit(
    form,
    schema,
    async (input) => {
      await send(input);
      setOpen(false);
    },
    { checkRules: true },
  );

  const close = discardGuard({ form, saving, modal, t, setOpen });

  const save = async () => {
    if (uploads > 0) {
      showToast({ type: 'warning', content: t('content.file.wait') });
      return;
    }
    await submit();
  };

  return (
    <Drawer
      open={open}
      title={title}
      size={size}
      onClose={close}
      afterOpenChange={(visible) => {
        if (!visible) onClosed();
      }}
      destroyOnHidden
      maskClosable={false}
      footer={<EditorFooter close={close} save={save} saving={saving} ready={ready} saveLabel={saveLabel} t={t} />}
    >
      {modalHolder}
      {children({ setBusy, save })}
    </Drawer>
  );
}

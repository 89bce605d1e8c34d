import type { TContentKind, TContentStatus } from '@portal/shared/schemas/content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify.ts';
import { contentAdminKeys, fetchContentEntry, saveContentEntry } from './content-admin-api.ts';
import type { ContentManagerConfig } from './content-manager-config.ts';
import { EditorDrawer } from './EditorDrawer.tsx';
import { StatusTag } from './StatusTag.tsx';

/** A saved entry, loaded fresh each time the drawer opens (nothing for a new one). */
function useFreshEntry<K extends TContentKind>(config: ContentManagerConfig<K>, lgcSn: string | null) {
  return useQuery({
    queryKey: contentAdminKeys.entry(config.kind, lgcSn ?? ''),
    queryFn: ({ signal }) => fetchContentEntry(config.kind, lgcSn ?? '', signal),
    enabled: lgcSn !== null,
    gcTime: 0,
  });
}

/** Saves the form's input, tells the user, and drops the stale copy of the entry. */
function useSendEntry<K extends TContentKind>(
  config: ContentManagerConfig<K>,
  lgcSn: string | null,
  onSaved: () => void,
) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  return async (input: unknown) => {
    const result = await saveContentEntry(config.kind, lgcSn, input);
    const name = config.nameOf(result);
    showToast({
      type: 'success',
      content: lgcSn ? t('content.editor.saved', { name }) : t('content.editor.created', { name }),
    });
    queryClient.removeQueries({ queryKey: contentAdminKeys.entry(config.kind, result.lgcSn) });
    onSaved();
  };
}

/** Whether the entry is new, a draft or published. */
function EntryMeta({ status }: { status: TContentStatus | undefined }) {
  const { t } = useTranslation('backoffice');
  return status ? (
    <p className="editor-meta">
      <StatusTag status={status} />{' '}
      {status === 'published' ? t('content.editor.publishedNote') : t('content.editor.draftNote')}
    </p>
  ) : (
    <p className="editor-meta">{t('content.editor.newNote')}</p>
  );
}

/** The drawer that creates or edits one entry; it loads a saved entry fresh before editing. */
export function EntryEditor<K extends TContentKind>({
  config,
  lgcSn,
  onClose,
  onSaved,
}: {
  config: ContentManagerConfig<K>;
  lgcSn: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const [form] = Form.useForm();

  const entry = useFreshEntry(config, lgcSn);
  const saved = lgcSn ? (entry.data ?? null) : null;
  const ready = lgcSn === null || entry.isSuccess;

  const send = useSendEntry(config, lgcSn, onSaved);

  const title = lgcSn
    ? t('content.editor.editTitle', { name: saved ? config.nameOf(saved) : '' })
    : t('content.editor.createTitle');

  return (
    <EditorDrawer
      form={form}
      schema={config.schema}
      title={title}
      size={config.editorWidth ?? 880}
      saveLabel={lgcSn ? t('content.editor.save') : t('content.editor.saveDraft')}
      ready={ready}
      send={send}
      onClosed={onClose}
    >
      {({ setBusy, save }) => (
        <>
          {lgcSn !== null && entry.isPending ? <p>{t('content.editor.loading')}</p> : null}
          {lgcSn !== null && entry.isError ? <Empty description={t('content.loadFailed')} /> : null}
          {ready ? (
            <>
              <EntryMeta status={saved?.status} />
              {config.editorNote}
              <Form
                form={form}
                layout="vertical"
                initialValues={saved ? config.toValues(saved) : config.emptyValues()}
                onFinish={() => void save()}
                requiredMark
              >
                {config.fields({ form, entry: saved, setBusy })}
              </Form>
            </>
          ) : null}
        </>
      )}
    </EditorDrawer>
  );
}

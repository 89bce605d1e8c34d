import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ICONS } from './editor-icons.tsx';
import type { Tool } from './editor-tools.tsx';

const toolClass = (active: boolean | undefined) =>
  active ? 'rich-editor__tool rich-editor__tool--active' : 'rich-editor__tool';

/** The editor's toolbar: the tool groups (off while the HTML source is shown) and the source switch. */
export function EditorToolbar({
  label,
  tools,
  sourceMode,
  onToggleSource,
}: {
  label: string;
  tools: Tool[][];
  sourceMode: boolean;
  onToggleSource: () => void;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <div className="rich-editor__toolbar" role="toolbar" aria-label={t('content.editor.toolbar', { field: label })}>
      {tools.map((group) => (
        <div className="rich-editor__group" key={group[0]!.key}>
          {group.map((tool) => (
            <Tooltip key={tool.key} title={tool.label}>
              <Button
                type="text"
                size="small"
                className={toolClass(tool.active)}
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
          className={toolClass(sourceMode)}
          aria-label={t('content.editor.source')}
          aria-pressed={sourceMode}
          onClick={onToggleSource}
        >
          {ICONS.source}
        </Button>
      </Tooltip>
    </div>
  );
}

import './file-drop-zone.css';
import { type DragEvent, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { classNames } from './class-names.ts';

/**
 * A place to drop a file, or to click (or press Enter or Space) to choose one: a button holding a
 * hidden file input, drawn as antd's Upload.Dragger is. Plain DOM, so a public page's first render
 * (/verify) does not build antd's upload styles on a phone's main thread. `onFile` gets the one
 * file chosen or dropped (the first, when several are dropped); the input is emptied after each
 * choice, so choosing the same file again is seen.
 */
type FileDropZoneProps = {
  accept: string;
  disabled?: boolean;
  onFile: (file: File) => void;
  className?: string;
  children: ReactNode;
};

export function FileDropZone({ accept, disabled = false, onFile, className, children }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const open = () => {
    if (!disabled) input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      open();
    }
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a <button> cannot hold the paragraphs drawn inside
    <div
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled || undefined}
      className={classNames('file-drop-zone', over && 'is-over', disabled && 'is-disabled', className)}
      onClick={open}
      onKeyDown={onKeyDown}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(!disabled);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <input
        ref={input}
        type="file"
        accept={accept}
        disabled={disabled}
        hidden
        // The click on the zone opens the input; its own click must not bubble back and open it twice.
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      {children}
    </div>
  );
}

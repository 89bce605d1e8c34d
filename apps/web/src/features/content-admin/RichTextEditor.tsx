import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './TiptapEditor.tsx';

/** The editor (Tiptap) loads with the first form that shows one, never with a public page. */
const TiptapEditor = lazy(() => import('./TiptapEditor.tsx').then((module) => ({ default: module.TiptapEditor })));

/**
 * The rich-text field of the content forms: a WYSIWYG editor whose value is the HTML string the
 * form keeps (one per language). See TiptapEditor.tsx.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="rich-editor rich-editor--loading">
          <Skeleton active paragraph={{ rows: 5 }} title={false} />
        </div>
      }
    >
      <TiptapEditor {...props} />
    </Suspense>
  );
}

import type { TContentKind } from '@portal/shared/schemas/content';
import type { FormInstance, TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { AdminShape, PreviewShape } from './content-admin-api.ts';

/** A kind's form values, and a saved entry as the back office reads it. */
export type Values = Record<string, unknown>;
export type Entry<K extends TContentKind> = AdminShape<K>;

export type EditorContext<K extends TContentKind> = {
  form: FormInstance;
  /** The saved entry being edited; null for a new one. */
  entry: Entry<K> | null;
  /** Told while an upload runs (saving waits for it). */
  setBusy: (busy: boolean) => void;
};

/** What one content kind's page (banners, modules, articles…) gives the shared manager. */
export type ContentManagerConfig<K extends TContentKind> = {
  kind: K;
  title: string;
  intro: string;
  /** The request's schema: validates the form on submit and each field live. */
  schema: z.ZodType;
  /** A new entry's form values. */
  emptyValues: () => Values;
  /** A saved entry's form values (the input shape). */
  toValues: (entry: Entry<K>) => Values;
  /** The entry's name in the reader's language (lists, confirmations, toasts). */
  nameOf: (entry: Entry<K>) => string;
  /** A small picture beside the name. */
  thumbOf?: (entry: Entry<K>) => string | null;
  /** A line under the name. */
  subOf?: (entry: Entry<K>) => ReactNode;
  /** Columns between the name and the status. */
  columns?: TableColumnsType<Entry<K>>;
  /** Filters of the kind besides the keyword and the status (kept in the address by `param`). */
  filters?: readonly {
    param: 'moduleType' | 'category';
    node: (value: string, set: (value: string | null) => void) => ReactNode;
  }[];
  fields: (context: EditorContext<K>) => ReactNode;
  preview: (data: PreviewShape<K>, language: 'en' | 'zh') => ReactNode;
  /** Wide editors for kinds with rich text. */
  editorWidth?: number;
  /** Whether entries show under a publish window (banners). */
  hasWindow?: boolean;
  /** Shown above the editor's fields. */
  editorNote?: ReactNode;
};

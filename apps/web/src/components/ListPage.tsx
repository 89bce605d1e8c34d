import './list-page.css';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { I18nKey } from '../lib/i18n/keys.ts';
import { type PagedQuery, PagedTable } from './PagedTable.tsx';
import { StatusSearchToolbar } from './StatusSearchToolbar.tsx';

type SectionWith<Leaf extends string> = I18nKey extends infer K ? (K extends `${infer S}.${Leaf}` ? S : never) : never;
type NamespaceOf<K> = K extends `${infer N}:${string}` ? N : never;

/**
 * A texts section (`namespace:section`) with the list's search and empty-state texts:
 * `searchPlaceholder`, `searchLabel`, `loadFailed`, `noMatch`, `empty`.
 */
export type ListTexts = SectionWith<'searchPlaceholder'> &
  SectionWith<'searchLabel'> &
  SectionWith<'loadFailed'> &
  SectionWith<'noMatch'> &
  SectionWith<'empty'>;

type ListPageProps<T extends object, S extends string> = {
  /** A back-office page (default), or a panel of the user centre (no jump-to-page box). */
  variant?: 'backoffice' | 'userCenter';
  texts: ListTexts;
  title: string;
  intro: ReactNode;
  /** Beside the title: invite, export. */
  actions?: ReactNode;
  /** Between the header and the toolbar (a filter chip). */
  aboveToolbar?: ReactNode;
  /** The list's view in the address (lib/list-view.ts) and how to change it. */
  view: { status: S; q: string; pageNo: number; pageSize: number };
  update: (changes: { status?: S; q?: string; page: null }) => void;
  setPage: (pageNo: number, pageSize: number) => void;
  /** Other statuses than the accounts' (StatusSearchToolbar). */
  statuses?: { options: readonly { value: S; label: string }[]; label: string };
  searchButton?: string;
  /** Whether filters narrow the list; default: a search, or a status other than `all`. */
  filtered?: boolean;
  columns: TableColumnsType<T>;
  query: PagedQuery<T>;
  scrollX: number;
  /** Dialogs and drawers the rows open. */
  children?: ReactNode;
};

/**
 * The back office's (and the user centre's) list page: title and intro with their actions, the
 * status and search toolbar, and the paged table with its total and empty states, its texts taken
 * from one section; each page fills in its columns, filters and dialogs.
 */
export function ListPage<T extends object, S extends string>({
  variant = 'backoffice',
  texts,
  title,
  intro,
  actions,
  aboveToolbar,
  view,
  update,
  setPage,
  statuses,
  searchButton,
  filtered = Boolean(view.q) || view.status !== 'all',
  columns,
  query,
  scrollX,
  children,
}: ListPageProps<T, S>) {
  const namespace = texts.slice(0, texts.indexOf(':')) as NamespaceOf<ListTexts>;
  const { t } = useTranslation(namespace);
  // The section's keys are checked by `ListTexts`; the typed `t` cannot follow a built key.
  const text = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const userCenter = variant === 'userCenter';
  return (
    <div className={userCenter ? 'user-center-panel' : 'backoffice-page'}>
      <ListPageHead variant={variant} title={title} intro={intro} actions={actions} />
      {aboveToolbar}
      <StatusSearchToolbar<S>
        className={userCenter ? 'list-toolbar' : 'backoffice-filters'}
        status={view.status}
        q={view.q}
        onChange={(change) => update({ ...change, page: null })}
        searchPlaceholder={text(`${texts}.searchPlaceholder`)}
        searchLabel={text(`${texts}.searchLabel`)}
        {...(statuses ? { statuses } : {})}
        {...(searchButton ? { searchButton } : {})}
      />
      <PagedTable<T>
        columns={columns}
        query={query}
        page={view}
        onPage={setPage}
        scroll={{ x: scrollX }}
        {...(userCenter ? { quickJumper: false } : {})}
        totalText={(total) => text(`${namespace}:pagination.total`, { total })}
        emptyTexts={{
          loadFailed: text(`${texts}.loadFailed`),
          noMatch: text(`${texts}.noMatch`),
          empty: text(`${texts}.empty`),
          filtered,
        }}
      />
      {children}
    </div>
  );
}

function ListPageHead({
  variant,
  title,
  intro,
  actions,
}: Pick<ListPageProps<object, string>, 'variant' | 'title' | 'intro' | 'actions'>) {
  if (variant === 'userCenter') {
    return (
      <>
        <div className="user-center-panel__head">
          <h1 className="user-center-panel__title">{title}</h1>
          {actions}
        </div>
        <p className="form-intro">{intro}</p>
      </>
    );
  }
  const heading = (
    <>
      <h1 className="backoffice-page__title">{title}</h1>
      <p className="backoffice-page__intro">{intro}</p>
    </>
  );
  if (!actions) return <header className="backoffice-page__head">{heading}</header>;
  return (
    <header className="backoffice-page__head backoffice-page__head--actions">
      <div>{heading}</div>
      <div className="backoffice-page__actions">{actions}</div>
    </header>
  );
}

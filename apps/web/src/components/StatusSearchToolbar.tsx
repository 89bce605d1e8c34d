import './list-page.css';
import { Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

/** The statuses of accounts and institutions, the toolbar's default filter. */
export const ACCOUNT_STATUS_FILTERS = ['all', 'active', 'stopped'] as const;
export type AccountStatusFilter = (typeof ACCOUNT_STATUS_FILTERS)[number];

type StatusSearchToolbarProps<S extends string> = {
  status: S;
  q: string;
  /** Both reset paging: a new filter starts on page 1. */
  onChange: (change: { status?: S; q?: string }) => void;
  searchPlaceholder: string;
  searchLabel: string;
  /** The container's class: `backoffice-filters` in the back office, `list-toolbar` in the user centre. */
  className: string;
  /** Other statuses than the accounts' (all, active, stopped), with the filter's name. */
  statuses?: { options: readonly { value: S; label: string }[]; label: string };
  /** The search button's word, default "Search". */
  searchButton?: string;
};

/**
 * Status filter (all, active, stopped, or the list's own `statuses`) and a search box, as the
 * back-office and user-centre lists share them.
 */
export function StatusSearchToolbar<S extends string = AccountStatusFilter>({
  status,
  q,
  onChange,
  searchPlaceholder,
  searchLabel,
  className,
  statuses,
  searchButton,
}: StatusSearchToolbarProps<S>) {
  const { t } = useTranslation('users');
  const options =
    statuses?.options ?? ACCOUNT_STATUS_FILTERS.map((value) => ({ value: value as S, label: t(`filters.${value}`) }));
  return (
    <div className={className}>
      <Segmented<S>
        value={status}
        onChange={(value) => onChange({ status: value })}
        options={[...options]}
        aria-label={statuses?.label ?? t('filters.label')}
      />
      <Input.Search
        key={q}
        defaultValue={q}
        allowClear
        placeholder={searchPlaceholder}
        aria-label={searchLabel}
        onSearch={(value) => onChange({ q: value.trim() })}
        className={`${className}__search`}
        enterButton={searchButton ?? t('actions.search')}
      />
    </div>
  );
}

import { Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_FILTERS } from './list-params.ts';
import type { StatusFilter } from './user-management-api.ts';

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
};

/**
 * Status filter (all, active, stopped, or the list's own `statuses`) and a search box, as the
 * back-office and user-centre lists share them.
 */
export function StatusSearchToolbar<S extends string = StatusFilter>({
  status,
  q,
  onChange,
  searchPlaceholder,
  searchLabel,
  className,
  statuses,
}: StatusSearchToolbarProps<S>) {
  const { t } = useTranslation('users');
  const options =
    statuses?.options ?? STATUS_FILTERS.map((value) => ({ value: value as S, label: t(`filters.${value}`) }));
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
        enterButton={t('actions.search')}
      />
    </div>
  );
}

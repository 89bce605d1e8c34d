import { Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_FILTERS } from './list-params.ts';
import type { StatusFilter } from './user-management-api.ts';

type StatusSearchToolbarProps = {
  status: StatusFilter;
  q: string;
  /** Both reset paging: a new filter starts on page 1. */
  onChange: (change: { status?: StatusFilter; q?: string }) => void;
  searchPlaceholder: string;
  searchLabel: string;
  /** The container's class: `backoffice-filters` in the back office, `list-toolbar` in the user centre. */
  className: string;
};

/** Status filter (all, active, stopped) and a search box, as the account and institution lists share them. */
export function StatusSearchToolbar({
  status,
  q,
  onChange,
  searchPlaceholder,
  searchLabel,
  className,
}: StatusSearchToolbarProps) {
  const { t } = useTranslation('users');
  return (
    <div className={className}>
      <Segmented<StatusFilter>
        value={status}
        onChange={(value) => onChange({ status: value })}
        options={STATUS_FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
        aria-label={t('filters.label')}
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

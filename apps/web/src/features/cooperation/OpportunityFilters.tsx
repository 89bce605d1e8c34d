import type { Locale } from '@portal/shared';
import { DIRECTIONS, dictLabel } from '@portal/shared/dictionaries';
import { Badge, Button, Col, DatePicker, Drawer, Form, Input, Row, Select, type SelectProps, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../components/icons.tsx';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { branchOptionGroups, cooperationTree, countryOptions } from '../accounts/profile/profile-options.ts';
import { activeFilterCount, EMPTY_FILTERS, type OpportunityFilters as Filters } from './list-filters.ts';

type FormValues = {
  direction?: string | null;
  typeCode?: string | null;
  release?: [Dayjs | null, Dayjs | null] | null;
  institution?: string;
  country?: string | null;
  bankBranch?: string | null;
  scopeCountry?: string | null;
  q?: string;
};

const DATE_FORMAT = 'YYYY-MM-DD';

function toFormValues(filters: Filters): FormValues {
  return {
    direction: filters.direction || null,
    typeCode: filters.typeCode || null,
    release:
      filters.releaseFrom || filters.releaseTo
        ? [filters.releaseFrom ? dayjs(filters.releaseFrom) : null, filters.releaseTo ? dayjs(filters.releaseTo) : null]
        : null,
    institution: filters.institution,
    country: filters.country || null,
    bankBranch: filters.bankBranch || null,
    scopeCountry: filters.scopeCountry || null,
    q: filters.q,
  };
}

function toFilters(values: FormValues): Filters {
  const [from, to] = values.release ?? [null, null];
  return {
    direction: values.direction ?? '',
    typeCode: values.typeCode ?? '',
    releaseFrom: from ? from.format(DATE_FORMAT) : '',
    releaseTo: to ? to.format(DATE_FORMAT) : '',
    institution: values.institution?.trim() ?? '',
    country: values.country ?? '',
    bankBranch: values.bankBranch ?? '',
    scopeCountry: values.scopeCountry ?? '',
    q: values.q?.trim() ?? '',
  };
}

type OpportunityFiltersProps = {
  /** The filters of the address; the form follows them (Back, a shared link). */
  filters: Filters;
  onSearch: (filters: Filters) => void;
  /** 'drawer': in the phone's filter drawer, where the submit button reads "Apply". */
  variant?: 'panel' | 'drawer';
};

/** The choices of the filters, in the reader's language. */
function useFilterOptions(locale: Locale, t: TFunction<'cooperation'>) {
  const directions = useMemo(
    () => DIRECTIONS.map((entry) => ({ value: entry.code, label: dictLabel(entry, locale) })),
    [locale],
  );
  const types = useMemo(() => cooperationTree(locale), [locale]);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const branches = useMemo(
    () =>
      branchOptionGroups(locale, { overseas: t('filters.overseasBranches'), domestic: t('filters.domesticBranches') }),
    [locale, t],
  );

  return { directions, types, countries, branches };
}

type FilterOptions = ReturnType<typeof useFilterOptions>;

/** Demand type, project type and the release date range. */
function RequestFilters({
  t,
  directions,
  types,
}: Pick<FilterOptions, 'directions' | 'types'> & { t: TFunction<'cooperation'> }) {
  return (
    <>
      <Col xs={24} sm={12} lg={6}>
        <Form.Item name="direction" label={t('filters.direction')}>
          <Select allowClear options={directions} placeholder={t('filters.any')} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Form.Item name="typeCode" label={t('filters.type')}>
          <TreeSelect
            allowClear
            showSearch
            treeData={types}
            treeNodeFilterProp="title"
            placeholder={t('filters.any')}
            popupMatchSelectWidth={320}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={24} lg={12}>
        <Form.Item name="release" label={t('filters.releaseDate')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            format={DATE_FORMAT}
            placeholder={[t('filters.releaseFrom'), t('filters.releaseTo')]}
            className="opportunity-filters__range"
          />
        </Form.Item>
      </Col>
    </>
  );
}

/**
 * The filter panel of Business Opportunities (SPEC §2): demand type, project type, release date
 * range, issuing agency, country/region, bank institution, cooperation scope and a keyword.
 * Search (or Enter in any text box) applies them; Reset clears them all.
 */
export function OpportunityFilters({ filters, onSearch, variant = 'panel' }: OpportunityFiltersProps) {
  const { t } = useTranslation('cooperation');
  const { locale } = useLocale();
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    form.setFieldsValue(toFormValues(filters));
  }, [form, filters]);

  const { directions, types, countries, branches } = useFilterOptions(locale, t);

  const reset = () => {
    form.setFieldsValue(toFormValues(EMPTY_FILTERS));
    onSearch(EMPTY_FILTERS);
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      className={`opportunity-filters opportunity-filters--${variant}`}
      aria-label={t('filters.label')}
      role="search"
      initialValues={toFormValues(filters)}
      onFinish={(values) => onSearch(toFilters(values))}
    >
      <Row gutter={[16, 0]}>
        <RequestFilters t={t} directions={directions} types={types} />
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="institution" label={t('filters.institution')}>
            <Input allowClear maxLength={100} placeholder={t('filters.institutionPlaceholder')} />
          </Form.Item>
        </Col>
        <SearchableFilter name="country" label={t('filters.country')} options={countries} />
        <SearchableFilter name="bankBranch" label={t('filters.bankBranch')} options={branches} />
        <SearchableFilter
          name="scopeCountry"
          label={t('filters.scopeCountry')}
          tooltip={t('filters.scopeCountryHint')}
          options={countries}
        />
        <Col xs={24} lg={12}>
          <Form.Item name="q" label={t('filters.keyword')}>
            <Input allowClear maxLength={100} placeholder={t('filters.keywordPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12} className="opportunity-filters__actions">
          <Button onClick={reset}>{t('filters.reset')}</Button>
          <Button type="primary" htmlType="submit">
            {variant === 'drawer' ? t('filters.apply') : t('filters.search')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}

/**
 * The filters on a phone: a Filters button with the number of filters set, opening the same
 * fields in a drawer; Apply and Reset search and close it.
 */
export function OpportunityFilterDrawer({ filters, onSearch }: Omit<OpportunityFiltersProps, 'variant'>) {
  const { t } = useTranslation('cooperation');
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const count = activeFilterCount(filters);
  return (
    <>
      <Button
        className="opportunity-filters__open"
        icon={<FilterIcon />}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        aria-label={count ? t('filters.buttonActive', { count }) : t('filters.button')}
        onClick={() => setOpen(true)}
      >
        {t('filters.button')}
        {count ? <Badge count={count} className="opportunity-filters__count" aria-hidden="true" /> : null}
      </Button>
      <Drawer
        id={drawerId}
        open={open}
        onClose={() => setOpen(false)}
        placement="right"
        size="min(440px, 100vw)"
        title={t('filters.label')}
        className="opportunity-filters__drawer"
        // Closed without Apply, the drawer forgets what was entered: it opens on the address's filters.
        destroyOnHidden
      >
        <OpportunityFilters
          filters={filters}
          variant="drawer"
          onSearch={(next) => {
            onSearch(next);
            setOpen(false);
          }}
        />
      </Drawer>
    </>
  );
}

/** A quarter-width filter picking one of many options, searched by their labels. */
function SearchableFilter({
  name,
  label,
  tooltip,
  options,
}: {
  name: keyof FormValues;
  label: string;
  tooltip?: string;
  options: SelectProps['options'];
}) {
  const { t } = useTranslation('cooperation');
  return (
    <Col xs={24} sm={12} lg={6}>
      <Form.Item name={name} label={label} tooltip={tooltip}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          placeholder={t('filters.any')}
        />
      </Form.Item>
    </Col>
  );
}

function FilterIcon() {
  return (
    <LineIcon size={16}>
      <path d="M4 5h16l-6.2 7.4V19l-3.6-1.8v-4.8z" />
    </LineIcon>
  );
}

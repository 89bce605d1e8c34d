import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Segmented, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dictName } from '../../features/accounts/profile/profile-options.ts';
import {
  backofficeKeys,
  fetchRegistrations,
  type RegistrationFilter,
  type RegistrationSummary,
} from '../../features/backoffice/backoffice-api.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { RegistrationDrawer } from './RegistrationDrawer.tsx';
import { STATUS_COLOURS } from './status.ts';

const FILTERS: readonly RegistrationFilter[] = ['5', '8', '7', 'approved', 'all'];
const DEFAULT_PAGE_SIZE = 10;

function toFilter(value: string | null): RegistrationFilter {
  return (FILTERS as readonly string[]).includes(value ?? '') ? (value as RegistrationFilter) : '5';
}

function toPositive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/**
 * /backend/registrations: the review queue. Status filter, search and page live in the address
 * (`?status=5&q=&page=1&open=<lgcSn>`), so Back and reloads keep the view; a row opens the
 * registration in a drawer with the review decisions.
 */
export function RegistrationsPage() {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  const activation = toFilter(params.get('status'));
  const q = params.get('q') ?? '';
  const pageNo = toPositive(params.get('page'), 1);
  const pageSize = Math.min(100, toPositive(params.get('size'), DEFAULT_PAGE_SIZE));
  const open = params.get('open');

  const query = { activation, q, pageNo, pageSize };
  const list = useQuery({
    queryKey: backofficeKeys.registrations(query),
    queryFn: ({ signal }) => fetchRegistrations(query, signal),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | null>) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  };

  const columns: TableColumnsType<RegistrationSummary> = [
    {
      key: 'submittedAt',
      title: t('columns.submittedAt'),
      dataIndex: 'submittedAt',
      width: 150,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'applicant',
      title: t('columns.applicant'),
      render: (_, row) => (
        <div className="cell-stack">
          <span className="cell-stack__main">{row.usrNm}</span>
          <span className="cell-stack__sub">{row.emailAdr}</span>
        </div>
      ),
    },
    {
      key: 'institution',
      title: t('columns.institution'),
      render: (_, row) => (
        <div className="cell-stack">
          <span className="cell-stack__main">{row.instNm ?? '—'}</span>
          {row.instSwiftCode ? <span className="cell-stack__sub">{row.instSwiftCode}</span> : null}
        </div>
      ),
    },
    {
      key: 'country',
      title: t('columns.country'),
      dataIndex: 'country',
      render: (code: string | null) => dictName('countries', code, locale) || '—',
    },
    {
      key: 'status',
      title: t('columns.status'),
      dataIndex: 'actvtInd',
      width: 150,
      render: (value: RegistrationSummary['actvtInd']) => (
        <Tag color={STATUS_COLOURS[value]}>{t(`status.${value}`)}</Tag>
      ),
    },
    {
      key: 'action',
      title: t('columns.action'),
      width: 110,
      render: (_, row) => {
        const action = row.actvtInd === '5' ? t('registrations.review') : t('registrations.view');
        return (
          // The accessible name starts with the visible word (WCAG 2.5.3, label in name).
          <Button
            type="link"
            onClick={() => update({ open: row.lgcSn })}
            aria-label={`${action} – ${t('registrations.openFor', { name: row.usrNm })}`}
          >
            {action}
          </Button>
        );
      },
    },
  ];

  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head">
        <h1 className="backoffice-page__title">{t('routes.registrations')}</h1>
        <p className="backoffice-page__intro">{t('registrations.intro')}</p>
      </header>
      <div className="backoffice-filters">
        <Segmented<RegistrationFilter>
          value={activation}
          onChange={(value) => update({ status: value, page: null })}
          options={FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
          aria-label={t('filters.label')}
        />
        <Input.Search
          key={q}
          defaultValue={q}
          allowClear
          placeholder={t('registrations.searchPlaceholder')}
          aria-label={t('registrations.searchLabel')}
          onSearch={(value) => update({ q: value.trim(), page: null })}
          className="backoffice-filters__search"
          enterButton={t('registrations.search')}
        />
      </div>
      <Table<RegistrationSummary>
        rowKey="lgcSn"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 900 }}
        locale={{
          emptyText: (
            <Empty
              description={
                list.isError ? t('registrations.loadFailed') : q ? t('registrations.noMatch') : t('registrations.empty')
              }
            />
          ),
        }}
        pagination={{
          current: pageNo,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => t('pagination.total', { total }),
          onChange: (page, size) =>
            update({ page: String(page), size: size === DEFAULT_PAGE_SIZE ? null : String(size) }),
        }}
      />
      <RegistrationDrawer lgcSn={open} onClose={() => update({ open: null })} />
    </div>
  );
}

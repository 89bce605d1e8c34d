import { dictName } from '@portal/shared/dictionaries';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/ListPage.tsx';
import { formatTime } from '../../components/time-cells.ts';
import {
  backofficeKeys,
  fetchRegistrations,
  type RegistrationFilter,
  type RegistrationSummary,
} from '../../features/backoffice/backoffice-api.ts';
import { ExportButton } from '../../features/backoffice/ExportButton.tsx';
import { InstitutionCell } from '../../features/user-management/UserCells.tsx';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { choiceParam, listView, textParam, useListView } from '../../lib/list-view.ts';
import { RegistrationDrawer } from './RegistrationDrawer.tsx';
import { STATUS_COLOURS } from './status.ts';

const FILTERS: readonly RegistrationFilter[] = ['5', '8', '7', 'approved', 'all'];

/** Status (waiting for review by default), search, page and the registration open in the drawer. */
const registrationList = listView({
  params: { status: choiceParam(FILTERS, '5'), q: textParam(), open: textParam() },
});

/**
 * /backend/registrations: the review queue. Status filter, search and page live in the address
 * (`?status=5&q=&page=1&open=<lgcSn>`), so Back and reloads keep the view; a row opens the
 * registration in a drawer with the review decisions.
 */
export function RegistrationsPage() {
  const { t } = useTranslation('backoffice');
  const { view, update, setPage } = useListView(registrationList);
  const { status: activation, q, open, pageNo, pageSize } = view;

  const query = { activation, q, pageNo, pageSize };
  const list = useQuery({
    queryKey: backofficeKeys.registrations(query),
    queryFn: ({ signal }) => fetchRegistrations(query, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useRegistrationColumns((row) => update({ open: row.lgcSn }));

  return (
    <ListPage
      texts="backoffice:registrations"
      title={t('routes.registrations')}
      intro={t('registrations.intro')}
      actions={<ExportButton path="/api/backend/registrations/export" filters={{ activation, q }} />}
      view={view}
      update={update}
      setPage={setPage}
      statuses={{
        options: FILTERS.map((value) => ({ value, label: t(`filters.${value}`) })),
        label: t('filters.label'),
      }}
      searchButton={t('registrations.search')}
      filtered={Boolean(q)}
      columns={columns}
      query={list}
      scrollX={900}
    >
      <RegistrationDrawer lgcSn={open || null} onClose={() => update({ open: null })} />
    </ListPage>
  );
}

function useRegistrationColumns(onOpen: (row: RegistrationSummary) => void): TableColumnsType<RegistrationSummary> {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  return [
    {
      key: 'submittedAt',
      title: t('columns.submittedAt'),
      dataIndex: 'submittedAt',
      width: 150,
      render: formatTime,
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
      render: (_, row) => <InstitutionCell row={row} />,
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
      render: (_, row) => <OpenRegistrationButton row={row} onOpen={onOpen} />,
    },
  ];
}

function OpenRegistrationButton({
  row,
  onOpen,
}: {
  row: RegistrationSummary;
  onOpen: (row: RegistrationSummary) => void;
}) {
  const { t } = useTranslation('backoffice');
  const action = row.actvtInd === '5' ? t('registrations.review') : t('registrations.view');
  return (
    // The accessible name starts with the visible word (WCAG 2.5.3, label in name).
    <Button
      type="link"
      onClick={() => onOpen(row)}
      aria-label={`${action} – ${t('registrations.openFor', { name: row.usrNm })}`}
    >
      {action}
    </Button>
  );
}

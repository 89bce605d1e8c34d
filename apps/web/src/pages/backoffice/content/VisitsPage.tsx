import '../../../features/content-admin/content-admin.css';
import { CONTENT_LIMITS, visitReportToday } from '@portal/shared/schemas/content';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../features/backoffice/ExportButton.tsx';
import { contentAdminKeys, fetchVisits, type VisitReport } from '../../../features/content-admin/content-admin-api.ts';
import { DATE_FORMAT } from '../../../features/content-admin/form-fields.tsx';
import { type DayPoint, VisitsChart } from '../../../features/content-admin/VisitsChart.tsx';
import { listView, textParam, useListView } from '../../../lib/list-view.ts';

type PageRow = VisitReport['pages'][number];
type DayRow = VisitReport['rows'][number];

const DEFAULT_DAYS = 30;

/** The range and the page picked, in the address. */
const visitList = listView({ params: { from: textParam(), until: textParam(), path: textParam() } });

function isDate(value: string | null): value is string {
  return Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, DATE_FORMAT).isValid());
}

/**
 * Today in the bank's reporting zone (UTC+8), where visits are counted: from 16:00 UTC a reader in
 * Europe is still on the day before, and a range ending on their own date would miss today's visits.
 */
function reportToday(): Dayjs {
  return dayjs(visitReportToday(), DATE_FORMAT);
}

/** The range in the address (`?from=&until=&page=`), the last 30 days by default. */
function readView(params: URLSearchParams) {
  const until = isDate(params.get('until')) ? (params.get('until') as string) : reportToday().format(DATE_FORMAT);
  const from = isDate(params.get('from'))
    ? (params.get('from') as string)
    : dayjs(until)
        .subtract(DEFAULT_DAYS - 1, 'day')
        .format(DATE_FORMAT);
  return { from, until, page: params.get('path') || undefined };
}

/** Views and clicks per day over the range (every day, zero when nothing happened). */
export function pointsOf(report: VisitReport): DayPoint[] {
  const byDay = new Map(report.days.map((day) => [day, { day, views: 0, clicks: 0 }]));
  for (const row of report.rows) {
    const point = byDay.get(row.day);
    if (!point) continue;
    point.views += row.views;
    point.clicks += row.clicks;
  }
  return [...byDay.values()];
}

/**
 * /backend/content/visits: page views and clicks per page and day for a date range (at most
 * 366 days), as a chart and as tables; one page can be picked to see its own days.
 */
export function VisitsPage() {
  const { t } = useTranslation('backoffice');
  const { params, update } = useVisitList();
  const view = readView(params);

  const report = useQuery({
    queryKey: contentAdminKeys.visits(view),
    queryFn: ({ signal }) => fetchVisits(view, signal),
    placeholderData: keepPreviousData,
  });
  // The page list comes from the whole range, so picking a page keeps the others on offer.
  const allPages = useQuery({
    queryKey: contentAdminKeys.visits({ from: view.from, until: view.until }),
    queryFn: ({ signal }) => fetchVisits({ from: view.from, until: view.until }, signal),
    enabled: Boolean(view.page),
  });
  const pageOptions = (view.page ? allPages.data : report.data)?.pages.map((row) => row.page) ?? [];
  const data = report.data;

  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head">
        <h1 className="backoffice-page__title">{t('content.visits.title')}</h1>
        <p className="backoffice-page__intro">{t('content.visits.intro', { max: CONTENT_LIMITS.visitReportDays })}</p>
      </header>
      <VisitsFilters view={view} update={update} pageOptions={pageOptions} />
      {report.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {report.isError && !data ? (
        <Empty description={t('content.loadFailed')}>
          <Button onClick={() => void report.refetch()}>{t('content.retry')}</Button>
        </Empty>
      ) : null}
      {data ? <VisitsReportView data={data} view={view} update={update} /> : null}
    </div>
  );
}

type VisitsView = ReturnType<typeof readView>;
type UpdateView = ReturnType<typeof useVisitList>['update'];

function useVisitList() {
  return useListView(visitList);
}

function VisitsFilters({ view, update, pageOptions }: { view: VisitsView; update: UpdateView; pageOptions: string[] }) {
  const { t } = useTranslation('backoffice');
  const today = reportToday();

  const onRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = range ?? [null, null];
    if (!start || !end) {
      update({ from: null, until: null });
      return;
    }
    update({ from: start.format(DATE_FORMAT), until: end.format(DATE_FORMAT) });
  };

  return (
    <div className="backoffice-filters backoffice-filters--form">
      <DatePicker.RangePicker
        value={[dayjs(view.from), dayjs(view.until)]}
        format={DATE_FORMAT}
        allowClear={false}
        onChange={(range) => onRange(range as [Dayjs | null, Dayjs | null] | null)}
        disabledDate={(current, info) =>
          current.isAfter(today, 'day') ||
          Boolean(info.from && Math.abs(current.diff(info.from, 'day')) >= CONTENT_LIMITS.visitReportDays)
        }
        presets={[
          { label: t('content.visits.last7'), value: [today.subtract(6, 'day'), today] },
          { label: t('content.visits.last30'), value: [today.subtract(29, 'day'), today] },
          { label: t('content.visits.last90'), value: [today.subtract(89, 'day'), today] },
        ]}
        aria-label={t('content.visits.range')}
      />
      <Select
        value={view.page ?? ''}
        onChange={(page) => update({ path: page || null })}
        showSearch
        style={{ minWidth: 260 }}
        aria-label={t('content.visits.page')}
        options={[
          { value: '', label: t('content.visits.allPages') },
          ...pageOptions.map((page) => ({ value: page, label: page })),
        ]}
      />
      <ExportButton
        path="/api/backend/visits/export"
        filters={{ from: view.from, until: view.until, page: view.page }}
      />
    </div>
  );
}

function VisitsReportView({ data, view, update }: { data: VisitReport; view: VisitsView; update: UpdateView }) {
  const { t } = useTranslation('backoffice');
  const points = pointsOf(data);
  const totals = points.reduce(
    (sum, point) => ({ views: sum.views + point.views, clicks: sum.clicks + point.clicks }),
    {
      views: 0,
      clicks: 0,
    },
  );
  return (
    <>
      <VisitsSummary views={totals.views} clicks={totals.clicks} pages={data.pages.length} />
      {totals.views + totals.clicks === 0 ? (
        <Empty description={t('content.visits.empty')} />
      ) : (
        <VisitsChart
          points={points}
          label={t('content.visits.chartLabel', {
            from: view.from,
            until: view.until,
            page: view.page ?? t('content.visits.allPages'),
            views: totals.views,
            clicks: totals.clicks,
          })}
        />
      )}
      <VisitsTables data={data} update={update} />
    </>
  );
}

function VisitsSummary({ views, clicks, pages }: { views: number; clicks: number; pages: number }) {
  const { t } = useTranslation('backoffice');
  return (
    <div className="visits-summary">
      <div className="visits-summary__item">
        <div className="cell-stack__sub">{t('content.visits.totalViews')}</div>
        <div className="visits-summary__value">{views.toLocaleString()}</div>
      </div>
      <div className="visits-summary__item">
        <div className="cell-stack__sub">{t('content.visits.totalClicks')}</div>
        <div className="visits-summary__value">{clicks.toLocaleString()}</div>
      </div>
      <div className="visits-summary__item">
        <div className="cell-stack__sub">{t('content.visits.pageCount')}</div>
        <div className="visits-summary__value">{pages}</div>
      </div>
    </div>
  );
}

function VisitsTables({ data, update }: { data: VisitReport; update: UpdateView }) {
  const { t } = useTranslation('backoffice');
  const { pageColumns, dayColumns } = useVisitColumns(update);
  const dayRows = [...data.rows].sort((a, b) => b.day.localeCompare(a.day) || b.views - a.views);
  return (
    <>
      <h2 className="form-section-title" style={{ marginTop: 24 }}>
        {t('content.visits.byPage')}
      </h2>
      <Table<PageRow>
        rowKey="page"
        size="small"
        columns={pageColumns}
        dataSource={data.pages}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={t('content.visits.empty')} /> }}
      />
      <h2 className="form-section-title" style={{ marginTop: 24 }}>
        {t('content.visits.byDay')}
      </h2>
      <Table<DayRow>
        rowKey={(row) => `${row.day} ${row.page}`}
        size="small"
        columns={dayColumns}
        dataSource={dayRows}
        pagination={{
          pageSize: 20,
          hideOnSinglePage: true,
          showTotal: (total) => t('pagination.total', { total }),
        }}
        locale={{ emptyText: <Empty description={t('content.visits.empty')} /> }}
      />
    </>
  );
}

function useVisitColumns(update: UpdateView) {
  const { t } = useTranslation('backoffice');
  const pageColumns: TableColumnsType<PageRow> = [
    {
      key: 'page',
      title: t('content.visits.page'),
      dataIndex: 'page',
      render: (page: string) => (
        <Button
          type="link"
          className="visits-path-link"
          onClick={() => update({ path: page })}
          aria-label={t('content.visits.showPage', { page })}
        >
          <code className="visits-path">{page}</code>
        </Button>
      ),
    },
    { key: 'views', title: t('content.visits.views'), dataIndex: 'views', width: 120, align: 'right' },
    { key: 'clicks', title: t('content.visits.clicks'), dataIndex: 'clicks', width: 120, align: 'right' },
  ];
  const dayColumns: TableColumnsType<DayRow> = [
    { key: 'day', title: t('content.visits.day'), dataIndex: 'day', width: 130, className: 'visits-day' },
    {
      key: 'page',
      title: t('content.visits.page'),
      dataIndex: 'page',
      render: (page: string) => <code className="visits-path">{page}</code>,
    },
    { key: 'views', title: t('content.visits.views'), dataIndex: 'views', width: 120, align: 'right' },
    { key: 'clicks', title: t('content.visits.clicks'), dataIndex: 'clicks', width: 120, align: 'right' },
  ];
  return { pageColumns, dayColumns };
}

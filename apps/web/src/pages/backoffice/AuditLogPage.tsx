import { AUDIT_ACTIONS } from '@portal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, DatePicker, Form, Input, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/PagedTable.tsx';
import { TimeText } from '../../components/TimeText.tsx';
import { type AuditEntry, backofficeKeys, fetchAudit } from '../../features/backoffice/backoffice-api.ts';
import { translateKey } from '../../lib/i18n/translate.ts';
import { listView, textParam, useListView } from '../../lib/list-view.ts';

const DATE = 'YYYY-MM-DD';

/** The filters and page in the address; 20 entries a page unless the reader chose another size. */
const auditList = listView({
  params: { action: textParam(), actor: textParam(), from: textParam(), to: textParam() },
  pageSize: 20,
});

/** The actions the server records (the shared list), offered in the action filter. */
export const KNOWN_AUDIT_ACTIONS: readonly string[] = Object.values(AUDIT_ACTIONS);

/** The action's name in the reader's language; the code itself for an action not listed. */
export function auditActionLabel(action: string): string {
  return translateKey(`backoffice:audit.actions.${action.replace(/\./g, '_')}`, action);
}

type FilterValues = { action?: string; actor?: string; range?: [Dayjs | null, Dayjs | null] | null };

/**
 * /backend/audit: security-relevant actions (log-ins, password changes, registrations, review
 * decisions...), newest first, filtered by action, actor and date range; paged. The filters
 * live in the address.
 */
export function AuditLogPage() {
  const { t } = useTranslation('backoffice');
  const { view: query, setPage, setParams } = useListView(auditList);
  const { action, actor, from, to } = query;
  const [form] = Form.useForm<FilterValues>();
  const list = useQuery({
    queryKey: backofficeKeys.audit(query),
    queryFn: ({ signal }) => fetchAudit(query, signal),
    placeholderData: keepPreviousData,
  });

  /** A new search: these filters only, from page 1 at the default page size. */
  const apply = (values: FilterValues) => {
    const [start, end] = values.range ?? [];
    setParams(
      auditList.withChanges(new URLSearchParams(), {
        action: values.action?.trim() ?? null,
        actor: values.actor?.trim() ?? null,
        from: start ? start.format(DATE) : null,
        to: end ? end.format(DATE) : null,
      }),
    );
  };

  const reset = () => {
    form.setFieldsValue({ action: '', actor: '', range: null });
    setParams(new URLSearchParams());
  };

  const columns: TableColumnsType<AuditEntry> = [
    {
      key: 'at',
      title: t('audit.columns.at'),
      dataIndex: 'at',
      width: 170,
      render: (value: string) => <TimeText value={value} seconds />,
    },
    {
      key: 'action',
      title: t('audit.columns.action'),
      dataIndex: 'action',
      render: (value: string) => (
        <div className="cell-stack">
          <span className="cell-stack__main">{auditActionLabel(value)}</span>
          <code className="cell-stack__sub">{value}</code>
        </div>
      ),
    },
    {
      key: 'actor',
      title: t('audit.columns.actor'),
      dataIndex: 'actorEmail',
      render: (value: string | null) => value ?? t('audit.system'),
    },
    {
      key: 'target',
      title: t('audit.columns.target'),
      render: (_, row) =>
        row.targetType ? (
          <div className="cell-stack">
            <span className="cell-stack__main">{row.targetType}</span>
            {row.targetId ? <code className="cell-stack__sub">{row.targetId}</code> : null}
          </div>
        ) : (
          '—'
        ),
    },
    {
      key: 'detail',
      title: t('audit.columns.detail'),
      dataIndex: 'detail',
      render: (detail: AuditEntry['detail']) => {
        const entries = Object.entries(detail);
        if (!entries.length) return '—';
        return (
          <dl className="audit-detail">
            {entries.map(([key, value]) => (
              <div key={key} className="audit-detail__row">
                <dt>{key}</dt>
                <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
              </div>
            ))}
          </dl>
        );
      },
    },
    {
      key: 'ip',
      title: t('audit.columns.ip'),
      dataIndex: 'ip',
      width: 130,
      render: (value: string | null) => value ?? '—',
    },
  ];

  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head">
        <h1 className="backoffice-page__title">{t('routes.audit')}</h1>
        <p className="backoffice-page__intro">{t('audit.intro')}</p>
      </header>
      <Form<FilterValues>
        form={form}
        layout="inline"
        name="auditFilters"
        className="backoffice-filters backoffice-filters--form"
        initialValues={{
          action,
          actor,
          range: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null,
        }}
        onFinish={apply}
      >
        <Form.Item name="action" label={t('audit.filters.action')}>
          <AutoComplete
            allowClear
            style={{ width: 260 }}
            placeholder={t('audit.filters.actionPlaceholder')}
            options={KNOWN_AUDIT_ACTIONS.map((value) => ({ value, label: `${auditActionLabel(value)} (${value})` }))}
            showSearch={{
              filterOption: (input, option) =>
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase()),
            }}
          />
        </Form.Item>
        <Form.Item name="actor" label={t('audit.filters.actor')}>
          <Input allowClear placeholder={t('audit.filters.actorPlaceholder')} maxLength={254} />
        </Form.Item>
        <Form.Item name="range" label={t('audit.filters.range')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('audit.filters.apply')}
          </Button>
        </Form.Item>
        <Form.Item>
          <Button onClick={reset}>{t('audit.filters.reset')}</Button>
        </Form.Item>
      </Form>
      <PagedTable<AuditEntry>
        rowKey="id"
        columns={columns}
        query={list}
        page={query}
        onPage={setPage}
        scroll={{ x: 1000 }}
        totalText={(total) => t('pagination.total', { total })}
        emptyTexts={{ loadFailed: t('audit.loadFailed'), empty: t('audit.empty') }}
      />
    </div>
  );
}

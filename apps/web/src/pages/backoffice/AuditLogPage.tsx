import { AUDIT_ACTIONS } from '@portal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, DatePicker, Form, Input, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/PagedTable.tsx';
import { TimeText } from '../../components/TimeText.tsx';
import { AuditEvent } from '../../features/backoffice/AuditEvent.tsx';
import { actionName, asTranslate, targetTypeName } from '../../features/backoffice/audit-sentence.ts';
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

/** An e-mail or IP address that may break only after its @, a dot or a colon, never inside a word. */
function BreakableText({ text }: { text: string }) {
  const parts = text.split(/(?<=[@.:])/);
  return (
    <span className="audit-email">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <span key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </span>
  );
}

type FilterValues = { action?: string; actor?: string; range?: [Dayjs | null, Dayjs | null] | null };

/**
 * /backend/audit: security-relevant actions (log-ins, password changes, registrations, review
 * decisions...), newest first, filtered by action, actor and date range; paged. The filters
 * live in the address.
 */
export function AuditLogPage() {
  const { t } = useTranslation('backoffice');
  const { view: query, setPage, setParams } = useAuditList();
  const list = useQuery({
    queryKey: backofficeKeys.audit(query),
    queryFn: ({ signal }) => fetchAudit(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useAuditColumns();

  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head">
        <h1 className="backoffice-page__title">{t('routes.audit')}</h1>
        <p className="backoffice-page__intro">{t('audit.intro')}</p>
      </header>
      <AuditFilters query={query} setParams={setParams} />
      <PagedTable<AuditEntry>
        rowKey="id"
        columns={columns}
        query={list}
        page={query}
        onPage={setPage}
        scroll={{ x: 960 }}
        tableLayout="fixed"
        totalText={(total) => t('pagination.total', { total })}
        emptyTexts={{ loadFailed: t('audit.loadFailed'), empty: t('audit.empty') }}
      />
    </div>
  );
}

type AuditListView = ReturnType<typeof useAuditList>;

function useAuditList() {
  return useListView(auditList);
}

/** Action, actor and date range; applying starts a new search, resetting clears them. */
function AuditFilters({ query, setParams }: Pick<AuditListView, 'setParams'> & { query: AuditListView['view'] }) {
  const { t } = useTranslation('backoffice');
  const { action, actor, from, to } = query;
  const [form] = Form.useForm<FilterValues>();

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

  return (
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
      <ActionFilter />
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
  );
}

/** The action, typed or picked from the known ones (by their names in the reader's language). */
function ActionFilter() {
  const { t } = useTranslation('backoffice');
  return (
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
  );
}

function useAuditColumns(): TableColumnsType<AuditEntry> {
  const { t } = useTranslation('backoffice');
  return [
    {
      key: 'at',
      title: t('audit.columns.at'),
      dataIndex: 'at',
      width: 190,
      render: (value: string) => (
        <span className="audit-nowrap">
          <TimeText value={value} seconds />
        </span>
      ),
    },
    {
      key: 'actor',
      title: t('audit.columns.actor'),
      dataIndex: 'actorEmail',
      width: 200,
      render: (value: string | null) => (value ? <BreakableText text={value} /> : t('audit.system')),
    },
    {
      key: 'action',
      title: t('audit.columns.action'),
      width: 150,
      render: (_, row) => (
        <div className="cell-stack">
          <span className="cell-stack__main">{actionName(row.action, asTranslate(t))}</span>
          {row.targetType ? (
            <span className="cell-stack__sub">{targetTypeName(row.targetType, asTranslate(t))}</span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'event',
      title: t('audit.columns.event'),
      render: (_, row) => <AuditEvent entry={row} />,
    },
    {
      key: 'ip',
      title: t('audit.columns.ip'),
      dataIndex: 'ip',
      width: 140,
      render: (value: string | null) => (value ? <BreakableText text={value} /> : '—'),
    },
  ];
}

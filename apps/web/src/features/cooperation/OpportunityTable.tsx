import { Empty, Spin, Table, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../components/time-cells.ts';
import { useIsPhone } from '../../lib/responsive.ts';
import type { OpportunityItem } from './cooperation-api.ts';
import { groupDigits } from './detail-fields.ts';
import { FollowButton } from './FollowButton.tsx';
import { OpportunityCards } from './OpportunityCards.tsx';
import { detailPath } from './paths.ts';
import { OpportunityTags } from './StatusTags.tsx';

type Column = TableColumnsType<OpportunityItem>[number];

/** The requirement's name, linked to its page, with the row's state as tags under it. */
function nameColumn(t: TFunction<'cooperation'>): Column {
  return {
    key: 'name',
    title: t('columns.name'),
    // Kept in view when a narrow page scrolls the table sideways (the user centre).
    width: 200,
    fixed: 'left',
    render: (_, row) => (
      <div className="cell-stack cell-stack--tags">
        <Link to={detailPath(row.lgcSn)} className="opportunity-name">
          {row.itDpchlstRqmNm}
        </Link>
        <OpportunityTags item={row} />
      </div>
    ),
  };
}

/** View, and Follow when `showFollow` (not on one's own requests). */
function actionColumn(t: TFunction<'cooperation'>, showFollow: boolean): Column {
  return {
    key: 'action',
    title: t('columns.action'),
    width: 110,
    fixed: 'right',
    render: (_, row) => (
      <div className="row-actions">
        <Link to={detailPath(row.lgcSn)} aria-label={t('actions.viewFor', { name: row.itDpchlstRqmNm })}>
          {t('actions.view')}
        </Link>
        {showFollow && !row.isMine ? (
          <FollowButton lgcSn={row.lgcSn} name={row.itDpchlstRqmNm} followed={row.followed} />
        ) : null}
      </div>
    ),
  };
}

/**
 * The columns of SPEC §2's lists: requirement name, publishing institution, project type,
 * currency, amount, term, price, publish date, operation; the row's state as tags under the name.
 * `showFollow`: the Follow toggle in the operation column.
 */
export function useOpportunityColumns(showFollow: boolean): TableColumnsType<OpportunityItem> {
  const { t } = useTranslation('cooperation');
  const dash = (value: string | null) => value || '—';
  const columns: TableColumnsType<OpportunityItem> = [
    nameColumn(t),
    { key: 'institution', title: t('columns.institution'), dataIndex: 'instNm', width: 150 },
    { key: 'type', title: t('columns.type'), dataIndex: 'astPrjTpcdName', width: 130 },
    {
      key: 'currency',
      title: t('columns.currency'),
      width: 100,
      // The code, with the currency's name for a pointer and for assistive technology.
      render: (_, row) =>
        row.cmavyTpcd ? (
          <abbr title={row.cmavyTpcdName ?? row.cmavyTpcd} className="currency-code">
            {row.cmavyTpcd}
          </abbr>
        ) : (
          '—'
        ),
    },
    {
      key: 'amount',
      title: t('columns.amount'),
      width: 140,
      align: 'right',
      render: (_, row) => <span className="numeric">{row.idcstAstIvsAmt ? groupDigits(row.idcstAstIvsAmt) : '—'}</span>,
    },
    { key: 'term', title: t('columns.term'), width: 90, render: (_, row) => dash(row.bscrcCoAgrmTmdt) },
    {
      key: 'price',
      title: t('columns.price'),
      width: 80,
      align: 'right',
      render: (_, row) => <span className="numeric">{dash(row.price)}</span>,
    },
    { key: 'date', title: t('columns.publishDate'), width: 104, render: (_, row) => formatDate(row.createTime) },
    actionColumn(t, showFollow),
  ];
  return columns;
}

export const OPPORTUNITY_TABLE_PROPS = {
  className: 'opportunity-table',
  rowKey: 'lgcSn',
  scroll: { x: 1100 },
} as const;

/**
 * The latest requests, unpaged (the home page; it stands without the list pages' sheet,
 * PagedOpportunityTable.tsx has the paged lists); cards on a phone.
 */
export function OpportunityTable({
  items,
  loading,
  emptyText,
  label,
}: {
  items: readonly OpportunityItem[];
  loading: boolean;
  emptyText: ReactNode;
  /** Label of the table for assistive technology. */
  label: string;
}) {
  const phone = useIsPhone();
  const columns = useOpportunityColumns(false);
  if (phone) {
    return (
      <Spin spinning={loading}>
        {items.length ? (
          <OpportunityCards items={items} label={label} showFollow={false} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
        )}
      </Spin>
    );
  }
  return (
    <Table<OpportunityItem>
      {...OPPORTUNITY_TABLE_PROPS}
      columns={columns}
      dataSource={items}
      loading={loading}
      aria-label={label}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      pagination={false}
    />
  );
}

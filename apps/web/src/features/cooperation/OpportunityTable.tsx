import { Empty, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OpportunityItem } from './cooperation-api.ts';
import { groupDigits } from './detail-fields.ts';
import { FollowButton } from './FollowButton.tsx';
import { detailPath } from './paths.ts';
import { formatDate, OpportunityTags } from './StatusTags.tsx';

type OpportunityTableProps = {
  items: readonly OpportunityItem[];
  loading: boolean;
  emptyText: ReactNode;
  pagination: TablePaginationConfig | false;
  /** Show the Follow toggle in the operation column (default true). */
  showFollow?: boolean;
  /** Label of the table for assistive technology. */
  label: string;
};

/**
 * The columns of SPEC §2's lists: requirement name, publishing institution, project type,
 * currency, amount, term, price, publish date, operation; the row's state as tags under the name.
 */
export function OpportunityTable({
  items,
  loading,
  emptyText,
  pagination,
  showFollow = true,
  label,
}: OpportunityTableProps) {
  const { t } = useTranslation('cooperation');
  const dash = (value: string | null) => value || '—';
  const columns: TableColumnsType<OpportunityItem> = [
    {
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
    },
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
    {
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
    },
  ];
  return (
    <Table<OpportunityItem>
      className="opportunity-table"
      rowKey="lgcSn"
      columns={columns}
      dataSource={[...items]}
      loading={loading}
      scroll={{ x: 1100 }}
      aria-label={label}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      pagination={pagination}
    />
  );
}

import { Empty, Table, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import '../../../components/typography.css';
import { ExpandableText } from '../../../components/ExpandableText.tsx';
import { TimeText } from '../../../components/TimeText.tsx';
import { formatTime } from '../../../components/time-cells.ts';
import { AnswerIntention } from '../AnswerIntention.tsx';
import type { IntentionItem, OpportunityDetail } from '../cooperation-api.ts';
import { IntentionContact } from '../IntentionContact.tsx';
import { IntentionStatusTag } from '../StatusTags.tsx';

/** The intentions received: who sent them, what they wrote, when, their state and the answer. */
function intentionColumns(t: TFunction<'cooperation'>): TableColumnsType<IntentionItem> {
  return [
    {
      key: 'institution',
      title: t('intentions.institution'),
      render: (_, row) => (
        <div className="cell-stack">
          <span>{row.senderInstitution}</span>
          <span className="cell-stack__sub text-code">{row.senderSwiftCode ?? '—'}</span>
        </div>
      ),
    },
    { key: 'sender', title: t('intentions.sender'), dataIndex: 'senderName', width: 150 },
    {
      key: 'message',
      title: t('intentions.message'),
      render: (_, row) => (
        <>
          <ExpandableText text={row.message} rows={3} />
          <IntentionContact intention={row} />
        </>
      ),
    },
    {
      key: 'sentAt',
      title: t('intentions.sentAt'),
      width: 150,
      render: (_, row) => (
        <span className="text-code">
          <TimeText value={row.sentAt} />
        </span>
      ),
    },
    {
      key: 'status',
      title: t('intentions.status'),
      width: 120,
      render: (_, row) => <IntentionStatusTag status={row.status} />,
    },
    {
      key: 'action',
      title: t('columns.action'),
      width: 160,
      render: (_, row) =>
        row.canAnswer ? (
          <div className="row-actions">
            <AnswerIntention intention={row} />
          </div>
        ) : (
          <span className="cell-stack__sub">
            {row.respondedAt ? t('intentions.answeredAt', { time: formatTime(row.respondedAt) }) : '—'}
          </span>
        ),
    },
  ];
}

/** What the owner of a request sees of it: the counts and the intentions received (agree / refuse). */
export function OwnerPanel({ owner }: { owner: NonNullable<OpportunityDetail['owner']> }) {
  const { t } = useTranslation('cooperation');
  const columns = intentionColumns(t);
  return (
    <section className="detail-card" aria-labelledby="detail-owner">
      <h2 id="detail-owner" className="detail-card__title">
        {t('owner.title')}
      </h2>
      <dl className="stat-row">
        <div className="stat-row__item">
          <dt className="field-label">{t('counts.pushed')}</dt>
          <dd>{owner.pushedCount}</dd>
        </div>
        <div className="stat-row__item">
          <dt className="field-label">{t('counts.intentions')}</dt>
          <dd>{owner.intentionCount}</dd>
        </div>
        <div className="stat-row__item">
          <dt className="field-label">{t('counts.reached')}</dt>
          <dd>{owner.agreedCount}</dd>
        </div>
      </dl>
      <Table<IntentionItem>
        rowKey="lgcSn"
        columns={columns}
        dataSource={owner.intentions}
        pagination={owner.intentions.length > 10 ? { pageSize: 10 } : false}
        scroll={{ x: 900 }}
        aria-label={t('owner.intentionsLabel')}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('owner.noIntentions')} /> }}
      />
    </section>
  );
}

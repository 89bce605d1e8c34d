import '../../features/user-management/user-management.css';
import '../../features/cooperation/cooperation.css';
import { DIRECTIONS, dictLabel, findEntry } from '@portal/shared/dictionaries';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Button, Descriptions, Empty, Skeleton, Table, type TableColumnsType, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { HOME_PATH } from '../../app/route-paths.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { AnswerIntention } from '../../features/cooperation/AnswerIntention.tsx';
import {
  cooperationKeys,
  fetchOpportunityDetail,
  type IntentionItem,
  invalidateRequest,
  type OpportunityDetail,
} from '../../features/cooperation/cooperation-api.ts';
import { formatFieldValue, type SectionKey, sectionFields } from '../../features/cooperation/detail-fields.ts';
import { FollowButton } from '../../features/cooperation/FollowButton.tsx';
import { IntentionDialog } from '../../features/cooperation/IntentionDialog.tsx';
import { InvalidateDialog } from '../../features/cooperation/InvalidateDialog.tsx';
import { editPath, RELEASE_PATH } from '../../features/cooperation/paths.ts';
import {
  formatDate,
  formatTime,
  IntentionStatusTag,
  OpportunityTags,
  RequestStatusTag,
} from '../../features/cooperation/StatusTags.tsx';
import { AttachmentList } from '../../features/files/AttachmentList.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { showToast } from '../../lib/notify.ts';

const FIELD_SECTIONS: readonly SectionKey[] = ['letterOfCredit', 'banks', 'cooperation'];

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 'PRT_NOT_FOUND');
}

/**
 * /cooperationDetail?lgcSn=… (SPEC §2): one request with its profile, L/C, banks, cooperation
 * terms, attachments and related materials; Follow and Send cooperation intention for readers of
 * other institutions; counts, the intentions received (agree / refuse), Edit and Invalidate for
 * its owner.
 */
export function CooperationDetailPage() {
  const { t } = useTranslation('cooperation');
  const [params] = useSearchParams();
  const lgcSn = params.get('lgcSn')?.trim() ?? '';
  const detail = useQuery({
    queryKey: cooperationKeys.detail(lgcSn),
    queryFn: ({ signal }) => fetchOpportunityDetail(lgcSn, signal),
    enabled: lgcSn !== '',
    // Reloaded on every visit: intentions and answers arrive from other institutions (a message
    // about a new intention leads here and must show it).
    staleTime: 0,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });

  const name = detail.data?.item.itDpchlstRqmNm;
  const breadcrumb = (
    <Breadcrumb
      className="page-breadcrumb"
      items={[
        { title: <Link to={HOME_PATH}>{t('breadcrumb.home')}</Link> },
        { title: <Link to={RELEASE_PATH}>{t('routes.release')}</Link> },
        { title: name ?? t('routes.detail') },
      ]}
    />
  );

  let body: ReactNode;
  if (!lgcSn || (detail.isError && isNotFound(detail.error))) {
    body = (
      <div className="detail-card detail-state">
        <Empty description={<span className="detail-state__text">{t('detail.notFound')}</span>}>
          <ButtonLink to={RELEASE_PATH} type="primary">
            {t('detail.backToList')}
          </ButtonLink>
        </Empty>
      </div>
    );
  } else if (detail.isError) {
    body = (
      <div className="detail-card detail-state">
        <Empty description={<span className="detail-state__text">{t('detail.loadFailed')}</span>}>
          <Button type="primary" onClick={() => void detail.refetch()}>
            {t('actions.retry')}
          </Button>
        </Empty>
      </div>
    );
  } else if (!detail.data) {
    body = (
      <div className="detail-card" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  } else {
    body = <DetailView detail={detail.data} />;
  }

  return (
    <div className="cooperation-detail container">
      {breadcrumb}
      {body}
    </div>
  );
}

function DetailView({ detail }: { detail: OpportunityDetail }) {
  const { t } = useTranslation('cooperation');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const { item, fields, publisher } = detail;
  const [dialog, setDialog] = useState<'intention' | 'invalidate' | null>(null);
  const [invalidating, setInvalidating] = useState(false);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: cooperationKeys.all });
  const units = {
    days: (count: number) => t('units.days', { count }),
    years: (count: number) => t('units.years', { count }),
    bps: (count: number) => t('units.bps', { count }),
  };
  const direction = DIRECTIONS.find((entry) => entry.code === item.direction);
  const validFrom = typeof fields.validFrom === 'string' ? fields.validFrom : null;
  const validUntil = (typeof fields.validUntil === 'string' ? fields.validUntil : null) ?? item.validUntil;
  const countryName = (code: string | null) => {
    const entry = code ? findEntry('countries', code) : undefined;
    return entry ? dictLabel(entry, locale) : (code ?? '');
  };

  const invalidate = async () => {
    setInvalidating(true);
    try {
      await invalidateRequest(item.lgcSn);
      showToast({ type: 'success', content: t('invalidate.done', { name: item.itDpchlstRqmNm }) });
      setDialog(null);
      refresh();
    } catch {
      // The toast said why; the dialog stays.
    } finally {
      setInvalidating(false);
    }
  };

  const sendReason = sendBlockedReason(detail);
  const sendButton = item.isMine ? null : sendReason ? (
    // Focusable, unlike a disabled button, so the reason reaches keyboard and screen-reader users too.
    <Tooltip title={t(`intention.blocked.${sendReason}`)}>
      <Button
        type="primary"
        size="large"
        aria-disabled="true"
        className="is-unavailable"
        aria-label={`${t('intention.send')}: ${t(`intention.blocked.${sendReason}`)}`}
        onClick={() => showToast({ type: 'info', content: t(`intention.blocked.${sendReason}`) })}
      >
        {t('intention.send')}
      </Button>
    </Tooltip>
  ) : (
    <Button type="primary" size="large" onClick={() => setDialog('intention')}>
      {t('intention.send')}
    </Button>
  );

  const scope = fields.scopeLimited
    ? (Array.isArray(fields.scopeCountries) ? fields.scopeCountries.map(String) : [])
        .map((code) => countryName(code))
        .join(locale === 'zh-CN' ? '、' : ', ')
    : t('detail.scopeAny');

  const sectionItems = (section: SectionKey) =>
    sectionFields(section, detail.formKind)
      .map((spec) => ({ spec, text: formatFieldValue(spec, fields, locale, units) }))
      .filter(({ text }) => text !== '')
      .map(({ spec, text }) => ({
        key: spec.key,
        label: t(`fields.${spec.key}` as 'fields.remark'),
        children: spec.format.kind === 'multiline' ? <span className="multiline">{text}</span> : text,
        ...(spec.format.kind === 'multiline' ? { span: 'filled' as const } : {}),
      }));

  const materials = sectionItems('materials');

  return (
    <>
      <section className="detail-card detail-header" aria-labelledby="detail-title">
        <div className="detail-header__main">
          <div className="detail-header__tags">
            <RequestStatusTag item={item} />
            <OpportunityTags item={{ ...item, status: 'effective' }} />
          </div>
          <h1 id="detail-title" className="detail-header__title">
            {item.itDpchlstRqmNm}
          </h1>
          <dl className="detail-header__meta">
            <div>
              <dt>{t('detail.institution')}</dt>
              <dd>{item.instNm}</dd>
            </div>
            <div>
              <dt>{t('detail.type')}</dt>
              <dd>{item.astPrjTpcdName}</dd>
            </div>
            <div>
              <dt>{t('detail.direction')}</dt>
              <dd>{direction ? dictLabel(direction, locale) : item.direction}</dd>
            </div>
            <div>
              <dt>{t('detail.publishDate')}</dt>
              <dd>{formatDate(item.createTime)}</dd>
            </div>
            <div>
              <dt>{t('detail.validity')}</dt>
              <dd>{validFrom ? `${formatDate(validFrom)} – ${formatDate(validUntil)}` : formatDate(validUntil)}</dd>
            </div>
          </dl>
          {item.isMine && !detail.canEdit ? <p className="detail-header__note">{t('intention.blocked.mine')}</p> : null}
          {item.isMine && detail.canEdit ? <p className="detail-header__note">{t('detail.ownerNote')}</p> : null}
        </div>
        <div className="detail-header__actions">
          {sendButton}
          {!item.isMine ? (
            <FollowButton lgcSn={item.lgcSn} name={item.itDpchlstRqmNm} followed={item.followed} variant="default" />
          ) : null}
          {sendReason && !item.isMine ? (
            <p className="detail-header__reason">{t(`intention.blocked.${sendReason}`)}</p>
          ) : null}
          {detail.canEdit && item.status === 'effective' ? (
            <>
              <ButtonLink to={editPath(item.lgcSn)}>{t('actions.edit')}</ButtonLink>
              <Button danger onClick={() => setDialog('invalidate')}>
                {t('invalidate.button')}
              </Button>
            </>
          ) : null}
        </div>
      </section>

      {detail.owner ? <OwnerPanel owner={detail.owner} /> : null}
      {detail.myIntention ? <MyIntentionPanel intention={detail.myIntention} /> : null}

      <section className="detail-card" aria-labelledby="detail-profile">
        <h2 id="detail-profile" className="detail-card__title">
          {t('sections.profile')}
        </h2>
        <Descriptions
          bordered
          size="middle"
          column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
          items={[
            { key: 'instNm', label: t('fields.publisher'), children: publisher.instNm },
            { key: 'swift', label: t('fields.publisherSwift'), children: publisher.instSwiftCode || '—' },
            { key: 'country', label: t('fields.publisherCountry'), children: countryName(publisher.country) || '—' },
            { key: 'contactName', label: t('fields.contactName'), children: publisher.contactName },
            {
              key: 'contactEmail',
              label: t('fields.contactEmail'),
              children: <a href={`mailto:${publisher.contactEmail}`}>{publisher.contactEmail}</a>,
            },
            { key: 'contactPhone', label: t('fields.contactPhone'), children: publisher.contactPhone },
          ]}
        />
      </section>

      {FIELD_SECTIONS.map((section) => {
        const items = sectionItems(section);
        if (section === 'cooperation') {
          items.push({ key: 'scope', label: t('fields.scope'), children: scope });
        }
        if (!items.length) return null;
        return (
          <section key={section} className="detail-card" aria-labelledby={`detail-${section}`}>
            <h2 id={`detail-${section}`} className="detail-card__title">
              {t(`sections.${section}`)}
            </h2>
            <Descriptions bordered size="middle" column={{ xs: 1, sm: 1, md: 2, lg: 3 }} items={items} />
          </section>
        );
      })}

      <section className="detail-card" aria-labelledby="detail-attachments">
        <h2 id="detail-attachments" className="detail-card__title">
          {t('sections.attachments')}
        </h2>
        {detail.attachments.length ? (
          <AttachmentList files={detail.attachments} />
        ) : (
          <p className="value-empty">{t('detail.noAttachments')}</p>
        )}
      </section>

      <section className="detail-card" aria-labelledby="detail-materials">
        <h2 id="detail-materials" className="detail-card__title">
          {t('sections.materials')}
        </h2>
        {materials.length ? (
          <Descriptions bordered size="middle" column={1} items={materials} />
        ) : (
          <p className="value-empty">{t('detail.noMaterials')}</p>
        )}
      </section>

      {dialog === 'intention' ? (
        <IntentionDialog
          requestLgcSn={item.lgcSn}
          requestName={item.itDpchlstRqmNm}
          institution={item.instNm}
          onClose={() => setDialog(null)}
          onSent={() => {
            setDialog(null);
            refresh();
          }}
        />
      ) : null}
      {dialog === 'invalidate' ? (
        <InvalidateDialog
          name={item.itDpchlstRqmNm}
          busy={invalidating}
          onConfirm={() => void invalidate()}
          onCancel={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}

/** Why the reader cannot send an intention, or null when they can. */
export function sendBlockedReason(
  detail: Pick<OpportunityDetail, 'canSendIntention' | 'myIntention'> & {
    item: Pick<OpportunityDetail['item'], 'isMine' | 'status'>;
  },
): 'mine' | 'alreadySent' | 'notEffective' | 'unavailable' | null {
  if (detail.canSendIntention) return null;
  if (detail.item.isMine) return 'mine';
  if (detail.myIntention) return 'alreadySent';
  if (detail.item.status !== 'effective') return 'notEffective';
  return 'unavailable';
}

function OwnerPanel({ owner }: { owner: NonNullable<OpportunityDetail['owner']> }) {
  const { t } = useTranslation('cooperation');
  const columns: TableColumnsType<IntentionItem> = [
    {
      key: 'institution',
      title: t('intentions.institution'),
      render: (_, row) => (
        <div className="cell-stack">
          <span>{row.senderInstitution}</span>
          <span className="cell-stack__sub">{row.senderSwiftCode ?? '—'}</span>
        </div>
      ),
    },
    { key: 'sender', title: t('intentions.sender'), dataIndex: 'senderName', width: 150 },
    {
      key: 'message',
      title: t('intentions.message'),
      render: (_, row) => <span className="multiline">{row.message}</span>,
    },
    { key: 'sentAt', title: t('intentions.sentAt'), width: 150, render: (_, row) => formatTime(row.sentAt) },
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
  return (
    <section className="detail-card" aria-labelledby="detail-owner">
      <h2 id="detail-owner" className="detail-card__title">
        {t('owner.title')}
      </h2>
      <dl className="stat-row">
        <div className="stat-row__item">
          <dt>{t('counts.pushed')}</dt>
          <dd>{owner.pushedCount}</dd>
        </div>
        <div className="stat-row__item">
          <dt>{t('counts.intentions')}</dt>
          <dd>{owner.intentionCount}</dd>
        </div>
        <div className="stat-row__item">
          <dt>{t('counts.reached')}</dt>
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

function MyIntentionPanel({ intention }: { intention: IntentionItem }) {
  const { t } = useTranslation('cooperation');
  return (
    <section className="detail-card detail-card--highlight" aria-labelledby="detail-my-intention">
      <h2 id="detail-my-intention" className="detail-card__title">
        {t('myIntention.title')}
      </h2>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'status', label: t('intentions.status'), children: <IntentionStatusTag status={intention.status} /> },
          { key: 'sentAt', label: t('intentions.sentAt'), children: formatTime(intention.sentAt) },
          { key: 'sender', label: t('intentions.sender'), children: intention.senderName },
          {
            key: 'message',
            label: t('intentions.message'),
            span: 'filled',
            children: <span className="multiline">{intention.message}</span>,
          },
        ]}
      />
    </section>
  );
}

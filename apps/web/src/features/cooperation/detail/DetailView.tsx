import '../../../components/list-page.css';
import '../cooperation.css';
import { dictName } from '@portal/shared/dictionaries';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Code, FieldList, type FieldListItem } from '../../../components/FieldList.tsx';
import { formatDate } from '../../../components/time-cells.ts';
import { useFieldLabel } from '../../../lib/forms/field-labels.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { showToast } from '../../../lib/notify.ts';
import { AttachmentList } from '../../files/AttachmentList.tsx';
import { cooperationKeys, invalidateRequest, type OpportunityDetail } from '../cooperation-api.ts';
import { formatFieldValue, isUnbroken, type SectionKey, sectionFields } from '../detail-fields.ts';
import { FollowButton } from '../FollowButton.tsx';
import { IntentionDialog } from '../IntentionDialog.tsx';
import { InvalidateDialog } from '../InvalidateDialog.tsx';
import { editPath } from '../paths.ts';
import { OpportunityTags, RequestStatusTag } from '../StatusTags.tsx';
import { MyIntentionPanel } from './MyIntentionPanel.tsx';
import { OwnerPanel } from './OwnerPanel.tsx';
import { sendBlockedReason } from './send-blocked.ts';

const FIELD_SECTIONS: readonly SectionKey[] = ['letterOfCredit', 'banks', 'cooperation'];

/**
 * One request as its detail page shows it (SPEC §2): the header with its state and actions
 * (Send cooperation intention and Follow for readers of other institutions, Edit and Invalidate
 * for its owner), the owner's counts and intentions, the reader's own intention, the profile,
 * L/C, banks and cooperation terms, attachments and related materials.
 */
export function DetailView({ detail }: { detail: OpportunityDetail }) {
  const { t } = useTranslation('cooperation');
  const { locale } = useLocale();
  const label = useFieldLabel();
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
  const validFrom = typeof fields.validFrom === 'string' ? fields.validFrom : null;
  const validUntil = (typeof fields.validUntil === 'string' ? fields.validUntil : null) ?? item.validUntil;
  const countryName = (code: string | null) => dictName('countries', code, locale);

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

  // Field names from the one dictionary the publish form and the validation messages use too.
  const sectionItems = (section: SectionKey): FieldListItem[] =>
    sectionFields(section, detail.formKind)
      .map((spec) => ({ spec, text: formatFieldValue(spec, fields, locale, units) }))
      .filter(({ text }) => text !== '')
      .map(({ spec, text }) => {
        const multiline = spec.format.kind === 'multiline';
        return {
          key: spec.key,
          label: label(spec.key),
          value: multiline ? <span className="multiline">{text}</span> : isUnbroken(spec) ? <Code>{text}</Code> : text,
          ...(multiline ? { wide: true } : {}),
        };
      });

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
              <dt className="field-label">{t('detail.institution')}</dt>
              <dd>{item.instNm}</dd>
            </div>
            <div>
              <dt className="field-label">{t('detail.type')}</dt>
              <dd>{item.astPrjTpcdName}</dd>
            </div>
            <div>
              <dt className="field-label">{label('direction')}</dt>
              <dd>{dictName('directions', item.direction, locale)}</dd>
            </div>
            <div>
              <dt className="field-label">{t('detail.publishDate')}</dt>
              <dd>
                <Code>{formatDate(item.createTime)}</Code>
              </dd>
            </div>
            <div>
              <dt className="field-label">{t('detail.validity')}</dt>
              <dd>
                {validFrom ? (
                  <>
                    <Code>{formatDate(validFrom)}</Code> – <Code>{formatDate(validUntil)}</Code>
                  </>
                ) : (
                  <Code>{formatDate(validUntil)}</Code>
                )}
              </dd>
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
        <FieldList
          items={[
            { key: 'instNm', label: t('fields.publisher'), value: publisher.instNm },
            {
              key: 'swift',
              label: t('fields.publisherSwift'),
              value: publisher.instSwiftCode ? <Code>{publisher.instSwiftCode}</Code> : '—',
            },
            { key: 'country', label: t('fields.publisherCountry'), value: countryName(publisher.country) || '—' },
            { key: 'contactName', label: label('contactName'), value: publisher.contactName },
            {
              key: 'contactEmail',
              label: label('contactEmail'),
              value: <a href={`mailto:${publisher.contactEmail}`}>{publisher.contactEmail}</a>,
            },
            { key: 'contactPhone', label: label('contactPhone'), value: <Code>{publisher.contactPhone}</Code> },
          ]}
        />
      </section>

      {FIELD_SECTIONS.map((section) => {
        const items = sectionItems(section);
        if (section === 'cooperation') {
          items.push({ key: 'scope', label: label('scopeLimited'), value: scope });
        }
        if (!items.length) return null;
        return (
          <section key={section} className="detail-card" aria-labelledby={`detail-${section}`}>
            <h2 id={`detail-${section}`} className="detail-card__title">
              {t(`sections.${section}`)}
            </h2>
            <FieldList items={items} />
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
          <FieldList items={materials} columns={1} />
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

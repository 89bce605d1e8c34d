import { dictName } from '@portal/shared/dictionaries';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Code, FieldList, type FieldListItem } from '../../../components/FieldList.tsx';
import { useFieldLabel } from '../../../lib/forms/field-labels.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { AttachmentList } from '../../files/AttachmentList.tsx';
import type { OpportunityDetail } from '../cooperation-api.ts';
import { formatFieldValue, isUnbroken, type SectionKey, sectionFields } from '../detail-fields.ts';

const FIELD_SECTIONS: readonly SectionKey[] = ['letterOfCredit', 'banks', 'cooperation'];

/** A titled card of the detail page. */
function DetailCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="detail-card" aria-labelledby={id}>
      <h2 id={id} className="detail-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A section's filled fields as label and value (field names from the one dictionary the publish form uses too). */
function useSectionItems(detail: OpportunityDetail) {
  const { t } = useTranslation('cooperation');
  const { locale } = useLocale();
  const label = useFieldLabel();
  const units = {
    days: (count: number) => t('units.days', { count }),
    years: (count: number) => t('units.years', { count }),
    bps: (count: number) => t('units.bps', { count }),
  };
  return (section: SectionKey): FieldListItem[] =>
    sectionFields(section, detail.formKind)
      .map((spec) => ({ spec, text: formatFieldValue(spec, detail.fields, locale, units) }))
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
}

/** Who published the request and how to reach them. */
export function PublisherCard({ publisher }: { publisher: OpportunityDetail['publisher'] }) {
  const { t } = useTranslation('cooperation');
  const { locale } = useLocale();
  const label = useFieldLabel();
  const country = dictName('countries', publisher.country, locale);
  return (
    <DetailCard id="detail-profile" title={t('sections.profile')}>
      <FieldList
        items={[
          { key: 'instNm', label: t('fields.publisher'), value: publisher.instNm },
          {
            key: 'swift',
            label: t('fields.publisherSwift'),
            value: publisher.instSwiftCode ? <Code>{publisher.instSwiftCode}</Code> : '—',
          },
          { key: 'country', label: t('fields.publisherCountry'), value: country || '—' },
          { key: 'contactName', label: label('contactName'), value: publisher.contactName },
          {
            key: 'contactEmail',
            label: label('contactEmail'),
            value: <a href={`mailto:${publisher.contactEmail}`}>{publisher.contactEmail}</a>,
          },
          { key: 'contactPhone', label: label('contactPhone'), value: <Code>{publisher.contactPhone}</Code> },
        ]}
      />
    </DetailCard>
  );
}

/** The L/C, banks and cooperation terms (each shown when it has a filled field), then attachments and materials. */
export function DetailSections({ detail }: { detail: OpportunityDetail }) {
  const { t } = useTranslation('cooperation');
  const { locale } = useLocale();
  const label = useFieldLabel();
  const sectionItems = useSectionItems(detail);
  const { fields } = detail;
  const scope = fields.scopeLimited
    ? (Array.isArray(fields.scopeCountries) ? fields.scopeCountries.map(String) : [])
        .map((code) => dictName('countries', code, locale))
        .join(locale === 'zh-CN' ? '、' : ', ')
    : t('detail.scopeAny');
  const materials = sectionItems('materials');
  return (
    <>
      {FIELD_SECTIONS.map((section) => {
        const items = sectionItems(section);
        if (section === 'cooperation') items.push({ key: 'scope', label: label('scopeLimited'), value: scope });
        if (!items.length) return null;
        return (
          <DetailCard key={section} id={`detail-${section}`} title={t(`sections.${section}`)}>
            <FieldList items={items} />
          </DetailCard>
        );
      })}
      <DetailCard id="detail-attachments" title={t('sections.attachments')}>
        {detail.attachments.length ? (
          <AttachmentList files={detail.attachments} />
        ) : (
          <p className="value-empty">{t('detail.noAttachments')}</p>
        )}
      </DetailCard>
      <DetailCard id="detail-materials" title={t('sections.materials')}>
        {materials.length ? (
          <FieldList items={materials} columns={1} />
        ) : (
          <p className="value-empty">{t('detail.noMaterials')}</p>
        )}
      </DetailCard>
    </>
  );
}

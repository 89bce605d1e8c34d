import type { CooperationSubTypeShape, PublishChoice } from '@portal/shared/dictionaries';
import type { FormKind, RELEASE_FORM_SCHEMAS } from '@portal/shared/schemas/cooperation';
import type { TFileInfo } from '@portal/shared/schemas/files';
import { Alert, Form, type FormInstance } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldLabel } from '../../lib/forms/field-labels.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { branchOptionGroups, countryOptions } from '../accounts/profile/profile-options.ts';
import { type FieldContext, releaseField } from './release-field-controls.tsx';
import { type FormSection, formSections } from './release-fields.ts';

export type ReleaseFormFieldsProps = {
  form: FormInstance;
  kind: FormKind;
  /** The kind's schema the fields are checked with (with today's date rules). */
  schema: (typeof RELEASE_FORM_SCHEMAS)[FormKind];
  choice: PublishChoice;
  sub: CooperationSubTypeShape | undefined;
  /** Names and sizes of attachments already saved (draft or request). */
  knownAttachments?: readonly TFileInfo[];
  onUploadBusyChange?: (busy: boolean) => void;
};

/**
 * The release form's sections and fields for one form kind (data-driven from
 * `release-fields.ts`), each field checked live against the kind's schema.
 */
export function ReleaseFormFields({
  form,
  kind,
  schema,
  choice,
  sub,
  knownAttachments,
  onUploadBusyChange,
}: ReleaseFormFieldsProps) {
  const { t } = useTranslation('publish');
  const { locale } = useLocale();
  // Sections the sub-type has: no empty risk preference section for a type without one.
  const sections = useMemo(() => formSections(kind, { sub }), [kind, sub]);
  const termType = Form.useWatch('termType', form);
  const scopeLimited = Form.useWatch('scopeLimited', form);
  const currency = Form.useWatch('currency', form);
  const financingCurrency = Form.useWatch('financingCurrency', form);

  const countries = useMemo(() => countryOptions(locale), [locale]);
  const branches = useMemo(
    () => branchOptionGroups(locale, { overseas: t('form.branchOverseas'), domestic: t('form.branchDomestic') }),
    [locale, t],
  );
  // Field names from the one dictionary the detail page and the validation messages use too.
  const label = useFieldLabel();
  const ctx: FieldContext = {
    ...{ kind, schema, choice, sub, knownAttachments, onUploadBusyChange },
    ...{ t, locale, termType, scopeLimited, currency, financingCurrency, countries, branches, label },
  };

  const sectionTitle = (section: FormSection) =>
    section.key === 'specific' ? t(`sections.specific.${kind}`) : t(`sections.${section.key}`);

  return (
    <div className="publish-sections">
      {sections.map((section) => (
        <section key={section.key} className="publish-section" aria-labelledby={`publish-section-${section.key}`}>
          <h3 id={`publish-section-${section.key}`} className="publish-section__title">
            {sectionTitle(section)}
          </h3>
          {section.key === 'riskPreference' && sub?.riskPreference ? (
            <Alert
              className="publish-section__alert"
              type="info"
              showIcon
              title={t('risk.title')}
              description={t(`risk.${sub.riskPreference}`)}
            />
          ) : null}
          {section.key === 'scope' ? <p className="publish-section__intro">{t('sections.scopeIntro')}</p> : null}
          {section.key === 'contact' ? <p className="publish-section__intro">{t('sections.contactIntro')}</p> : null}
          <div className="publish-grid">{section.fields.map((spec) => releaseField(ctx, spec))}</div>
        </section>
      ))}
    </div>
  );
}

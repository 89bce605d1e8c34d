import {
  type CooperationSubTypeShape,
  CURRENCIES,
  DIRECTIONS,
  dictLabel,
  type PublishChoice,
} from '@portal/shared/dictionaries';
import { COOPERATION_LIMITS, type FormKind, type RELEASE_FORM_SCHEMAS } from '@portal/shared/schemas/cooperation';
import type { TFileInfo } from '@portal/shared/schemas/files';
import {
  Alert,
  Checkbox,
  type CheckboxOptionType,
  DatePicker,
  Form,
  type FormInstance,
  Input,
  Radio,
  Select,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberTextInput } from '../../components/NumberTextInput.tsx';
import { useFieldLabel } from '../../lib/forms/field-labels.ts';
import { schemaRule } from '../../lib/forms/schema-form.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { branchOptionGroups, countryOptions } from '../accounts/profile/profile-options.ts';
import { AttachmentUpload } from '../files/AttachmentUpload.tsx';
import {
  dictOptions,
  type FieldSpec,
  type FormSection,
  formSections,
  isFieldRequired,
  riskPreferenceEntries,
  YES_NO_OPTIONS,
} from './release-fields.ts';
import { DATE_FORMAT } from './release-values.ts';

/** Fields that other fields' rules read: changing them re-checks the dependants. */
const DEPENDENCIES: Record<string, string[]> = {
  validUntil: ['validFrom'],
  rateMax: ['rateMin'],
  commonTerm: ['termType'],
  customTermDays: ['termType'],
  scopeCountries: ['scopeLimited'],
};

const toDate = (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value, DATE_FORMAT) : null });
const fromDate = (value: Dayjs | null) => (value ? value.format(DATE_FORMAT) : '');
const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/**
 * The risk preferences as a labelled group of checkboxes. `Form.Item` gives its control
 * `aria-required`, which a plain group may not carry (axe `aria-allowed-attr`): the group says
 * "required" through its label's mark instead.
 */
function RiskPreferenceGroup({
  'aria-required': _required,
  label,
  ...props
}: {
  'aria-required'?: unknown;
  label: string;
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  options: CheckboxOptionType<string>[];
}) {
  return <Checkbox.Group<string> {...props} className="publish-checks" role="group" aria-label={label} />;
}

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
  const searchable = { showSearch: { optionFilterProp: 'label' as const } };
  const context = { sub, termType, scopeLimited };

  // Field names from the one dictionary the detail page and the validation messages use too.
  const label = useFieldLabel();
  const unit = (spec: FieldSpec) => (spec.unit ? t(`units.${spec.unit}`) : undefined);

  const isHidden = (name: string) =>
    (name === 'commonTerm' && termType !== 'COMMON') || (name === 'customTermDays' && termType !== 'CUSTOMIZED');

  const item = (spec: FieldSpec, control: ReactNode, extra: Partial<Parameters<typeof Form.Item>[0]> = {}) => (
    <Form.Item
      key={spec.name}
      name={spec.name}
      label={label(spec.name)}
      required={isFieldRequired(kind, spec.name, context)}
      rules={[schemaRule(schema, spec.name)]}
      dependencies={DEPENDENCIES[spec.name]}
      className={spec.wide ? 'publish-grid__wide' : undefined}
      {...extra}
    >
      {control}
    </Form.Item>
  );

  const field = (spec: FieldSpec): ReactNode => {
    if (isHidden(spec.name)) return null;
    switch (spec.widget) {
      case 'text':
        return item(
          spec,
          <Input maxLength={spec.maxLength} showCount={spec.maxLength === COOPERATION_LIMITS.longText} />,
        );
      case 'textarea':
        return item(spec, <Input.TextArea maxLength={spec.maxLength} showCount rows={4} />);
      case 'swift':
        return item(spec, <Input maxLength={11} placeholder={t('form.swiftPlaceholder')} />, { normalize: upperCase });
      case 'date':
        return item(
          spec,
          <DatePicker className="publish-full" format={DATE_FORMAT} placeholder={t('form.datePlaceholder')} />,
          { getValueProps: toDate, normalize: fromDate },
        );
      // Numbers keep what was typed (no clamping, rounding or dropped letters): the schema says
      // what is wrong next to the field. Amounts are decimal strings, grouped as the reader's
      // language groups thousands; the others are JSON numbers once they are numbers.
      case 'amount':
        return item(
          spec,
          <NumberTextInput
            className="publish-full"
            valueAs="string"
            grouped
            locale={locale}
            placeholder={t('form.amountPlaceholder')}
          />,
        );
      case 'integer':
      case 'decimal':
        return item(
          spec,
          <NumberTextInput className="publish-full" valueAs="number" locale={locale} suffix={unit(spec)} />,
          spec.name === 'participationRatio' ? { extra: t('form.participationRatioHint') } : {},
        );
      case 'select': {
        const current =
          spec.options === CURRENCIES ? (spec.name === 'currency' ? currency : financingCurrency) : undefined;
        return item(
          spec,
          <Select
            allowClear={!isFieldRequired(kind, spec.name, context)}
            placeholder={t('form.select')}
            options={dictOptions(spec.options ?? [], locale, current)}
            {...searchable}
          />,
        );
      }
      case 'country':
        return item(spec, <Select allowClear placeholder={t('form.search')} options={countries} {...searchable} />);
      case 'countries':
        return item(
          spec,
          <Select mode="multiple" allowClear placeholder={t('form.search')} options={countries} {...searchable} />,
        );
      case 'branch':
        return item(spec, <Select allowClear placeholder={t('form.select')} options={branches} {...searchable} />);
      case 'yesNo':
        return item(
          spec,
          <Radio.Group
            options={YES_NO_OPTIONS.map((entry) => ({ value: entry.code, label: dictLabel(entry, locale) }))}
          />,
        );
      case 'direction':
        return item(
          spec,
          <Radio.Group
            disabled={Boolean(choice.direction)}
            options={DIRECTIONS.map((entry) => ({ value: entry.code, label: dictLabel(entry, locale) }))}
          />,
          choice.direction ? { extra: t('form.directionLocked') } : {},
        );
      case 'riskPreferences':
        return item(
          spec,
          <RiskPreferenceGroup
            label={label(spec.name)}
            options={riskPreferenceEntries(sub).map((entry) => ({
              value: entry.code,
              label: dictLabel(entry, locale),
            }))}
          />,
        );
      case 'scope':
        return (
          <div key={spec.name} className="publish-grid__wide publish-scope">
            {item(
              spec,
              <Radio.Group
                options={[
                  { value: false, label: t('scope.noLimit') },
                  { value: true, label: t('scope.limited') },
                ]}
              />,
              { className: undefined },
            )}
            {scopeLimited === true
              ? item(
                  { name: 'scopeCountries', widget: 'countries' },
                  <Select
                    mode="multiple"
                    allowClear
                    placeholder={t('scope.countriesPlaceholder')}
                    options={countries}
                    {...searchable}
                  />,
                )
              : null}
          </div>
        );
      case 'attachments':
        return item(
          spec,
          <AttachmentUpload
            {...(knownAttachments ? { known: knownAttachments } : {})}
            onBusyChange={onUploadBusyChange}
            maxFiles={COOPERATION_LIMITS.attachments}
          />,
          { extra: t('form.attachmentsHint') },
        );
    }
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
          <div className="publish-grid">{section.fields.map(field)}</div>
        </section>
      ))}
    </div>
  );
}

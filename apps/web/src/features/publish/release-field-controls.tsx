import type { Locale } from '@portal/shared';
import { CURRENCIES, DIRECTIONS, dictLabel } from '@portal/shared/dictionaries';
import { COOPERATION_LIMITS } from '@portal/shared/schemas/cooperation';
import { Checkbox, type CheckboxOptionType, DatePicker, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { NumberTextInput } from '../../components/NumberTextInput.tsx';
import { schemaRule } from '../../lib/forms/schema-form.ts';
import type { branchOptionGroups, countryOptions } from '../accounts/profile/profile-options.ts';
import { AttachmentUpload } from '../files/AttachmentUpload.tsx';
import type { ReleaseFormFieldsProps } from './ReleaseFormFields.tsx';
import {
  dictOptions,
  type FieldSpec,
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

/** What the fields are drawn with: the form kind's props, the watched values and the option lists. */
export type FieldContext = Omit<ReleaseFormFieldsProps, 'form'> & {
  t: TFunction<'publish'>;
  locale: Locale;
  termType: unknown;
  scopeLimited: unknown;
  currency: unknown;
  financingCurrency: unknown;
  countries: ReturnType<typeof countryOptions>;
  branches: ReturnType<typeof branchOptionGroups>;
  label: (name: string) => string;
};

const searchable = { showSearch: { optionFilterProp: 'label' as const } };

const requiredContext = ({ sub, termType, scopeLimited }: FieldContext) => ({ sub, termType, scopeLimited });

function item(
  ctx: FieldContext,
  spec: FieldSpec,
  control: ReactNode,
  extra: Partial<Parameters<typeof Form.Item>[0]> = {},
) {
  return (
    <Form.Item
      key={spec.name}
      name={spec.name}
      label={ctx.label(spec.name)}
      required={isFieldRequired(ctx.kind, spec.name, requiredContext(ctx))}
      rules={[schemaRule(ctx.schema, spec.name)]}
      dependencies={DEPENDENCIES[spec.name]}
      className={spec.wide ? 'publish-grid__wide' : undefined}
      {...extra}
    >
      {control}
    </Form.Item>
  );
}

/** Texts, SWIFT codes and dates. */
function textField(ctx: FieldContext, spec: FieldSpec): ReactNode {
  const { t } = ctx;
  switch (spec.widget) {
    case 'text':
      return item(
        ctx,
        spec,
        <Input maxLength={spec.maxLength} showCount={spec.maxLength === COOPERATION_LIMITS.longText} />,
      );
    case 'textarea':
      return item(ctx, spec, <Input.TextArea maxLength={spec.maxLength} showCount rows={4} />);
    case 'swift':
      return item(ctx, spec, <Input maxLength={11} placeholder={t('form.swiftPlaceholder')} />, {
        normalize: upperCase,
      });
    default:
      return item(
        ctx,
        spec,
        <DatePicker className="publish-full" format={DATE_FORMAT} placeholder={t('form.datePlaceholder')} />,
        { getValueProps: toDate, normalize: fromDate },
      );
  }
}

// Numbers keep what was typed (no clamping, rounding or dropped letters): the schema says
// what is wrong next to the field. Amounts are decimal strings, grouped as the reader's
// language groups thousands; the others are JSON numbers once they are numbers.
function numberField(ctx: FieldContext, spec: FieldSpec): ReactNode {
  const { t, locale } = ctx;
  if (spec.widget === 'amount') {
    return item(
      ctx,
      spec,
      <NumberTextInput
        className="publish-full"
        valueAs="string"
        grouped
        locale={locale}
        placeholder={t('form.amountPlaceholder')}
      />,
    );
  }
  return item(
    ctx,
    spec,
    <NumberTextInput
      className="publish-full"
      valueAs="number"
      locale={locale}
      suffix={spec.unit ? t(`units.${spec.unit}`) : undefined}
    />,
    spec.name === 'participationRatio' ? { extra: t('form.participationRatioHint') } : {},
  );
}

/** Dictionary selects, countries and branches. */
function selectField(ctx: FieldContext, spec: FieldSpec): ReactNode {
  const { t, countries } = ctx;
  switch (spec.widget) {
    case 'select': {
      const current =
        spec.options === CURRENCIES ? (spec.name === 'currency' ? ctx.currency : ctx.financingCurrency) : undefined;
      return item(
        ctx,
        spec,
        <Select
          allowClear={!isFieldRequired(ctx.kind, spec.name, requiredContext(ctx))}
          placeholder={t('form.select')}
          options={dictOptions(spec.options ?? [], ctx.locale, current)}
          {...searchable}
        />,
      );
    }
    case 'country':
      return item(ctx, spec, <Select allowClear placeholder={t('form.search')} options={countries} {...searchable} />);
    case 'countries':
      return item(
        ctx,
        spec,
        <Select mode="multiple" allowClear placeholder={t('form.search')} options={countries} {...searchable} />,
      );
    default:
      return item(
        ctx,
        spec,
        <Select allowClear placeholder={t('form.select')} options={ctx.branches} {...searchable} />,
      );
  }
}

/** Yes or no, the direction and the risk preferences. */
function choiceField(ctx: FieldContext, spec: FieldSpec): ReactNode {
  const { t, locale, choice } = ctx;
  switch (spec.widget) {
    case 'yesNo':
      return item(
        ctx,
        spec,
        <Radio.Group
          options={YES_NO_OPTIONS.map((entry) => ({ value: entry.code, label: dictLabel(entry, locale) }))}
        />,
      );
    case 'direction':
      return item(
        ctx,
        spec,
        <Radio.Group
          disabled={Boolean(choice.direction)}
          options={DIRECTIONS.map((entry) => ({ value: entry.code, label: dictLabel(entry, locale) }))}
        />,
        choice.direction ? { extra: t('form.directionLocked') } : {},
      );
    default:
      return item(
        ctx,
        spec,
        <RiskPreferenceGroup
          label={ctx.label(spec.name)}
          options={riskPreferenceEntries(ctx.sub).map((entry) => ({
            value: entry.code,
            label: dictLabel(entry, locale),
          }))}
        />,
      );
  }
}

/** No limit, or the countries the request is limited to. */
function scopeField(ctx: FieldContext, spec: FieldSpec): ReactNode {
  const { t } = ctx;
  return (
    <div key={spec.name} className="publish-grid__wide publish-scope">
      {item(
        ctx,
        spec,
        <Radio.Group
          options={[
            { value: false, label: t('scope.noLimit') },
            { value: true, label: t('scope.limited') },
          ]}
        />,
        { className: undefined },
      )}
      {ctx.scopeLimited === true
        ? item(
            ctx,
            { name: 'scopeCountries', widget: 'countries' },
            <Select
              mode="multiple"
              allowClear
              placeholder={t('scope.countriesPlaceholder')}
              options={ctx.countries}
              {...searchable}
            />,
          )
        : null}
    </div>
  );
}

function attachmentsField(ctx: FieldContext, spec: FieldSpec): ReactNode {
  const { knownAttachments } = ctx;
  return item(
    ctx,
    spec,
    <AttachmentUpload
      {...(knownAttachments ? { known: knownAttachments } : {})}
      onBusyChange={ctx.onUploadBusyChange}
      maxFiles={COOPERATION_LIMITS.attachments}
    />,
    { extra: ctx.t('form.attachmentsHint') },
  );
}

const isHidden = (name: string, termType: unknown) =>
  (name === 'commonTerm' && termType !== 'COMMON') || (name === 'customTermDays' && termType !== 'CUSTOMIZED');

/** One field of the release form, drawn as its widget says (nothing for a term that does not apply). */
export function releaseField(ctx: FieldContext, spec: FieldSpec): ReactNode {
  if (isHidden(spec.name, ctx.termType)) return null;
  switch (spec.widget) {
    case 'text':
    case 'textarea':
    case 'swift':
    case 'date':
      return textField(ctx, spec);
    case 'amount':
    case 'integer':
    case 'decimal':
      return numberField(ctx, spec);
    case 'select':
    case 'country':
    case 'countries':
    case 'branch':
      return selectField(ctx, spec);
    case 'yesNo':
    case 'direction':
    case 'riskPreferences':
      return choiceField(ctx, spec);
    case 'scope':
      return scopeField(ctx, spec);
    case 'attachments':
      return attachmentsField(ctx, spec);
  }
}

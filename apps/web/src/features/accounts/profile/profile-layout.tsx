import { translate } from '@portal/shared';
import type { TProfile } from '@portal/shared/schemas/accounts';
import { Col, type FormInstance, type FormRule, Row } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { getLocale } from '../../../lib/i18n/locale.ts';
import type { Option, OptionGroup, TreeOption } from './profile-options.ts';

export const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/** The institution acted for is required when "acting on behalf" is on (ZRegisterRequest says so too). */
export const actingForRule: FormRule = (form) => ({
  validator: async (_rule, value) => {
    if (form.getFieldValue(['profile', 'actingOnBehalf']) && !String(value ?? '').trim()) {
      throw new Error(
        translate(getLocale(), 'errors.validation.required', {
          field: translate(getLocale(), 'errors.fields.actingForInstitution'),
        }),
      );
    }
  },
});

/** A titled group of fields in a two-column grid. */
export function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{title}</legend>
      {intro ? <p className="form-section__intro">{intro}</p> : null}
      <Row gutter={[24, 0]}>{children}</Row>
    </fieldset>
  );
}

export function Half({ children }: { children: ReactNode }) {
  return (
    <Col xs={24} md={12}>
      {children}
    </Col>
  );
}

export function Full({ children }: { children: ReactNode }) {
  return <Col span={24}>{children}</Col>;
}

export type ProfileField = keyof TProfile;

/** What every section needs: the form, the texts, and each field's name, label, rule and lock. */
export type ProfileKit = {
  form: FormInstance;
  t: TFunction<'accounts'>;
  label: (field: ProfileField) => string;
  rule: (field: ProfileField) => FormRule;
  off: (field: ProfileField) => boolean;
  name: (field: ProfileField) => string[];
  options: ProfileOptions;
};

/** The choices of the select fields, in the reader's language. */
export type ProfileOptions = {
  continents: Option[];
  allCountries: Option[];
  branches: OptionGroup[];
  types: Option[];
  tree: TreeOption[];
};

export const searchable = { showSearch: { optionFilterProp: 'label' as const } };

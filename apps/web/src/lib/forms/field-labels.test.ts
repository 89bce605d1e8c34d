/**
 * Issue 16: one dictionary of field names. The publish form, the detail page, the registration
 * and profile forms name a field from `errors.fields`, the entry the validation messages use, so
 * a field reads the same everywhere and "X is required" stands under the label "X", in both
 * languages.
 */
import { LOCALES, type Locale, resources } from '@portal/shared';
import { ZCheckEmailCodeRequest, ZProfileResubmitRequest } from '@portal/shared/schemas/accounts';
import { FORM_KINDS, RELEASE_FORM_SCHEMAS } from '@portal/shared/schemas/cooperation';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PROFILE_FIELD_PATHS } from '../../features/accounts/profile/profile-sections.ts';
import { sectionFields } from '../../features/cooperation/detail-fields.ts';
import { formSections } from '../../features/publish/release-fields.ts';
import { setLocale } from '../i18n/locale.ts';
import { fieldLabel } from './field-labels.ts';
import { checkWithSchema } from './schema-form.ts';

afterEach(async () => {
  await setLocale('en-US');
});

const DETAIL_SECTIONS = ['letterOfCredit', 'banks', 'cooperation', 'materials'] as const;

/** The field names each form shows, and the schema that checks it. */
const FORMS: { name: string; fields: string[]; schema: z.ZodType; empty: unknown }[] = [
  ...FORM_KINDS.map((kind) => ({
    name: `publish (${kind})`,
    fields: formSections(kind).flatMap((section) => section.fields.map((field) => field.name)),
    schema: RELEASE_FORM_SCHEMAS[kind] as z.ZodType,
    empty: {},
  })),
  {
    name: 'registration: e-mail step',
    fields: ['emailAdr', 'emailCode'],
    schema: ZCheckEmailCodeRequest,
    empty: {},
  },
  {
    name: 'profile (registration and user centre)',
    fields: PROFILE_FIELD_PATHS.map(([, field]) => field),
    schema: ZProfileResubmitRequest,
    empty: { profile: {} },
  },
];

const zhFields = resources['zh-CN'].errors.fields as Record<string, string>;
const enFields = resources['en-US'].errors.fields as Record<string, string>;

describe('the field names', () => {
  it.each(FORMS)('name every field of the $name form in both languages', ({ fields }) => {
    for (const name of fields) {
      expect(enFields[name], name).toBeTruthy();
      expect(zhFields[name], name).toBeTruthy();
    }
  });

  it('name every field of the detail page in both languages, as the publish form does', () => {
    const publishFields = new Set(
      FORM_KINDS.flatMap((kind) => formSections(kind).flatMap((s) => s.fields)).map((f) => f.name),
    );
    for (const kind of FORM_KINDS) {
      for (const section of DETAIL_SECTIONS) {
        for (const spec of sectionFields(section, kind)) {
          expect(enFields[spec.key], spec.key).toBeTruthy();
          expect(zhFields[spec.key], spec.key).toBeTruthy();
          // The detail page shows what the publish form takes (subTypeCode is chosen before the form).
          if (spec.key !== 'subTypeCode') expect(publishFields.has(spec.key), spec.key).toBe(true);
        }
      }
    }
  });

  it('are one set: no namespace keeps its own copy of the request fields', () => {
    for (const locale of LOCALES) {
      expect('fields' in resources[locale].publish).toBe(false);
      const detailOnly = Object.keys(resources[locale].cooperation.fields);
      expect(detailOnly.filter((key) => key in enFields)).toEqual([]);
      const accounts = Object.keys(resources[locale].accounts.fields);
      const profile = PROFILE_FIELD_PATHS.map(([, field]) => field as string);
      expect(accounts.filter((key) => profile.includes(key))).toEqual(
        // Still used by the user-centre pages and dialogs outside these forms.
        ['instNm', 'usrNm', 'phone', 'jobTitle', 'country'],
      );
      for (const key of ['instNm', 'usrNm', 'phone', 'jobTitle', 'country'] as const) {
        expect(resources[locale].accounts.fields[key], key).toBe(
          (resources[locale].errors.fields as Record<string, string>)[key],
        );
      }
    }
  });

  it('read the same in a form and on the detail page (no 综合报价 beside 综合价格)', async () => {
    await setLocale('zh-CN');
    expect(fieldLabel('price')).toBe('综合报价（年化%）');
    expect(fieldLabel('commodity')).toBe('货物名称');
    expect(fieldLabel('guaranteeDescription')).toBe('保函说明');
    await setLocale('en-US');
    expect(fieldLabel('instNm')).toBe('Institution name');
  });
});

describe.each(LOCALES)('validation messages in %s', (locale: Locale) => {
  it.each(FORMS)('name each field of the $name form by its label', async ({ fields, schema, empty }) => {
    await setLocale(locale);
    const check = checkWithSchema(schema, empty);
    expect(check.success).toBe(false);
    let named = 0;
    for (const error of check.errors) {
      const field = String(error.name[error.name.length - 1]);
      if (!fields.includes(field)) continue;
      named += 1;
      const label = fieldLabel(field);
      expect(label, field).not.toBe(field);
      for (const message of error.errors) expect(message, field).toContain(label);
    }
    // Every empty form has required fields that were checked.
    expect(named).toBeGreaterThan(0);
  });

  it('say "Institution name is required" under "Institution name"', async () => {
    await setLocale(locale);
    const check = checkWithSchema(ZProfileResubmitRequest, { profile: { instNm: '' } });
    const instNm = check.errors.find((error) => error.name.join('.') === 'profile.instNm');
    expect(instNm?.errors[0]).toBe(locale === 'en-US' ? 'Institution name is required.' : '机构名称不能为空。');
  });
});

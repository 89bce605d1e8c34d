import '../accounts.css';
import { translate } from '@portal/shared';
import { BRANCH_TYPES, type TProfile, USER_ROLES } from '@portal/shared/schemas/accounts';
import type { TFileInfo } from '@portal/shared/schemas/files';
import {
  Alert,
  Col,
  Form,
  type FormInstance,
  type FormRule,
  Input,
  Radio,
  Row,
  Select,
  Switch,
  TreeSelect,
} from 'antd';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFieldLabel } from '../../../lib/forms/field-labels.ts';
import { schemaRule } from '../../../lib/forms/schema-form.ts';
import { getLocale } from '../../../lib/i18n/locale.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { AttachmentUpload } from '../../files/AttachmentUpload.tsx';
import type { RegistrantProof } from '../../files/files-api.ts';
import {
  branchOptionGroups,
  continentOf,
  continentOptions,
  cooperationTree,
  cooperationTypeOptions,
  countryOptions,
} from './profile-options.ts';

export type ProfileFormValues = { profile?: Partial<TProfile> };

/** The introduction attachments field's context: names of saved files; a registering visitor's proof. */
export type ProfileAttachments = {
  known?: readonly TFileInfo[];
  /** Only while registering (no session yet): the verified address and its code. */
  registrant?: () => RegistrantProof | null;
};

type ProfileField = keyof TProfile;

const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/** The institution acted for is required when "acting on behalf" is on (ZRegisterRequest says so too). */
const actingForRule: FormRule = (form) => ({
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

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{title}</legend>
      {intro ? <p className="form-section__intro">{intro}</p> : null}
      <Row gutter={[24, 0]}>{children}</Row>
    </fieldset>
  );
}

function Half({ children }: { children: ReactNode }) {
  return (
    <Col xs={24} md={12}>
      {children}
    </Col>
  );
}

function Full({ children }: { children: ReactNode }) {
  return <Col span={24}>{children}</Col>;
}

/**
 * The profile of SPEC §3 in groups: institution, the person, location, contacts with the bank,
 * cooperation interests. Field names are `['profile', field]`, validated live against `schema`
 * (the request that carries the profile: registration or profile update). `locked` fields are
 * shown read-only with a note: the bank-managed fields of an account that may be active, which
 * change only through the bank (the server refuses a changed one).
 */
export function ProfileFields({
  form,
  schema,
  attachments,
  locked,
}: {
  form: FormInstance;
  schema: z.ZodType;
  attachments?: ProfileAttachments;
  locked?: ReadonlySet<ProfileField>;
}) {
  const { t } = useTranslation('accounts');
  // Field names from the one dictionary the validation messages use too ("Institution name is required").
  const label = useFieldLabel();
  // The form waits for uploads still running (their ids are not in the value yet).
  const uploading = useRef(false);
  const onUploadingChange = useCallback((busy: boolean) => {
    uploading.current = busy;
  }, []);
  const uploadsDone: FormRule = useMemo(
    () => ({
      validator: async () => {
        if (uploading.current) throw new Error(t('attachments.uploading'));
      },
    }),
    [t],
  );
  const { locale } = useLocale();
  const continent = Form.useWatch<string | undefined>(['profile', 'continent'], form);
  const actingOnBehalf = Form.useWatch<boolean | undefined>(['profile', 'actingOnBehalf'], form);

  const options = useMemo(
    () => ({
      continents: continentOptions(locale),
      allCountries: countryOptions(locale),
      branches: branchOptionGroups(locale, {
        overseas: t('profile.branchGroups.overseas'),
        domestic: t('profile.branchGroups.domestic'),
      }),
      types: cooperationTypeOptions(locale),
      tree: cooperationTree(locale),
    }),
    [locale, t],
  );
  const countries = useMemo(
    () => (continent ? countryOptions(locale, continent) : options.allCountries),
    [continent, locale, options.allCountries],
  );

  const rule = (field: ProfileField) => schemaRule(schema, ['profile', field]);
  const off = (field: ProfileField) => locked?.has(field) ?? false;
  const name = (field: ProfileField) => ['profile', field];
  const searchable = { showSearch: { optionFilterProp: 'label' as const } };

  return (
    <div className="profile-fields">
      {locked?.size ? (
        <Alert className="profile-fields__locked" type="info" showIcon title={t('userCenter.bankManaged')} />
      ) : null}
      <Section title={t('profile.sections.institution')} intro={t('profile.intros.institution')}>
        <Half>
          <Form.Item name={name('instNm')} label={label('instNm')} required rules={[rule('instNm')]}>
            <Input maxLength={100} autoComplete="organization" disabled={off('instNm')} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item
            name={name('instSwiftCode')}
            label={label('instSwiftCode')}
            required
            rules={[rule('instSwiftCode')]}
            normalize={upperCase}
            extra={t('profile.hints.swift')}
          >
            <Input maxLength={11} spellCheck={false} autoComplete="off" disabled={off('instSwiftCode')} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item name={name('branchType')} label={label('branchType')} required rules={[rule('branchType')]}>
            <Select
              disabled={off('branchType')}
              placeholder={t('profile.choose')}
              options={BRANCH_TYPES.map((value) => ({ value, label: t(`profile.branchTypes.${value}`) }))}
            />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item name={name('branchName')} label={label('branchName')} rules={[rule('branchName')]}>
            <Input maxLength={100} disabled={off('branchName')} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item
            name={name('branchSwiftCode')}
            label={label('branchSwiftCode')}
            rules={[rule('branchSwiftCode')]}
            normalize={upperCase}
          >
            <Input maxLength={11} spellCheck={false} autoComplete="off" disabled={off('branchSwiftCode')} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item
            name={name('branchRegistrationPlace')}
            label={label('branchRegistrationPlace')}
            rules={[rule('branchRegistrationPlace')]}
          >
            <Select
              {...searchable}
              disabled={off('branchRegistrationPlace')}
              allowClear
              placeholder={t('profile.choose')}
              options={options.allCountries}
            />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item
            name={name('headOfficeEmployee')}
            label={label('headOfficeEmployee')}
            valuePropName="checked"
            extra={t('profile.hints.headOfficeEmployee')}
          >
            <Switch disabled={off('headOfficeEmployee')} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item
            name={name('actingOnBehalf')}
            label={label('actingOnBehalf')}
            valuePropName="checked"
            extra={t('profile.hints.actingOnBehalf')}
          >
            <Switch disabled={off('actingOnBehalf')} />
          </Form.Item>
        </Half>
        {actingOnBehalf ? (
          <Full>
            <Form.Item
              name={name('actingForInstitution')}
              label={label('actingForInstitution')}
              required
              dependencies={[name('actingOnBehalf')]}
              rules={[rule('actingForInstitution'), actingForRule]}
            >
              <Input maxLength={100} disabled={off('actingForInstitution')} />
            </Form.Item>
          </Full>
        ) : null}
      </Section>

      <Section title={t('profile.sections.person')}>
        <Half>
          <Form.Item name={name('usrNm')} label={label('usrNm')} required rules={[rule('usrNm')]}>
            <Input maxLength={50} autoComplete="name" />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item name={name('jobTitle')} label={label('jobTitle')} required rules={[rule('jobTitle')]}>
            <Input maxLength={50} autoComplete="organization-title" />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item name={name('department')} label={label('department')} rules={[rule('department')]}>
            <Input maxLength={50} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item
            name={name('phone')}
            label={label('phone')}
            required
            rules={[rule('phone')]}
            extra={t('profile.hints.phone')}
          >
            <Input maxLength={30} type="tel" autoComplete="tel" inputMode="tel" />
          </Form.Item>
        </Half>
        <Full>
          <Form.Item name={name('userRole')} label={label('userRole')} required rules={[rule('userRole')]}>
            <Radio.Group className="role-choice" disabled={off('userRole')}>
              {USER_ROLES.map((role) => (
                <Radio key={role} value={role} className="role-choice__option">
                  <span className="role-choice__label">{t(`profile.userRoles.${role}`)}</span>
                  <span className="role-choice__text">{t(`profile.userRoleHints.${role}`)}</span>
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </Full>
      </Section>

      <Section title={t('profile.sections.location')}>
        <Half>
          <Form.Item name={name('continent')} label={label('continent')} required rules={[rule('continent')]}>
            <Select
              disabled={off('continent')}
              placeholder={t('profile.choose')}
              options={options.continents}
              onChange={(value: string) => {
                const country = form.getFieldValue(name('country')) as string | undefined;
                if (country && continentOf(country) !== value) form.setFieldValue(name('country'), undefined);
              }}
            />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item name={name('country')} label={label('country')} required rules={[rule('country')]}>
            <Select
              {...searchable}
              disabled={off('country')}
              placeholder={t('profile.chooseOrType')}
              options={countries}
              onChange={(value: string) => {
                const of = continentOf(value);
                if (of && of !== form.getFieldValue(name('continent'))) {
                  form.setFields([{ name: name('continent'), value: of, errors: [] }]);
                }
              }}
            />
          </Form.Item>
        </Half>
        <Full>
          <Form.Item
            name={name('officeAddress')}
            label={label('officeAddress')}
            required
            rules={[rule('officeAddress')]}
          >
            <Input maxLength={100} autoComplete="street-address" />
          </Form.Item>
        </Full>
      </Section>

      <Section title={t('profile.sections.contacts')} intro={t('profile.intros.contacts')}>
        <Half>
          <Form.Item
            name={name('mainContactBranch')}
            label={label('mainContactBranch')}
            rules={[rule('mainContactBranch')]}
          >
            <Select {...searchable} allowClear placeholder={t('profile.choose')} options={options.branches} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item
            name={name('usualContactBranches')}
            label={label('usualContactBranches')}
            rules={[rule('usualContactBranches')]}
          >
            <Select
              {...searchable}
              mode="multiple"
              allowClear
              placeholder={t('profile.chooseSeveral')}
              options={options.branches}
            />
          </Form.Item>
        </Half>
      </Section>

      <Section title={t('profile.sections.cooperation')} intro={t('profile.intros.cooperation')}>
        <Full>
          <Form.Item
            name={name('releaseInfoTypes')}
            label={label('releaseInfoTypes')}
            required
            rules={[rule('releaseInfoTypes')]}
          >
            <Select
              {...searchable}
              mode="multiple"
              allowClear
              placeholder={t('profile.chooseSeveral')}
              options={options.types}
            />
          </Form.Item>
        </Full>
        <Full>
          <Form.Item
            name={name('interestedTypes')}
            label={label('interestedTypes')}
            required
            rules={[rule('interestedTypes')]}
            extra={t('profile.hints.interestedTypes')}
          >
            <TreeSelect
              treeData={options.tree}
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_CHILD}
              allowClear
              showSearch={{ treeNodeFilterProp: 'title' }}
              placeholder={t('profile.chooseSeveral')}
              maxTagCount="responsive"
            />
          </Form.Item>
        </Full>
        <Full>
          <Form.Item name={name('businessScope')} label={label('businessScope')} rules={[rule('businessScope')]}>
            <Input.TextArea maxLength={500} showCount rows={4} />
          </Form.Item>
        </Full>
        <Full>
          <Form.Item
            name={name('introAttachments')}
            label={label('introAttachments')}
            rules={[rule('introAttachments'), uploadsDone]}
            extra={t('attachments.hint')}
          >
            <AttachmentUpload
              {...(attachments?.known ? { known: attachments.known } : {})}
              {...(attachments?.registrant ? { registrant: attachments.registrant } : {})}
              onBusyChange={onUploadingChange}
            />
          </Form.Item>
        </Full>
      </Section>
    </div>
  );
}

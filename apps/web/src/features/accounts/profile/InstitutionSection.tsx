import { BRANCH_TYPES } from '@portal/shared/schemas/accounts';
import { Form, Input, Select, Switch } from 'antd';
import { actingForRule, Full, Half, type ProfileKit, Section, searchable, upperCase } from './profile-layout.tsx';

/** The institution: name, SWIFT codes, branch, and whom the account acts for. */
export function InstitutionSection({ kit, actingOnBehalf }: { kit: ProfileKit; actingOnBehalf: boolean | undefined }) {
  const { t, label, rule, off, name } = kit;
  return (
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
      <BranchFields kit={kit} />
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
  );
}

/** The branch: its type, name, SWIFT code and where it is registered. */
function BranchFields({ kit }: { kit: ProfileKit }) {
  const { t, label, rule, off, name, options } = kit;
  return (
    <>
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
    </>
  );
}

import { USER_ROLES } from '@portal/shared/schemas/accounts';
import { Form, type FormRule, Input, Radio, Select, TreeSelect } from 'antd';
import { AttachmentUpload } from '../../files/AttachmentUpload.tsx';
import type { ProfileAttachments } from './ProfileFields.tsx';
import { Full, Half, type ProfileKit, Section, searchable } from './profile-layout.tsx';
import { continentOf, type Option } from './profile-options.ts';

/** The person: name, job, department, phone and role. */
export function PersonSection({ kit }: { kit: ProfileKit }) {
  const { t, label, rule, off, name } = kit;
  return (
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
  );
}

/** Where the institution is: a chosen country sets its continent, and a changed continent clears a country outside it. */
export function LocationSection({ kit, countries }: { kit: ProfileKit; countries: Option[] }) {
  const { form, t, label, rule, off, name, options } = kit;
  return (
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
        <Form.Item name={name('officeAddress')} label={label('officeAddress')} required rules={[rule('officeAddress')]}>
          <Input maxLength={100} autoComplete="street-address" />
        </Form.Item>
      </Full>
    </Section>
  );
}

/** The bank's branches the institution deals with. */
export function ContactsSection({ kit }: { kit: ProfileKit }) {
  const { t, label, rule, name, options } = kit;
  return (
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
  );
}

/** What the institution publishes and looks for, its business and introduction files. */
export function CooperationSection({
  kit,
  uploadsDone,
  onUploadingChange,
  attachments,
}: {
  kit: ProfileKit;
  uploadsDone: FormRule;
  onUploadingChange: (busy: boolean) => void;
  attachments?: ProfileAttachments;
}) {
  const { t, label, rule, name } = kit;
  return (
    <Section title={t('profile.sections.cooperation')} intro={t('profile.intros.cooperation')}>
      <TypeFields kit={kit} />
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
  );
}

/** The types the institution publishes and those it looks for. */
function TypeFields({ kit }: { kit: ProfileKit }) {
  const { t, label, rule, name, options } = kit;
  return (
    <>
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
    </>
  );
}

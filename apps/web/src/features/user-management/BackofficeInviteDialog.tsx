import './user-management.css';
import { ZBackofficeInviteRequest } from '@portal/shared/schemas/user-management';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { branchOptionGroups, countryOptions } from '../accounts/profile/profile-options.ts';
import { fetchInstitutions, inviteFromBackoffice, userManagementKeys } from './user-management-api.ts';

type Kind = 'staff' | 'institutionAdmin';
type Values = {
  kind: Kind;
  emailAdr?: string;
  usrNm?: string;
  country?: string;
  mainContactBranch?: string;
  institution?: string;
};

/** Only the fields of the chosen kind go to the server (its schema refuses the others). */
export function inviteBody(values: Record<string, unknown>) {
  const { kind, emailAdr, usrNm, country, mainContactBranch, institution } = values as Values;
  const person = { kind, emailAdr, usrNm, country };
  return kind === 'staff' ? { ...person, mainContactBranch } : { ...person, institution };
}

/** The active partner institutions matching what was typed in the institution's field. */
function useInstitutionOptions(kind: Kind) {
  const [search, setSearch] = useState('');

  const institutions = useQuery({
    queryKey: userManagementKeys.institutions({ q: search, status: 'active', pageNo: 1, pageSize: 50 }),
    queryFn: ({ signal }) => fetchInstitutions({ q: search, status: 'active', pageNo: 1, pageSize: 50 }, signal),
    enabled: kind === 'institutionAdmin',
  });
  const institutionOptions = (institutions.data?.list ?? [])
    .filter((inst) => inst.kind === 'partner')
    .map((inst) => ({ value: inst.lgcSn, label: inst.swiftCode ? `${inst.name} (${inst.swiftCode})` : inst.name }));
  return { institutions, institutionOptions, setSearch };
}

/** The invitation's form, its option lists and sending it. */
function useBackofficeInvite(onInvited: (invitee: { emailAdr: string; usrNm: string }) => void) {
  const { t } = useTranslation('users');
  useReturnFocus();
  const { locale } = useLocale();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'staff';
  const institutions = useInstitutionOptions(kind);
  const branches = useMemo(
    () => branchOptionGroups(locale, { overseas: t('roles.overseas'), domestic: t('roles.domestic') }),
    [locale, t],
  );
  const countries = useMemo(() => countryOptions(locale), [locale]);

  const { submit, saving } = useSchemaSubmit(
    form,
    ZBackofficeInviteRequest,
    async (body) => {
      await inviteFromBackoffice(body);
      onInvited({ emailAdr: body.emailAdr, usrNm: body.usrNm });
    },
    {
      prepare: inviteBody,
      onApiError: (error) => {
        if (error.code === 'PRT_USER_EXISTS') form.setFields([{ name: 'emailAdr', errors: [error.message] }]);
      },
    },
  );

  return { t, form, kind, ...institutions, branches, countries, submit, saving };
}

/**
 * The system administrator's invitation (back office): in-bank staff, who get the back office
 * (role 50) and serve the seal queue of the branch chosen here, or the administrator of a
 * partner institution of institution management (role 20).
 */
export function BackofficeInviteDialog({
  onClose,
  onInvited,
}: {
  onClose: () => void;
  onInvited: (invitee: { emailAdr: string; usrNm: string }) => void;
}) {
  const invite = useBackofficeInvite(onInvited);
  const { t, form, kind, countries, submit } = invite;
  return (
    <FormDialog
      title={t('backofficeInvite.title')}
      okText={t('invite.submit')}
      cancelText={t('actions.cancel')}
      saving={invite.saving}
      onOk={() => void submit()}
      onClose={onClose}
      width={560}
    >
      <p className="confirm-dialog__text">{t(`backofficeInvite.intro.${kind}`)}</p>
      <Form<Values>
        form={form}
        layout="vertical"
        name="backofficeInvite"
        initialValues={{ kind: 'staff' }}
        onFinish={() => void submit()}
      >
        <Form.Item name="kind" label={t('backofficeInvite.kind')}>
          <Radio.Group
            options={[
              { value: 'staff', label: t('backofficeInvite.kinds.staff') },
              { value: 'institutionAdmin', label: t('backofficeInvite.kinds.institutionAdmin') },
            ]}
          />
        </Form.Item>
        <Form.Item name="emailAdr" label={t('fields.emailAdr')} required>
          <Input type="email" autoComplete="off" maxLength={254} />
        </Form.Item>
        <Form.Item name="usrNm" label={t('fields.usrNm')} required>
          <Input autoComplete="off" maxLength={50} />
        </Form.Item>
        <Form.Item name="country" label={t('fields.country')} required extra={t('invite.countryHint')}>
          <Select
            options={countries}
            placeholder={t('invite.countryPlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <KindFields invite={invite} />
        <button type="submit" hidden />
      </Form>
    </FormDialog>
  );
}

/** Staff serve the seal queue of a branch; an institution's administrator belongs to a partner institution. */
function KindFields({ invite }: { invite: ReturnType<typeof useBackofficeInvite> }) {
  const { t, kind, branches, institutions, institutionOptions, setSearch } = invite;
  return kind === 'staff' ? (
    <Form.Item name="mainContactBranch" label={t('roles.branch')} required extra={t('roles.branchHint')}>
      <Select options={branches} showSearch={{ optionFilterProp: 'label' }} />
    </Form.Item>
  ) : (
    <Form.Item name="institution" label={t('backofficeInvite.institution')} required>
      <Select
        options={institutionOptions}
        loading={institutions.isFetching}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        placeholder={t('backofficeInvite.institutionPlaceholder')}
      />
    </Form.Item>
  );
}

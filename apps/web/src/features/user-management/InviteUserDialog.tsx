import './user-management.css';
import { dictName } from '@portal/shared/dictionaries';
import { ZInviteRequest } from '@portal/shared/schemas/user-management';
import { Alert, Form, Input, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { schemaRule } from '../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { countryOptions, type Option, type OptionGroup } from '../accounts/profile/profile-options.ts';
import { inviteUser } from './user-management-api.ts';

type Values = { emailAdr?: string; usrNm?: string; country?: string };

/**
 * The country choices of an invitation: for a partner institution whose region is known, the
 * countries of that region first (only those are accepted), the others after.
 */
export function inviteCountryOptions(
  locale: Parameters<typeof countryOptions>[0],
  region: string | null,
  labels: { region: string; others: string },
): (Option | OptionGroup)[] {
  if (!region) return countryOptions(locale);
  const inRegion = countryOptions(locale, region);
  const codes = new Set(inRegion.map((option) => option.value));
  return [
    { label: labels.region, options: inRegion },
    { label: labels.others, options: countryOptions(locale).filter((option) => !codes.has(option.value)) },
  ];
}

type InviteProps = {
  region: string | null;
  anywhere: boolean;
  institution: string | null;
  onClose: () => void;
  onInvited: (invitee: { emailAdr: string; usrNm: string }) => void;
};

/** The invitation's form, its country choices, the region rule it states and sending it. */
function useInviteUser({ region, anywhere, onInvited }: InviteProps) {
  const { t } = useTranslation('users');
  // Its page mounts it to open and unmounts it to close: the focus goes back to the opener.
  useReturnFocus();
  const { locale } = useLocale();
  const [form] = Form.useForm<Values>();
  const regionName = region ? dictName('continents', region, locale) : '';
  const limitedRegion = anywhere ? null : region;

  const options = useMemo(
    () =>
      inviteCountryOptions(locale, limitedRegion, {
        region: t('invite.countriesInRegion', { region: regionName }),
        others: t('invite.countriesElsewhere'),
      }),
    [locale, limitedRegion, regionName, t],
  );

  const { submit, saving } = useSchemaSubmit(
    form,
    ZInviteRequest,
    async (body) => {
      await inviteUser(body);
      onInvited({ emailAdr: body.emailAdr, usrNm: body.usrNm });
    },
    {
      onApiError: (error) => {
        if (error.code === 'PRT_USER_EXISTS' || error.code === 'PRT_EMAIL_EXISTS')
          form.setFields([{ name: 'emailAdr', errors: [error.message] }]);
        if (error.code === 'PRT_INVITE_SAME_REGION_ONLY')
          form.setFields([{ name: 'country', errors: [error.message] }]);
      },
    },
  );

  const rule = anywhere
    ? t('invite.ruleAnywhere')
    : region
      ? t('invite.ruleRegion', { region: regionName })
      : t('invite.ruleRegionUnknown');

  return { t, form, options, submit, saving, rule };
}

/**
 * Invites a general user into the administrator's institution: e-mail, name and where they work.
 * The invitee gets an e-mail with a link to set a password (valid 7 days). A partner
 * institution may invite only people in its own region (SPEC §6); `region` is the continent
 * code of the institution, when known, or null; `anywhere` is true for the bank itself.
 */
export function InviteUserDialog(props: InviteProps) {
  const { institution, onClose } = props;
  const { t, form, options, submit, saving, rule } = useInviteUser(props);
  return (
    <FormDialog
      title={t('invite.title')}
      okText={t('invite.submit')}
      cancelText={t('actions.cancel')}
      saving={saving}
      onOk={() => void submit()}
      onClose={onClose}
      width={560}
    >
      <p className="confirm-dialog__text">
        {institution ? t('invite.intro', { institution }) : t('invite.introNoInstitution')}
      </p>
      <Alert className="invite-dialog__rule" type="info" showIcon title={rule} />
      <Form<Values> form={form} layout="vertical" name="inviteUser" onFinish={() => void submit()}>
        <InviteFields t={t} options={options} />
        <button type="submit" hidden />
      </Form>
    </FormDialog>
  );
}

/** E-mail, name and the country where the invitee works. */
function InviteFields({ t, options }: { t: TFunction<'users'>; options: (Option | OptionGroup)[] }) {
  return (
    <>
      <Form.Item name="emailAdr" label={t('fields.emailAdr')} required rules={[schemaRule(ZInviteRequest, 'emailAdr')]}>
        <Input type="email" autoComplete="off" maxLength={254} autoFocus />
      </Form.Item>
      <Form.Item name="usrNm" label={t('fields.usrNm')} required rules={[schemaRule(ZInviteRequest, 'usrNm')]}>
        <Input autoComplete="off" maxLength={50} />
      </Form.Item>
      <Form.Item
        name="country"
        label={t('fields.country')}
        required
        rules={[schemaRule(ZInviteRequest, 'country')]}
        extra={t('invite.countryHint')}
      >
        <Select
          options={options}
          placeholder={t('invite.countryPlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
        />
      </Form.Item>
    </>
  );
}

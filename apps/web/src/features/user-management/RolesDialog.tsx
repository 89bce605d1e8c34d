import { ZRoleChangeRequest } from '@portal/shared/schemas/user-management';
import { Alert, Checkbox, Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { branchOptionGroups } from '../accounts/profile/profile-options.ts';
import { changeUserRoles, type ManagedUser } from './user-management-api.ts';

type Values = { rlTpcd: string[]; mainContactBranch?: string };
const ASSIGNABLE = ['10', '20', '50'] as const;
const ROLE_KEY = { '10': 'general', '20': 'institutionAdmin', '50': 'bankStaff' } as const;

/** The request of the dialog: the branch only goes with role 50. */
export function rolesBody(values: Record<string, unknown>) {
  const { rlTpcd = [], mainContactBranch } = values as Partial<Values>;
  return rlTpcd.includes('50') && mainContactBranch ? { rlTpcd, mainContactBranch } : { rlTpcd };
}

type RolesDialogProps = { user: ManagedUser; onClose: () => void; onChanged: () => void };

/**
 * Bank staff set a user's roles (back office): general user, institution administrator, bank
 * staff with the branch whose seal queue they serve. The change logs the user out.
 */
export function RolesDialog({ user, onClose, onChanged }: RolesDialogProps) {
  const { t } = useTranslation('users');
  const { t: tAccounts } = useTranslation('accounts');
  useReturnFocus();
  const { locale } = useLocale();
  const [form] = Form.useForm<Values>();
  const roles = Form.useWatch('rlTpcd', form) ?? user.rlTpcd;
  const branches = useMemo(
    () => branchOptionGroups(locale, { overseas: t('roles.overseas'), domestic: t('roles.domestic') }),
    [locale, t],
  );
  const { submit, saving } = useSchemaSubmit(
    form,
    ZRoleChangeRequest,
    async (body) => {
      await changeUserRoles(user.lgcSn, body);
      onChanged();
    },
    { prepare: rolesBody },
  );

  return (
    <FormDialog
      title={t('roles.title', { name: user.usrNm })}
      okText={t('roles.submit')}
      cancelText={t('actions.cancel')}
      saving={saving}
      onOk={() => void submit()}
      onClose={onClose}
    >
      <Alert type="info" showIcon title={t('roles.sessionsEnd')} />
      <Form<Values>
        form={form}
        layout="vertical"
        name="userRoles"
        initialValues={{
          rlTpcd: user.rlTpcd.filter((code) => (ASSIGNABLE as readonly string[]).includes(code)),
          ...(user.mainContactBranch ? { mainContactBranch: user.mainContactBranch } : {}),
        }}
        onFinish={() => void submit()}
      >
        <Form.Item name="rlTpcd" label={t('columns.roles')}>
          <Checkbox.Group
            options={ASSIGNABLE.map((code) => ({ value: code, label: tAccounts(`roles.${ROLE_KEY[code]}`) }))}
          />
        </Form.Item>
        {roles.includes('50') ? (
          <Form.Item name="mainContactBranch" label={t('roles.branch')} extra={t('roles.branchHint')}>
            <Select options={branches} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        ) : null}
        <button type="submit" hidden />
      </Form>
    </FormDialog>
  );
}

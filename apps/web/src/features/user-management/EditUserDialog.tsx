import { ZInstitutionUserUpdate } from '@portal/shared/schemas/user-management';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { schemaRule } from '../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { type ManagedUser, updateInstitutionUser } from './user-management-api.ts';

type Values = { usrNm?: string; phone?: string; jobTitle?: string };

/**
 * The job title of a listed user, or null when the list does not carry it (the contract's
 * ZManagedUser has no job title yet; the update replaces it all the same).
 */

type EditUserDialogProps = { user: ManagedUser; onClose: () => void; onSaved: () => void };

/** Changes a user of the administrator's institution: name, phone, job title. */
export function EditUserDialog({ user, onClose, onSaved }: EditUserDialogProps) {
  const { t } = useTranslation('users');
  // Its page mounts it to open and unmounts it to close: the focus goes back to the opener.
  useReturnFocus();
  const [form] = Form.useForm<Values>();
  const jobTitle = user.jobTitle;
  const { submit, saving } = useSchemaSubmit(form, ZInstitutionUserUpdate, async (body) => {
    await updateInstitutionUser(user.lgcSn, body);
    onSaved();
  });

  return (
    <FormDialog
      title={t('edit.title', { name: user.usrNm })}
      okText={t('edit.submit')}
      cancelText={t('actions.cancel')}
      saving={saving}
      onOk={() => void submit()}
      onClose={onClose}
      width={520}
    >
      <p className="confirm-dialog__text">{t('edit.intro', { email: user.emailAdr })}</p>
      <Form<Values>
        form={form}
        layout="vertical"
        name="editInstitutionUser"
        initialValues={{ usrNm: user.usrNm, phone: user.phone ?? '', jobTitle: jobTitle ?? '' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="usrNm"
          label={t('fields.usrNm')}
          required
          rules={[schemaRule(ZInstitutionUserUpdate, 'usrNm')]}
        >
          <Input maxLength={50} autoFocus />
        </Form.Item>
        <Form.Item name="phone" label={t('fields.phone')} rules={[schemaRule(ZInstitutionUserUpdate, 'phone')]}>
          <Input type="tel" maxLength={30} />
        </Form.Item>
        <Form.Item
          name="jobTitle"
          label={t('fields.jobTitle')}
          rules={[schemaRule(ZInstitutionUserUpdate, 'jobTitle')]}
          extra={t('edit.jobTitleHint')}
        >
          <Input maxLength={50} />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </FormDialog>
  );
}

import {
  bankManagedProfileFields,
  type TProfile,
  type TUserInfo,
  ZProfileResubmitRequest,
  ZProfileUpdateRequest,
} from '@portal/shared/schemas/accounts';
import type { TFileInfo } from '@portal/shared/schemas/files';
import { Button, Form } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaSubmit } from '../../../lib/forms/useSchemaSubmit.ts';
import { type ProfileChange, saveProfile } from '../accounts-api.ts';
import { useUnsavedChanges } from '../useUnsavedChanges.ts';
import { ProfileFields, type ProfileFormValues } from './ProfileFields.tsx';

type ProfileEditorProps = {
  change: ProfileChange;
  /** The account's role codes: a bank staff account's branch is bank-managed too. */
  roleCodes?: readonly string[];
  profile: Partial<TProfile>;
  /** Names and sizes of the profile's introduction attachments. */
  attachments?: readonly TFileInfo[];
  submitLabel: string;
  onSaved: (user: TUserInfo) => void;
  onCancel?: () => void;
};

/** The bank-managed fields the account has: read-only, except when refilling after review. */
function lockedFields(change: ProfileChange, roleCodes: readonly string[], profile: Partial<TProfile>) {
  return new Set<keyof TProfile>(
    change === 'improve'
      ? []
      : bankManagedProfileFields(roleCodes).filter((field) => profile[field] !== undefined && profile[field] !== null),
  );
}

/**
 * The profile form, prefilled, that saves through improve/info (refill after review),
 * completeInfo (complete an invited profile) or updateUserInfo (user centre). Asks before the
 * user leaves with unsaved changes. Except when refilling after review, the bank-managed fields
 * the account has (institution, continent, country, role, branch, acting for) are read-only and
 * sent back unchanged: they change only through the bank.
 */
export function ProfileEditor({
  change,
  profile,
  attachments,
  submitLabel,
  onSaved,
  onCancel,
  roleCodes = [],
}: ProfileEditorProps) {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<ProfileFormValues>();
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const schema = change === 'improve' ? ZProfileResubmitRequest : ZProfileUpdateRequest;
  const locked = useMemo(() => lockedFields(change, roleCodes, profile), [change, profile, roleCodes]);

  const { submit, saving } = useSchemaSubmit(
    form,
    schema,
    async (body) => {
      const user = await saveProfile(change, body.profile);
      setDirty(false);
      unsaved.allowLeave();
      onSaved(user);
    },
    { checkRules: true },
  );

  return (
    <Form<ProfileFormValues>
      form={form}
      name={`profile-${change}`}
      layout="vertical"
      initialValues={{ profile: { headOfficeEmployee: false, actingOnBehalf: false, ...profile } }}
      onValuesChange={() => {
        if (!dirty) setDirty(true);
      }}
      onFinish={submit}
      scrollToFirstError={{ block: 'center', focus: true }}
      className="profile-editor"
    >
      {unsaved.holder}
      <ProfileFields form={form} schema={schema} locked={locked} attachments={{ known: attachments ?? [] }} />
      <div className="form-actions">
        {onCancel ? <Button onClick={() => unsaved.confirmDiscard(onCancel)}>{t('profile.cancel')}</Button> : null}
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

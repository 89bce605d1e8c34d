import type { Locale } from '@portal/shared';
import '../accounts.css';
import type { TProfile } from '@portal/shared/schemas/accounts';
import type { TFileInfo } from '@portal/shared/schemas/files';
import { Alert, Form, type FormInstance, type FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFieldLabel } from '../../../lib/forms/field-labels.ts';
import { schemaRule } from '../../../lib/forms/schema-form.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import type { RegistrantProof } from '../../files/files-api.ts';
import { InstitutionSection } from './InstitutionSection.tsx';
import { ContactsSection, CooperationSection, LocationSection, PersonSection } from './ProfileSections.tsx';
import type { ProfileField, ProfileKit } from './profile-layout.tsx';
import {
  branchOptionGroups,
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

/** The form waits for uploads still running (their ids are not in the value yet). */
function useUploadsGate(t: TFunction<'accounts'>) {
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
  return { uploadsDone, onUploadingChange };
}

/** The choices of the profile's lists in the current language. */
function useProfileOptions(locale: Locale, t: TFunction<'accounts'>) {
  return useMemo(
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
  const { uploadsDone, onUploadingChange } = useUploadsGate(t);
  const { locale } = useLocale();
  const continent = Form.useWatch<string | undefined>(['profile', 'continent'], form);
  const actingOnBehalf = Form.useWatch<boolean | undefined>(['profile', 'actingOnBehalf'], form);

  const options = useProfileOptions(locale, t);
  const countries = useMemo(
    () => (continent ? countryOptions(locale, continent) : options.allCountries),
    [continent, locale, options.allCountries],
  );

  const kit: ProfileKit = {
    form,
    t,
    label,
    rule: (field) => schemaRule(schema, ['profile', field]),
    off: (field) => locked?.has(field) ?? false,
    name: (field) => ['profile', field],
    options,
  };

  return (
    <div className="profile-fields">
      {locked?.size ? (
        <Alert className="profile-fields__locked" type="info" showIcon title={t('userCenter.bankManaged')} />
      ) : null}
      <InstitutionSection kit={kit} actingOnBehalf={actingOnBehalf} />
      <PersonSection kit={kit} />
      <LocationSection kit={kit} countries={countries} />
      <ContactsSection kit={kit} />
      <CooperationSection
        kit={kit}
        uploadsDone={uploadsDone}
        onUploadingChange={onUploadingChange}
        attachments={attachments}
      />
    </div>
  );
}

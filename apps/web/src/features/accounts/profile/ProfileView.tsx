import '../../../components/typography.css';
import '../accounts.css';
import type { Locale } from '@portal/shared';
import { dictName } from '@portal/shared/dictionaries';
import type { TProfile } from '@portal/shared/schemas/accounts';
import type { TFileInfo } from '@portal/shared/schemas/files';
import { Descriptions, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldLabel } from '../../../lib/forms/field-labels.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { AttachmentList } from '../../files/AttachmentList.tsx';

import { PROFILE_SECTION_KEYS, PROFILE_SECTIONS } from './profile-sections.ts';

type Profile = Partial<TProfile>;

type ValueContext = {
  profile: Profile;
  attachments: readonly TFileInfo[] | undefined;
  t: TFunction<'accounts'>;
  locale: Locale;
  /** Shown for a field left empty. */
  none: ReactNode;
};

/** A field's value as the reader sees it: dictionary codes as names, yes or no, tags, attachments. */
function fieldValue(field: keyof TProfile, { profile, attachments, t, locale, none }: ValueContext): ReactNode {
  const tags = (values: readonly string[] | undefined, type: 'cooperationTypes' | 'branches') =>
    values?.length ? (
      <span className="tag-list">
        {values.map((code) => (
          <Tag key={code}>{dictName(type, code, locale)}</Tag>
        ))}
      </span>
    ) : (
      none
    );
  const text = (value: string | undefined | null) => (value ? value : none);
  const yesNo = (value: boolean | undefined) => (value ? t('profile.yes') : t('profile.no'));

  switch (field) {
    case 'branchType':
      return profile.branchType ? t(`profile.branchTypes.${profile.branchType}`) : none;
    case 'userRole':
      return profile.userRole ? t(`profile.userRoles.${profile.userRole}`) : none;
    case 'branchRegistrationPlace':
    case 'country':
      return text(dictName('countries', profile[field], locale));
    case 'continent':
      return text(dictName('continents', profile.continent, locale));
    case 'mainContactBranch':
      return text(dictName('branches', profile.mainContactBranch, locale));
    case 'usualContactBranches':
      return tags(profile.usualContactBranches, 'branches');
    case 'releaseInfoTypes':
      return tags(profile.releaseInfoTypes, 'cooperationTypes');
    case 'interestedTypes':
      return tags(profile.interestedTypes, 'cooperationTypes');
    case 'headOfficeEmployee':
    case 'actingOnBehalf':
      return yesNo(profile[field]);
    case 'instSwiftCode':
    case 'branchSwiftCode':
      // One unit: a SWIFT code never breaks over two lines.
      return profile[field] ? <span className="text-code">{profile[field]}</span> : none;
    case 'introAttachments':
      if (attachments?.length) return <AttachmentList files={attachments} />;
      return profile.introAttachments?.length ? String(profile.introAttachments.length) : none;
    default:
      return text(profile[field]);
  }
}

/**
 * Every profile field, read-only, in the groups of the form: labels in the reader's language,
 * dictionary codes shown as names (user centre, back-office review).
 */
export function ProfileView({
  profile,
  attachments,
  columns = 2,
}: {
  profile: Profile;
  /** Names and sizes of the introduction attachments, listed with download links. */
  attachments?: readonly TFileInfo[];
  columns?: 1 | 2;
}) {
  const { t } = useTranslation('accounts');
  const label = useFieldLabel();
  const { locale } = useLocale();
  const none = <span className="value-empty">{t('profile.notProvided')}</span>;

  const render = (field: keyof TProfile) => fieldValue(field, { profile, attachments, t, locale, none });

  return (
    <div className="profile-view">
      {PROFILE_SECTION_KEYS.map((section) => (
        <Descriptions
          key={section}
          title={t(`profile.sections.${section}`)}
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: columns, lg: columns, xl: columns, xxl: columns }}
          className="profile-view__section"
          items={PROFILE_SECTIONS[section]
            .filter((field) => field !== 'actingForInstitution' || profile.actingOnBehalf)
            .map((field) => ({
              key: field,
              label: label(field),
              children: render(field),
              ...(field === 'businessScope' || field === 'interestedTypes' || field === 'introAttachments'
                ? { span: columns }
                : {}),
            }))}
        />
      ))}
    </div>
  );
}

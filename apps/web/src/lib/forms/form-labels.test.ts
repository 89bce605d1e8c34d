/**
 * Issue 26: every error message names the field by the label its form shows ("Message to the
 * publisher is required.", not "Message is required."). Each row is a form's field as the form
 * labels it (the same i18n key the component passes to `label`) and values that break a rule of
 * it; the message the browser shows, and the server's `PRT_VALIDATION` answer (the same
 * `localizeIssues` with the labels registered on the route's schema), must contain that label.
 */
import { LOCALES, type Locale, translate } from '@portal/shared';
import {
  ZChangePasswordRequest,
  ZFirstPasswordRequest,
  ZProfileResubmitRequest,
  ZPublishAgreementRequest,
  ZResetPasswordRequest,
} from '@portal/shared/schemas/accounts';
import {
  ZBannerInput,
  ZCheckEmailRequest,
  ZFeedbackSubmit,
  ZPortugueseInstitutionInput,
} from '@portal/shared/schemas/content';
import { ZManualPushRequest, ZSendIntentionRequest } from '@portal/shared/schemas/cooperation';
import { ZSealApplyRequest, ZSealRejectRequest } from '@portal/shared/schemas/seals';
import { ZBackofficeInviteRequest, ZInviteRequest, ZRoleChangeRequest } from '@portal/shared/schemas/user-management';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { setLocale } from '../i18n/locale.ts';
import { loadNamespace } from '../i18n/namespaces.ts';
import { checkWithSchema } from './schema-form.ts';

type Row = { form: string; field: string; label: string; schema: z.ZodType; values: unknown };

const ROWS: Row[] = [
  {
    form: 'intention dialog',
    field: 'message',
    label: 'cooperation.intention.message',
    schema: ZSendIntentionRequest,
    values: { requestLgcSn: 'R1', message: '' },
  },
  {
    form: 'seal application',
    field: 'reason',
    label: 'seals.apply.reason',
    schema: ZSealApplyRequest,
    values: { reason: '' },
  },
  {
    form: 'seal application',
    field: 'periodMonths',
    label: 'seals.apply.period',
    schema: ZSealApplyRequest,
    values: { periodMonths: 0 },
  },
  {
    form: 'seal rejection',
    field: 'reason',
    label: 'seals.review.reject.reason',
    schema: ZSealRejectRequest,
    values: { reason: '' },
  },
  {
    form: 'set password',
    field: 'pwd',
    label: 'accounts.fields.newPassword',
    schema: ZFirstPasswordRequest,
    values: {},
  },
  {
    form: 'change password',
    field: 'oPwd',
    label: 'accounts.fields.currentPassword',
    schema: ZChangePasswordRequest,
    values: {},
  },
  {
    form: 'change password',
    field: 'pwd',
    label: 'accounts.fields.newPassword',
    schema: ZChangePasswordRequest,
    values: {},
  },
  {
    form: 'reset password',
    field: 'emailAdr',
    label: 'accounts.fields.workEmail',
    schema: ZResetPasswordRequest,
    values: { emailAdr: 'not-an-address' },
  },
  { form: 'feedback', field: 'text', label: 'content.feedback.text', schema: ZFeedbackSubmit, values: { text: '' } },
  {
    form: 'feedback',
    field: 'emailAdr',
    label: 'content.feedback.email',
    schema: ZFeedbackSubmit,
    values: { emailAdr: 'x' },
  },
  {
    form: 'survey e-mail',
    field: 'emailAdr',
    label: 'content.survey.email',
    schema: ZCheckEmailRequest,
    values: { emailAdr: '' },
  },
  { form: 'invite a user', field: 'country', label: 'users.fields.country', schema: ZInviteRequest, values: {} },
  {
    form: 'invite bank staff',
    field: 'mainContactBranch',
    label: 'users.roles.branch',
    schema: ZBackofficeInviteRequest,
    values: { kind: 'staff', mainContactBranch: '' },
  },
  {
    form: 'roles',
    field: 'mainContactBranch',
    label: 'users.roles.branch',
    schema: ZRoleChangeRequest,
    values: { rlTpcd: ['10'], mainContactBranch: 7 },
  },
  {
    form: 'roles',
    field: 'rlTpcd',
    label: 'users.columns.roles',
    schema: ZRoleChangeRequest,
    values: { rlTpcd: [] },
  },
  {
    form: 'push to institutions',
    field: 'institutions',
    label: 'backoffice.cooperation.push.institutions',
    schema: ZManualPushRequest,
    values: {},
  },
  {
    form: 'agreement versions',
    field: 'version',
    label: 'backoffice.agreementVersions.version',
    schema: ZPublishAgreementRequest,
    values: {},
  },
  {
    form: 'agreement versions',
    field: 'effectiveDate',
    label: 'backoffice.agreementVersions.effectiveDate',
    schema: ZPublishAgreementRequest,
    values: { effectiveDate: 'soon' },
  },
  {
    form: 'Portuguese institution',
    field: 'country',
    label: 'backoffice.content.institutions.country',
    schema: ZPortugueseInstitutionInput,
    values: { country: '' },
  },
  {
    form: 'banner',
    field: 'wthrChkInd',
    label: 'backoffice.content.banners.clickAction',
    schema: ZBannerInput,
    values: { wthrChkInd: '7' },
  },
  {
    form: 'profile',
    field: 'instNm',
    label: 'errors.fields.instNm',
    schema: ZProfileResubmitRequest,
    values: { profile: { instNm: '' } },
  },
];

beforeAll(async () => {
  for (const namespace of ['seals', 'backoffice'] as const) await loadNamespace(namespace);
});

afterEach(async () => {
  await setLocale('en-US');
});

describe.each(LOCALES)('error messages in %s', (locale: Locale) => {
  it.each(ROWS)('name $field of the $form form by its label', async ({ field, label, schema, values }) => {
    await setLocale(locale);
    const text = translate(locale, label);
    expect(text, label).not.toBe(label);
    const check = checkWithSchema(schema, values);
    const own = check.errors.find((error) => error.name[error.name.length - 1] === field);
    expect(own, `${field} has an error`).toBeTruthy();
    for (const message of own?.errors ?? []) expect(message).toContain(text);
  });
});

it('says "Message to the publisher is required." under "Message to the publisher"', () => {
  const check = checkWithSchema(ZSendIntentionRequest, { requestLgcSn: 'R1', message: '' });
  expect(check.errors).toEqual([{ name: ['message'], errors: ['Message to the publisher is required.'] }]);
});

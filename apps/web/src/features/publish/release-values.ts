/**
 * Form values of the publish flow: the defaults of a new request, and the bodies sent to
 * saveDraft and publish/update. The form keeps values as the schema wants them (dates as
 * 'YYYY-MM-DD', amounts as decimal strings), so the bodies are the values themselves.
 */
import type { PublishCategory, PublishChoice } from '@portal/shared/dictionaries';
import type { FormKind, TDraftRequest, TPublishRequest } from '@portal/shared/schemas/cooperation';
import dayjs from 'dayjs';
import { formFieldNames } from './release-fields.ts';

export type FormValues = Record<string, unknown>;
export type Contact = { contactName?: string; contactEmail?: string; contactPhone?: string };

export const DATE_FORMAT = 'YYYY-MM-DD';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** What a new request of this choice starts with. */
export function newRequestValues(choice: PublishChoice, contact: Contact): FormValues {
  return {
    direction: choice.direction,
    validFrom: dayjs().format(DATE_FORMAT),
    termType: 'COMMON',
    lcIssued: 'Y',
    scopeLimited: false,
    scopeCountries: [],
    acceptableCountries: [],
    riskPreferences: [],
    attachments: [],
    ...contact,
  };
}

/**
 * The values the form opens with for a choice: the defaults, under what was entered or saved
 * before, with the choice's own codes (and its direction when the category fixes one).
 */
export function formValuesFor(choice: PublishChoice, saved: FormValues, contact: Contact): FormValues {
  const values: FormValues = { ...newRequestValues(choice, contact) };
  // Empty saved values are left out: an empty select shows its placeholder, and the schema's
  // defaults fill them in again.
  for (const [key, value] of Object.entries(saved)) {
    if (!isEmpty(value)) values[key] = value;
  }
  // A contact field saved empty is filled from the profile.
  for (const [key, value] of Object.entries(contact)) {
    if (value && (values[key] === undefined || values[key] === '')) values[key] = value;
  }
  values.choiceCode = choice.code;
  values.subTypeCode = choice.subTypeCode;
  if (choice.direction) values.direction = choice.direction;
  return values;
}

/**
 * The saveDraft body: the step the user is at and what is filled in. Empty fields are left out
 * (a draft is checked for types and lengths only), and only the form's own fields are sent.
 */
export function draftBody(options: {
  category: PublishCategory;
  choice: PublishChoice | null;
  kind: FormKind | null;
  values: FormValues;
  draftLgcSn: string | null;
}): TDraftRequest {
  const { category, choice, kind, values, draftLgcSn } = options;
  const names = kind ? new Set(formFieldNames(kind)) : new Set<string>();
  const body: TDraftRequest = { categoryCode: category.code };
  if (kind && choice) {
    for (const [key, value] of Object.entries(values)) {
      if (names.has(key) && !isEmpty(value)) body[key] = value;
    }
    body.choiceCode = choice.code;
    body.subTypeCode = choice.subTypeCode;
  }
  if (draftLgcSn) body.draftLgcSn = draftLgcSn;
  return body;
}

/** The publish (or update) body: the checked form data, and the draft it comes from. */
export function publishBody(data: FormValues, choice: PublishChoice, draftLgcSn: string | null): TPublishRequest {
  const body: TPublishRequest = {
    ...data,
    choiceCode: choice.code,
    subTypeCode: choice.subTypeCode,
  } as TPublishRequest;
  if (draftLgcSn) body.draftLgcSn = draftLgcSn;
  return body;
}

/** The saved fields as form values (drafts and requests come back as they were sent). */
export function savedValues(fields: Record<string, unknown> | null | undefined): FormValues {
  return fields ? { ...fields } : {};
}

import type { TProfile } from '@portal/shared/schemas/accounts';
import type { FieldPath } from '../../../lib/forms/schema-form.ts';

/** The one registration form across its three steps, and where each field and server error belongs. */
export type RegisterValues = {
  emailAdr?: string;
  emailCode?: string;
  pwd?: string;
  confirmPwd?: string;
  agreed?: boolean;
  profile?: Partial<TProfile>;
};

export const STEPS = ['email', 'profile', 'password'] as const;
export type Step = 0 | 1 | 2;

export const FORM_NAME = 'register';
export const EMAIL_FIELDS: FieldPath[] = [['emailAdr'], ['emailCode']];
export const PASSWORD_FIELDS: FieldPath[] = [['pwd'], ['confirmPwd'], ['agreed']];

/** Server answers that belong to the e-mail step. */
export const EMAIL_STEP_ERRORS: Record<string, keyof RegisterValues> = {
  PRT_CODE_INCORRECT: 'emailCode',
  PRT_CODE_EXPIRED: 'emailCode',
  PRT_CODE_EMPTY: 'emailCode',
  PRT_EMAIL_EXISTS: 'emailAdr',
  PRT_USER_EXISTS: 'emailAdr',
  PRT_EMAIL_NOT_WORK: 'emailAdr',
};

export const NEW_PROFILE: Partial<TProfile> = { headOfficeEmployee: false, actingOnBehalf: false };

/** The step a field is on (the first error's step is shown). */
export function stepOfField(name: (string | number)[]): Step {
  const [first] = name;
  if (first === 'emailAdr' || first === 'emailCode') return 0;
  if (first === 'profile') return 1;
  return 2;
}

import type { TActivation } from '@portal/shared/schemas/accounts';

/** Tag colours of the activation states in the back office. */
export const STATUS_COLOURS: Record<TActivation, string> = {
  '1': 'success',
  '6': 'success',
  '5': 'processing',
  '7': 'error',
  '8': 'warning',
};

/** The domain of an e-mail address: what a reviewer checks against the institution. */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1);

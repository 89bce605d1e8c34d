export const FORM_NAME = 'sealApply';
/** The fields in the order of the form (and of the error summary). */
export const FIELDS = [
  'sealName',
  'imageFile',
  'periodMonths',
  'reason',
  'authorizationFile',
  'approverBranch',
  'agreementAccepted',
] as const;
export type Field = (typeof FIELDS)[number];

/** Server answers that belong to one field. */
export const SERVER_ERROR_FIELDS: Record<string, Field> = {
  PRT_SEAL_IMAGE_NOT_SQUARE: 'imageFile',
  PRT_SEAL_IMAGE_NOT_TRANSPARENT: 'imageFile',
  PRT_AGREEMENT_REQUIRED: 'agreementAccepted',
};

/**
 * The values as the request has them: blank texts and cleared numbers are missing (so the
 * message says "required"), and only a ticked box counts as accepting the agreement.
 */
export function toApplyRequest(values: Record<string, unknown>): Record<string, unknown> {
  const request: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' && !value.trim()) continue;
    request[key] = value;
  }
  if (request.agreementAccepted !== true) delete request.agreementAccepted;
  return request;
}

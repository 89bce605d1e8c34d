/**
 * Error codes carried in the response envelope's `code`.
 * The `YBL…` codes are those of SPEC §8 that clients react to; the `PRT_…` codes are this
 * project's own. Each code has a message in both languages under `errors.<code>` in the
 * i18n files, and an HTTP status.
 */
export const SUCCESS_CODE = '0' as const;

export const ERROR_STATUS = {
  /** Session invalid or expired: the client clears its display data and opens the login dialog. */
  YBLSYSTE0005: 401,
  /** Session invalid (alternate code of SPEC §8); handled like YBLSYSTE0005. */
  YBLSYSTE0003: 401,
  /** Password reset required: on login the client shows the reset-password view. */
  YBLTS100U022: 403,
  PRT_BAD_REQUEST: 400,
  PRT_BAD_JSON: 400,
  PRT_VALIDATION: 422,
  PRT_UNAUTHENTICATED: 401,
  PRT_FORBIDDEN: 403,
  PRT_NOT_FOUND: 404,
  PRT_ROUTE_NOT_FOUND: 404,
  PRT_METHOD_NOT_ALLOWED: 405,
  PRT_CONFLICT: 409,
  PRT_PAYLOAD_TOO_LARGE: 413,
  PRT_UNSUPPORTED_MEDIA_TYPE: 415,
  /** A PDF with JavaScript, launch or automatic actions: refused at upload. */
  PRT_PDF_ACTIVE_CONTENT: 422,
  // Parsing limits for files from clients (docs/security.md, Parsing limits)
  /** A PDF with more objects than the portal reads. */
  PRT_PDF_TOO_MANY_OBJECTS: 422,
  /** A compressed stream of a PDF inflates past the per-stream or per-file cap. */
  PRT_PDF_STREAM_TOO_LARGE: 422,
  /** A PDF with more signatures (distinct /ByteRange arrays) than the verifier checks. */
  PRT_PDF_TOO_MANY_SIGNATURES: 422,
  /** An image whose header declares more pixels than the portal decodes. */
  PRT_IMAGE_TOO_LARGE: 422,
  /** An image that fails its own checksums or does not decode. */
  PRT_IMAGE_DAMAGED: 422,
  /** Reading the file took longer than the deadline or more memory than the cap. */
  PRT_FILE_TOO_COMPLEX: 422,
  /** Every file reader is busy and the queue is full: try again shortly. */
  PRT_FILE_CHECK_BUSY: 503,
  PRT_RATE_LIMITED: 429,
  PRT_SERVICE_UNAVAILABLE: 503,
  // Accounts (SPEC §8 server messages and the log-in rules)
  PRT_LOGIN_FAILED: 401,
  PRT_ACCOUNT_LOCKED: 429,
  PRT_ACCOUNT_STOPPED: 403,
  PRT_ACCOUNT_NOT_ACTIVE: 403,
  PRT_CAPTCHA_INCORRECT: 400,
  PRT_EMAIL_CODE_REQUIRED: 400,
  PRT_CODE_EMPTY: 400,
  PRT_CODE_INCORRECT: 400,
  PRT_CODE_EXPIRED: 400,
  PRT_RESEND_TOO_SOON: 429,
  PRT_PASSWORD_MISMATCH: 422,
  PRT_OLD_PASSWORD_INCORRECT: 400,
  PRT_AGREEMENT_REQUIRED: 422,
  PRT_USER_NOT_FOUND: 404,
  PRT_USER_EXISTS: 409,
  PRT_EMAIL_EXISTS: 409,
  /** Registration with a free-mail, disposable or bank-blocked address: a work e-mail is required. */
  PRT_EMAIL_NOT_WORK: 422,
  PRT_INVITATION_INVALID: 400,
  PRT_USER_ALREADY_ACTIVATED: 409,
  PRT_NO_USER_DELETED: 404,
  PRT_USER_NUMBER_EMPTY: 400,
  PRT_INACTIVE_EXTERNAL_USER_IMMUTABLE: 409,
  PRT_NO_RIGHT_TO_INVITE: 403,
  PRT_STAFF_NOT_FOUND: 404,
  PRT_STAFF_INSTITUTION_UNKNOWN: 409,
  PRT_INVITE_SAME_REGION_ONLY: 403,
  PRT_CURRENT_USER_UNAVAILABLE: 401,
  PRT_OWN_INSTITUTION_ONLY: 403,
  PRT_INVALID_PHONE: 422,
  PRT_LOGIN_INFO_NOT_FOUND: 401,
  PRT_SYSTEM_ADMIN_IMMUTABLE: 403,
  /** Deleting a user who has records the institution keeps (requests, intentions, agreements): stop instead. */
  PRT_USER_HAS_RECORDS: 409,
  /** An institution administrator may not re-enable an account the bank stopped. */
  PRT_STOPPED_BY_BANK: 403,
  // Cooperation marketplace
  PRT_REQUEST_NOT_FOUND: 404,
  PRT_DRAFT_NOT_FOUND: 404,
  PRT_NOT_REQUEST_OWNER: 403,
  PRT_REQUEST_NOT_EFFECTIVE: 409,
  PRT_CHOICE_MISMATCH: 422,
  PRT_OWN_INSTITUTION_REQUEST: 409,
  PRT_INTENTION_EXISTS: 409,
  PRT_INTENTION_NOT_FOUND: 404,
  PRT_INTENTION_ANSWERED: 409,
  PRT_NOT_INTENTION_RECIPIENT: 403,
  PRT_MASTER_AGREEMENT_REQUIRED: 409,
  PRT_MASTER_AGREEMENT_PENDING: 409,
  PRT_MASTER_AGREEMENT_SIGNED: 409,
  PRT_NO_UNREAD_SELECTED: 422,
  PRT_INSTITUTION_NOT_FOUND: 404,
  PRT_ALREADY_PUSHED: 409,
  PRT_PUSH_OWN_INSTITUTION: 409,
  PRT_INSTITUTION_QUERY_FAILED: 500,
  // Electronic seals
  PRT_SEAL_NOT_FOUND: 404,
  PRT_SEAL_IMAGE_NOT_SQUARE: 422,
  PRT_SEAL_IMAGE_NOT_TRANSPARENT: 422,
  /** The seal has been decided already (approve or reject it only while submitted or pending). */
  PRT_SEAL_DECIDED: 409,
  /** Only an effective seal may be cancelled. */
  PRT_SEAL_NOT_EFFECTIVE: 409,
  /** Stamping with a seal that is not effective now (cancelled, expired, not yet approved). */
  PRT_SEAL_NOT_USABLE: 409,
  PRT_SEAL_OTHER_INSTITUTION: 403,
  /** A seal stamps only for the person it was issued to (its applicant), not for a colleague. */
  PRT_SEAL_NOT_HOLDER: 403,
  PRT_NOT_SEAL_APPLICANT: 403,
  // Contracts
  PRT_CONTRACT_NOT_FOUND: 404,
  PRT_INTENTION_NOT_AGREED: 409,
  PRT_CONTRACT_EXISTS: 409,
  PRT_CONTRACT_NOT_UPLOADED: 409,
  PRT_CONTRACT_CONFIRMED: 409,
  PRT_CONTRACT_NOT_CONFIRMED: 409,
  PRT_CONTRACT_ALREADY_SIGNED: 409,
  /** The cooperation request was withdrawn by its publisher: its contract takes no new step. */
  PRT_CONTRACT_REQUEST_WITHDRAWN: 409,
  /** The cooperation request was taken down by the bank: its contract takes no new step. */
  PRT_CONTRACT_REQUEST_TAKEN_DOWN: 409,
  /** "You have not stamped yet" (SPEC §8): no seal placed. */
  PRT_STAMP_REQUIRED: 422,
  /** The external timestamp authority (TSA_URL) did not answer, or its token failed the checks: nothing signed. */
  PRT_TIMESTAMP_UNAVAILABLE: 503,
  PRT_STAMP_OUTSIDE_PAGE: 422,
  /** A PDF that cannot be read (damaged, encrypted). */
  PRT_PDF_UNREADABLE: 422,
  /** A back-office export matching more rows than one file may hold: narrow the filters. */
  PRT_EXPORT_TOO_LARGE: 422,
  PRT_INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Codes on which the client treats the session as gone (SPEC §8). */
export const SESSION_INVALID_CODES: readonly string[] = ['YBLSYSTE0005', 'YBLSYSTE0003'];
export const PASSWORD_RESET_REQUIRED_CODE = 'YBLTS100U022';

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
  PRT_RATE_LIMITED: 429,
  PRT_SERVICE_UNAVAILABLE: 503,
  PRT_INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Codes on which the client treats the session as gone (SPEC §8). */
export const SESSION_INVALID_CODES: readonly string[] = ['YBLSYSTE0005', 'YBLSYSTE0003'];
export const PASSWORD_RESET_REQUIRED_CODE = 'YBLTS100U022';

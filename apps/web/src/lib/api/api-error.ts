/** Codes the client itself produces (status 0: no usable HTTP answer). */
export const CLIENT_ERROR_CODES = {
  network: 'CLIENT_NETWORK',
  timeout: 'CLIENT_TIMEOUT',
  invalidResponse: 'CLIENT_INVALID_RESPONSE',
} as const;

export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];

/**
 * A request that failed: a server error code from the envelope (SPEC §8 codes and PRT_ codes),
 * or a client code (network, time-out, malformed answer). The user has already seen a toast
 * unless the request was `silent`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly status: number;
  readonly data: unknown;

  constructor(init: { code: string; message: string; status: number; data?: unknown; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.data = init.data ?? null;
  }
}

export type CancelReason = 'superseded' | 'aborted';

/**
 * The request was cancelled: an identical request replaced it (`superseded`) or the caller's
 * signal aborted it (`aborted`). Never toasted; callers usually ignore it.
 */
export class ApiCancelledError extends Error {
  override readonly name = 'ApiCancelledError';
  readonly reason: CancelReason;

  constructor(reason: CancelReason) {
    super(reason === 'superseded' ? 'Request replaced by an identical newer request' : 'Request cancelled');
    this.reason = reason;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isApiCancelled(error: unknown): error is ApiCancelledError {
  return error instanceof ApiCancelledError;
}

import type { ErrorCode } from '@compliance/shared/error-codes';

/**
 * The error type of every failed API call. Kept apart from the API client (and free of zod) so the
 * app shell can recognise API errors without bundling the client's response parsing.
 */

/** Codes the client produces itself, on top of the server's codes from `@compliance/shared/errors`. */
export const clientErrorCodes = ['NETWORK_ERROR'] as const;
export type ClientErrorCode = (typeof clientErrorCodes)[number];
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** Field-level problems for VALIDATION_FAILED: field path → error code or i18n key. */
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(
    code: ApiErrorCode,
    status: number,
    message?: string,
    fields?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(message ?? code, options);
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The i18n key (in the `errors` namespace) that describes an error to the user: `t(errorMessageKey(error))`. */
export function errorMessageKey(error: unknown): `errors:${ApiErrorCode}` {
  return `errors:${isApiError(error) ? error.code : 'INTERNAL_ERROR'}`;
}

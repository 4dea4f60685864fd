import { z } from 'zod';

/**
 * Every error the API can answer with. The web app shows the translated text for the code
 * (`errors:<CODE>` in the locale files), never the server's English message.
 */
export const errorCodes = [
  // Generic
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'EMAIL_NOT_VERIFIED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  // Ingestion: why a file could not be read (see the ingestion module's contract)
  'UNSUPPORTED_FILE_TYPE',
  'FILE_ENCRYPTED',
  'FILE_CORRUPT',
  'FILE_TOO_COMPLEX',
  'INGESTION_TIMEOUT',
  // Accounts
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'ACCOUNT_DISABLED',
  'VERIFICATION_CODE_INVALID',
  'VERIFICATION_CODE_EXPIRED',
  'VERIFICATION_CODE_LOCKED',
  'RESEND_TOO_SOON',
  'EMAIL_ALREADY_VERIFIED',
  'CURRENT_PASSWORD_INCORRECT',
  'LAST_ADMIN',
  'CANNOT_CHANGE_OWN_ACCOUNT',
  // FATF countries
  'COUNTRY_NOT_FOUND',
  'COUNTRY_IMPORT_INVALID',
  'COUNTRY_IMPORT_STALE',
  // Documents and knowledge base
  'FOLDER_NOT_FOUND',
  'FOLDER_NAME_REQUIRED',
  'FOLDER_NAME_INVALID_CHARACTERS',
  'FOLDER_NAME_INVALID',
  'FOLDER_EXISTS',
  'FILE_NOT_FOUND',
  'FILE_EXISTS',
  'FILE_TOO_LARGE',
  'STORAGE_QUOTA_EXCEEDED',
  'UPLOAD_FAILED',
  'FILE_PREPARE_FAILED',
  'FILE_DELETE_FAILED',
  'MOVE_FAILED',
  'MOVE_TO_PARENT_FAILED',
  'MOVE_INTO_ITSELF',
  'KB_FUNCTION_NOT_FOUND',
  'KB_RESOURCE_TYPE_NOT_FOUND',
  'KB_NOT_EMPTY',
  // Chat
  'ASSISTANT_REQUIRED',
  'CONVERSATION_NOT_FOUND',
  'CONVERSATION_ARCHIVED',
  'MESSAGE_NOT_FOUND',
  'WEB_SEARCH_UNAVAILABLE',
  'DAILY_QUERY_LIMIT',
  'TOKEN_QUOTA_EXCEEDED',
  'ASSISTANT_ERROR',
  'STREAM_ERROR',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** Field-level problems for VALIDATION_FAILED: path → error code or i18n key. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return errorCodeSchema.safeParse(value).success;
}

// No zod here: the web app's first page needs the codes, not the schema library.

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
  'SERVER_RESTARTING',
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
  // Admin safety
  'SELF_CHANGE_UNCONFIRMED',
  // Prompt library
  'PROMPT_NOT_FOUND',
  'PROMPT_CATEGORY_NOT_FOUND',
  'PROMPT_VERSION_NOT_FOUND',
  'PROMPT_LIMIT_REACHED',
  'PROMPT_CATEGORY_LIMIT_REACHED',
  'PROMPT_CATEGORY_EXISTS',
  'PROMPT_CATEGORY_ORDER_INVALID',
  'PROMPT_VALUES_INVALID',
  // Billing and companies
  'PLAN_NOT_FOUND',
  'CHECKOUT_NOT_FOUND',
  'CHECKOUT_CLOSED',
  'PAYMENT_DECLINED',
  'PAYMENT_INSUFFICIENT_FUNDS',
  'PAYMENT_PROVIDER_ERROR',
  'WEBHOOK_SIGNATURE_INVALID',
  'SEAT_LIMIT_REACHED',
  'COMPANY_NOT_FOUND',
  'COMPANY_EXISTS',
  'COMPANY_MEMBER_EXISTS',
  'COMPANY_ADMIN_ONLY',
  'USER_NOT_FOUND',
  'COMPANY_MEMBER_NOT_FOUND',
  'LAST_COMPANY_ADMIN',
  'INVITATION_NOT_FOUND',
  'INVITATION_EXPIRED',
  'INVITATION_WRONG_ACCOUNT',
  'INVITATION_EXISTS',
  // Courses
  'COURSE_NOT_FOUND',
  'LESSON_NOT_FOUND',
  'COURSE_NOTE_NOT_FOUND',
  'COURSE_NOTE_LIMIT_REACHED',
  'CARD_NOT_FOUND',
  'CARD_LIMIT_REACHED',
  'QUESTION_NOT_FOUND',
  'ESSAY_NOT_FOUND',
  'ESSAY_TOO_LONG',
  'COURSE_CONTENT_INVALID',
  'CERTIFICATE_NOT_AVAILABLE',
  // Prompt marketplace
  'LISTING_NOT_FOUND',
  'LISTING_NOT_FOR_SALE',
  'LISTING_OWN',
  'LISTING_LIMIT_REACHED',
  'LISTING_SOURCE_EMPTY',
  'LISTING_REMOVED',
  'LISTING_DUPLICATE',
  'MARKETPLACE_SELLING_NOT_IN_PLAN',
  'REVIEW_NOT_ALLOWED',
  'REVIEW_NOT_FOUND',
  'REPORT_NOT_FOUND',
  'PURCHASE_NOT_FOUND',
  'AUTHOR_NOT_FOUND',
  // Integrations
  'INTEGRATION_NOT_FOUND',
  'INTEGRATION_LIMIT_REACHED',
  'INTEGRATION_WRONG_CAPABILITY',
  'INTEGRATION_AUTH_FAILED',
  'INTEGRATION_UNREACHABLE',
  'INTEGRATION_ADDRESS_BLOCKED',
  'INTEGRATION_REMOTE_NOT_FOUND',
  'INTEGRATION_ASSIGNEE_NOT_FOUND',
  'INTEGRATION_RATE_LIMITED',
  'INTEGRATION_REMOTE_ERROR',
  'INTEGRATION_SYNC_RUNNING',
  'INTEGRATION_TOO_MANY_FILES',
  'INTEGRATION_SECRETS_UNAVAILABLE',
  'INTEGRATION_EMAIL_NOT_CONFIGURED',
  'INTEGRATION_OAUTH_NOT_CONFIGURED',
  'INTEGRATION_OAUTH_STATE_INVALID',
  'INTEGRATION_OAUTH_DENIED',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

const knownCodes: ReadonlySet<string> = new Set(errorCodes);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && knownCodes.has(value);
}

export interface ErrorDetails {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

/** Reads an API error body `{ error: { code, message, fields? } }`; null when it is not one. */
export function readErrorBody(payload: unknown): ErrorDetails | null {
  const error = (payload as { error?: unknown } | null | undefined)?.error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, fields } = error as Record<string, unknown>;
  if (!isErrorCode(code) || typeof message !== 'string') return null;
  if (fields === undefined) return { code, message };
  if (typeof fields !== 'object' || fields === null) return null;
  const entries = Object.entries(fields);
  if (!entries.every(([, value]) => typeof value === 'string')) return null;
  return { code, message, fields: Object.fromEntries(entries) as Record<string, string> };
}

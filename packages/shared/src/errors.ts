import { z } from 'zod';
import { errorCodes, type ErrorCode } from './error-codes.ts';

// The codes themselves live in error-codes.ts (zod-free, for the web app's first page).
export { errorCodes, isErrorCode, readErrorBody, type ErrorCode, type ErrorDetails } from './error-codes.ts';

export const errorCodeSchema = z.enum(errorCodes) satisfies z.ZodType<ErrorCode>;

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** Field-level problems for VALIDATION_FAILED: path → error code or i18n key. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

import { z } from 'zod';
import { displayText } from './text.ts';
import { locales } from './i18n.ts';

/**
 * Accounts: sign-up, e-mail verification, sign-in, password reset. Validation messages are i18n keys
 * (namespace `auth`) so the web shows them translated and the server reports them in `error.fields`.
 */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const VERIFICATION_CODE_LENGTH = 6;
/** Seconds between two "send me a new code" requests. */
export const RESEND_COOLDOWN_SECONDS = 60;

export const validationKeys = {
  required: 'auth:validation.required',
  email: 'auth:validation.email',
  tooLong: 'auth:validation.tooLong',
  passwordLength: 'auth:validation.passwordLength',
  passwordLetter: 'auth:validation.passwordLetter',
  passwordDigit: 'auth:validation.passwordDigit',
  passwordConfirmationRequired: 'auth:validation.passwordConfirmationRequired',
  passwordMismatch: 'auth:validation.passwordMismatch',
  code: 'auth:validation.code',
} as const;

/** The rules of a strong-enough password, one per checklist line the forms show while typing. */
export const passwordRules = [
  {
    id: 'length',
    test: (value: string) => value.length >= PASSWORD_MIN_LENGTH,
    message: validationKeys.passwordLength,
  },
  { id: 'letter', test: (value: string) => /\p{L}/u.test(value), message: validationKeys.passwordLetter },
  { id: 'digit', test: (value: string) => /\p{N}/u.test(value), message: validationKeys.passwordDigit },
] as const;

export const requiredText = (max = 200) =>
  displayText(max, { required: validationKeys.required, tooLong: validationKeys.tooLong });

export const emailSchema = z
  .string({ error: validationKeys.required })
  .trim()
  .min(1, validationKeys.required)
  .max(254, validationKeys.tooLong)
  .pipe(z.email({ error: validationKeys.email }))
  .transform((value) => value.toLowerCase());

export const newPasswordSchema = z
  .string({ error: validationKeys.required })
  .min(1, validationKeys.required)
  .max(PASSWORD_MAX_LENGTH, validationKeys.tooLong)
  .superRefine((value, ctx) => {
    const failed = passwordRules.find((rule) => !rule.test(value));
    if (failed) ctx.addIssue({ code: 'custom', message: failed.message });
  });

const passwordConfirmationSchema = z
  .string({ error: validationKeys.passwordConfirmationRequired })
  .min(1, validationKeys.passwordConfirmationRequired);

/** Adds "the confirmation must match" to an object with `password` and `passwordConfirmation`. */
function confirmMatches<T extends { password: string; passwordConfirmation: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.passwordConfirmation && value.password !== value.passwordConfirmation) {
    ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: validationKeys.passwordMismatch });
  }
}

export const languageSchema = z.enum(locales);

export const signupInputSchema = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: emailSchema,
    password: newPasswordSchema,
    passwordConfirmation: passwordConfirmationSchema,
    companyName: requiredText(200),
    language: languageSchema.optional(),
  })
  .superRefine(confirmMatches);
export type SignupInput = z.input<typeof signupInputSchema>;

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string({ error: validationKeys.required }).min(1, validationKeys.required).max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const verificationCodeSchema = z
  .string({ error: validationKeys.required })
  .trim()
  .regex(/^\d{6}$/, validationKeys.code);

export const verifyEmailInputSchema = z.object({ code: verificationCodeSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailInputSchema>;

export const forgotPasswordInputSchema = z.object({ email: emailSchema, language: languageSchema.optional() });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInputSchema>;

/** Either the e-mail plus the 6-digit code, or the token of the link in the e-mail. */
export const resetPasswordInputSchema = z
  .object({
    email: emailSchema.optional(),
    code: verificationCodeSchema.optional(),
    token: z.string().min(20).max(200).optional(),
    password: newPasswordSchema,
    passwordConfirmation: passwordConfirmationSchema,
  })
  .superRefine(confirmMatches)
  .superRefine((value, ctx) => {
    if (value.token) return;
    if (!value.email) ctx.addIssue({ code: 'custom', path: ['email'], message: validationKeys.required });
    if (!value.code) ctx.addIssue({ code: 'custom', path: ['code'], message: validationKeys.code });
  });
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

export const userRoleSchema = z.enum(['user', 'admin']);
export type UserRoleName = z.infer<typeof userRoleSchema>;
export const userStatusSchema = z.enum(['active', 'disabled']);

/** The signed-in user as the web sees it. */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  role: userRoleSchema,
  language: languageSchema,
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const resendResponseSchema = z.object({ retryAfterSeconds: z.number().int() });
export type ResendResponse = z.infer<typeof resendResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

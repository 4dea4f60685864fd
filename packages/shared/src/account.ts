import { z } from 'zod';
import {
  emailSchema,
  languageSchema,
  newPasswordSchema,
  requiredText,
  userRoleSchema,
  userStatusSchema,
  validationKeys,
  verificationCodeSchema,
} from './auth.ts';

/** Profile, settings, sessions, and the admin's user management. */

export const updateProfileInputSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  companyName: requiredText(200),
});
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;

export const changeEmailInputSchema = z.object({
  newEmail: emailSchema,
  currentPassword: z.string({ error: validationKeys.required }).min(1, validationKeys.required).max(200),
});
export type ChangeEmailInput = z.input<typeof changeEmailInputSchema>;

export const confirmEmailChangeInputSchema = z.object({ code: verificationCodeSchema });
export type ConfirmEmailChangeInput = z.input<typeof confirmEmailChangeInputSchema>;

export const changePasswordInputSchema = z
  .object({
    currentPassword: z.string({ error: validationKeys.required }).min(1, validationKeys.required).max(200),
    password: newPasswordSchema,
    passwordConfirmation: z
      .string({ error: validationKeys.passwordConfirmationRequired })
      .min(1, validationKeys.passwordConfirmationRequired),
  })
  .superRefine((value, ctx) => {
    if (value.passwordConfirmation && value.password !== value.passwordConfirmation) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: validationKeys.passwordMismatch });
    }
  });
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

export const assistantKinds = ['expert', 'prompt_engineer'] as const;
export const sessionLifetimeDays = [1, 7, 30, 90] as const;

export const accountSettingsSchema = z.object({
  language: languageSchema,
  /** The spec fixes the theme to light; kept so the screen can show it. */
  theme: z.literal('light'),
  defaultAssistant: z.enum(assistantKinds),
  knowledgeBaseSearch: z.boolean(),
  sessionLifetimeDays: z.union(sessionLifetimeDays.map((days) => z.literal(days))),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const updateSettingsInputSchema = accountSettingsSchema.omit({ theme: true }).partial();
export type UpdateSettingsInput = z.input<typeof updateSettingsInputSchema>;

export const profileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  role: userRoleSchema,
  language: languageSchema,
  emailVerified: z.boolean(),
  /** A new address waiting for its code, if the user asked to change it. */
  pendingEmail: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Profile = z.infer<typeof profileSchema>;

export const activeSessionSchema = z.object({
  id: z.uuid(),
  userAgent: z.string(),
  ipAddress: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const sessionListSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const revokedCountSchema = z.object({ revoked: z.number().int() });

export const sessionIdParamsSchema = z.object({ id: z.uuid() });

// Admin: user management.

export const adminUserListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  role: userRoleSchema,
  status: userStatusSchema,
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUpdateUserInputSchema = z
  .object({
    role: userRoleSchema.optional(),
    status: userStatusSchema.optional(),
    /** An admin demoting or disabling their own account must say so explicitly. */
    confirmSelf: z.boolean().optional(),
  })
  .refine((value) => value.role !== undefined || value.status !== undefined, validationKeys.required);
export type AdminUpdateUserInput = z.input<typeof adminUpdateUserInputSchema>;

export const userIdParamsSchema = z.object({ id: z.uuid() });

export const auditEntrySchema = z.object({
  id: z.uuid(),
  action: z.string(),
  actorEmail: z.string().nullable(),
  targetEmail: z.string().nullable(),
  ipAddress: z.string(),
  /** What the action changed (e.g. the role given, the country's new status). */
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number().int() });

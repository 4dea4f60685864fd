import { z } from 'zod';
import { auditEntrySchema } from './account.ts';

/**
 * The admin area's overview and audit log (issue 18). Figures are counts over the install; every
 * section of the overview links to the screen that explains it.
 */

export const adminOverviewSchema = z.object({
  users: z.object({
    total: z.number().int(),
    verified: z.number().int(),
    disabled: z.number().int(),
    admins: z.number().int(),
    signupsLast30Days: z.number().int(),
    /** Sign-ups per ISO week, the oldest first, the current week last (8 weeks). */
    signupsByWeek: z.array(z.object({ weekStart: z.iso.date(), count: z.number().int() })),
  }),
  documents: z.object({
    personalFiles: z.number().int(),
    knowledgeBaseFiles: z.number().int(),
    waiting: z.number().int(),
    failed: z.number().int(),
    storageBytes: z.number(),
  }),
  questions: z.object({
    last30Days: z.number().int(),
    /** Answers in the last 30 days that cited nothing (the "nothing found" answers and errors). */
    withoutSourcesLast30Days: z.number().int(),
    conversations: z.number().int(),
  }),
  fatf: z.object({ asOf: z.iso.date().nullable(), lastCheckedAt: z.iso.datetime().nullable() }),
  jobs: z.object({ waiting: z.number().int(), running: z.number().int(), failed: z.number().int() }),
  courses: z.object({ learners: z.number().int(), certificates: z.number().int() }),
  recentAudit: z.array(auditEntrySchema),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** Every action the audit log records (the server writes them; the admin screen offers them as filters). */
export const auditActions = [
  'auth.signup',
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_in_blocked',
  'auth.sign_out',
  'auth.email_verified',
  'auth.password_reset_requested',
  'auth.password_reset',
  'account.password_changed',
  'account.email_changed',
  'account.profile_updated',
  'account.sessions_revoked',
  'admin.bootstrap',
  'admin.user_promoted',
  'admin.user_demoted',
  'admin.user_disabled',
  'admin.user_enabled',
  'admin.user_deleted',
  // FATF country pages
  'admin.country_status_changed',
  'admin.countries_imported',
  'admin.countries_reviewed',
  // Prompt marketplace moderation
  'admin.marketplace_listing_removed',
  'admin.marketplace_review_removed',
  'admin.marketplace_report_dismissed',
  'admin.marketplace_purchase_refunded',
  // Billing
  'admin.billing_plan_granted',
  'admin.billing_grant_revoked',
  'admin.billing_invoice_refunded',
  'admin.billing_renewal_simulated',
  // Integrations
  'integration.connection_created',
  'integration.connection_deleted',
  // Companies (their admins' actions)
  'company.created',
  'company.profile_updated',
  'company.member_invited',
  'company.invitation_resent',
  'company.invitation_revoked',
  'company.invitation_accepted',
  'company.member_role_changed',
  'company.member_removed',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const AUDIT_FILTER_MAX_LENGTH = 200;

const dateOrder = {
  check: (filter: { from?: string | undefined; to?: string | undefined }) =>
    !filter.from || !filter.to || filter.from <= filter.to,
  message: 'errors:validation.dateRange',
};

/** Filters of the audit log: who acted, what, on whom, and when (inclusive days, UTC). */
const auditFilterFields = z.object({
  actor: z.string().trim().max(AUDIT_FILTER_MAX_LENGTH).optional(),
  action: z
    .string()
    .max(80)
    .regex(/^[a-z_.]*$/, 'errors:validation.invalid')
    .optional(),
  target: z.string().trim().max(AUDIT_FILTER_MAX_LENGTH).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export const auditFilterSchema = auditFilterFields.refine(dateOrder.check, {
  message: dateOrder.message,
  path: ['to'],
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditListQuerySchema = auditFilterFields
  .extend({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine(dateOrder.check, { message: dateOrder.message, path: ['to'] });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

import { z } from 'zod';
import { languageSchema, requiredText, validationKeys } from './auth.ts';
import { parseLei, parseSwissUid, type IdentifierResult } from './identifiers.ts';

/**
 * Plans, subscriptions, checkout, usage and onboarding (issue 15). Prices are in minor units
 * (cents / Rappen) per currency and billing interval; limits are what every quota check reads.
 */

export const currencies = ['CHF', 'EUR', 'USD'] as const;
export const currencySchema = z.enum(currencies);
export type Currency = z.infer<typeof currencySchema>;

export const billingIntervals = ['month', 'year'] as const;
export const billingIntervalSchema = z.enum(billingIntervals);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

const minorUnits = z.number().int().min(0).max(100_000_000);
export const intervalPricesSchema = z.object({ month: minorUnits, year: minorUnits });
export const planPricesSchema = z.object({
  CHF: intervalPricesSchema,
  EUR: intervalPricesSchema,
  USD: intervalPricesSchema,
});
export type PlanPrices = z.infer<typeof planPricesSchema>;

/** The most personal integrations a plan can allow (a bound on what an admin can enter). */
export const MAX_PLAN_CONNECTIONS = 100;

export const planLimitsSchema = z.object({
  storageBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  monthlyTokens: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** Members a company subscription covers (1 for personal plans; Team: bought per seat up to this). */
  seats: z.number().int().min(1).max(10_000),
  marketplaceSelling: z.boolean(),
  /** Personal integrations (connections to other tools) a user may keep. */
  connections: z.number().int().min(0).max(MAX_PLAN_CONNECTIONS),
});
export type PlanLimitsDto = z.infer<typeof planLimitsSchema>;

export const planIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,39}$/);

export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  description: z.string(),
  prices: planPricesSchema,
  limits: planLimitsSchema,
  /** Team plans are bought per seat; the others cover one person. */
  perSeat: z.boolean(),
  active: z.boolean(),
  position: z.number().int(),
  /**
   * False while name and description are still the shipped ones: the interface then shows its own
   * translation of them. Once an admin edits them, everyone sees the admin's text.
   */
  customized: z.boolean(),
});
export type PlanDto = z.infer<typeof planSchema>;

export const planListSchema = z.object({ plans: z.array(planSchema) });

/** The seed file content/plans.json. */
export const planSeedFileSchema = z.object({
  plans: z.array(
    planSchema.omit({ active: true, position: true, customized: true }).extend({ limits: planLimitsSchema.partial() }),
  ),
});

export const updatePlanInputSchema = z
  .object({
    name: requiredText(60),
    description: z.string().trim().max(300),
    prices: planPricesSchema,
    limits: planLimitsSchema,
    active: z.boolean(),
  })
  .partial();
export type UpdatePlanInput = z.input<typeof updatePlanInputSchema>;

export const subscriptionStatuses = ['active', 'past_due', 'canceled', 'incomplete'] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const paymentProviders = ['test', 'stripe'] as const;
export const paymentProviderSchema = z.enum(paymentProviders);
export type PaymentProviderKind = z.infer<typeof paymentProviderSchema>;

export const subscriptionSchema = z.object({
  id: z.uuid(),
  planId: z.string(),
  interval: billingIntervalSchema,
  currency: currencySchema,
  seats: z.number().int(),
  status: subscriptionStatusSchema,
  provider: paymentProviderSchema,
  /** Whether it belongs to the caller's company (else to the caller alone). */
  forCompany: z.boolean(),
  currentPeriodStart: z.iso.datetime().nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Set after a failed renewal: the plan's limits hold until then, the Free plan's afterwards. */
  graceUntil: z.iso.datetime().nullable(),
  /** True once a grace period has run out (the Free plan's limits apply until a payment succeeds). */
  graceExpired: z.boolean(),
});
export type SubscriptionDto = z.infer<typeof subscriptionSchema>;

export const usageFigureSchema = z.object({ used: z.number(), limit: z.number() });

/** The caller's plan, its limits and what they use of them (dashboard, /subscription). */
export const billingOverviewSchema = z.object({
  provider: paymentProviderSchema,
  plan: planSchema,
  subscription: subscriptionSchema.nullable(),
  /** True when the caller may change the subscription (their own, or as company admin). */
  canManage: z.boolean(),
  /** Whether the caller belongs to a company (a per-seat plan needs one). */
  inCompany: z.boolean(),
  /** A plan an admin granted without payment, when that is what applies. */
  grant: z.object({ planId: z.string(), validUntil: z.iso.datetime() }).nullable(),
  usage: z.object({
    tokens: usageFigureSchema.extend({ period: z.string() }),
    storage: usageFigureSchema,
    seats: usageFigureSchema,
  }),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const createCheckoutInputSchema = z.object({
  planId: planIdSchema,
  interval: billingIntervalSchema,
  currency: currencySchema,
  seats: z.number().int().min(1).max(10_000).default(1),
});
export type CreateCheckoutInput = z.input<typeof createCheckoutInputSchema>;

export const checkoutCreatedSchema = z.object({ sessionId: z.string(), url: z.string() });
export type CheckoutCreated = z.infer<typeof checkoutCreatedSchema>;

export const checkoutStatuses = ['open', 'complete', 'expired'] as const;

/** A checkout as verified with the payment provider (never from the redirect alone). */
export const checkoutStatusSchema = z.object({
  sessionId: z.string(),
  status: z.enum(checkoutStatuses),
  paid: z.boolean(),
  planId: z.string(),
  interval: billingIntervalSchema,
  currency: currencySchema,
  seats: z.number().int(),
  amount: z.number().int(),
  subscription: subscriptionSchema.nullable(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

export const checkoutSessionParamsSchema = z.object({ sessionId: z.string().min(4).max(255) });

// ---- the built-in TEST MODE provider ----

/** Test cards of the built-in provider (the same numbers Stripe's test mode uses). */
export const testCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAuthentication: '4000002500003155',
} as const;

export const testCheckoutSchema = z.object({
  sessionId: z.string(),
  status: z.enum(checkoutStatuses),
  /**
   * A plan's subscription, a one-time payment (a marketplace purchase: `planName` names it), or a
   * change of the running subscription (`amount` is then prorated for the rest of the period).
   */
  mode: z.enum(['subscription', 'payment', 'change']),
  planName: z.string(),
  interval: billingIntervalSchema.nullable(),
  currency: currencySchema,
  seats: z.number().int(),
  amount: z.number().int(),
  /** A change's proration: the new plan's full price per interval, and until when the prorated amount runs. */
  proration: z.object({ fullAmount: z.number().int(), periodEnd: z.iso.datetime() }).optional(),
  email: z.string(),
  /** Waiting for the (simulated) bank's authentication of the card. */
  requiresAuthentication: z.boolean(),
  successUrl: z.string(),
  cancelUrl: z.string(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

export const testPaymentInputSchema = z.object({
  cardNumber: z
    .string({ error: validationKeys.required })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'billing:checkout.cardInvalid')),
});
export type TestPaymentInput = z.input<typeof testPaymentInputSchema>;

export const testAuthenticationInputSchema = z.object({ approve: z.boolean() });

export const testPaymentResultSchema = z.object({
  outcome: z.enum(['succeeded', 'declined', 'insufficient_funds', 'requires_authentication']),
  redirectUrl: z.string().nullable(),
});
export type TestPaymentResult = z.infer<typeof testPaymentResultSchema>;

// ---- companies and onboarding ----

export const companySizes = ['1', '2-10', '11-50', '51-250', '251+'] as const;
/**
 * What kind of firm the company is. 'investment-adviser' (before the company profile) was split into
 * SEC- and state-registered advisers; the migration rewrote stored rows, and `readCompanyType` reads
 * any value still around.
 */
export const companyTypes = [
  'bank',
  'securities-firm',
  'asset-manager',
  'fiduciary',
  'sec-adviser',
  'state-adviser',
  'other',
] as const;
export type CompanyType = (typeof companyTypes)[number];

/** A stored type as today's list knows it: the old 'investment-adviser' reads as SEC-registered in the US. */
export function readCompanyType(stored: string, country: string): CompanyType {
  if ((companyTypes as readonly string[]).includes(stored)) return stored as CompanyType;
  if (stored === 'investment-adviser' && country === 'US') return 'sec-adviser';
  return 'other';
}

/** Who supervises the company: FINMA, a Swiss self-regulatory organisation (AMLA), the SEC or a state. */
export const companySupervisors = [
  'finma',
  'sro-so-fit',
  'sro-vqf',
  'sro-polyreg',
  'sro-arif',
  'sro-oad-fct',
  'sro-sav-snv',
  'sec',
  'state-regulator',
  'other',
] as const;
export type CompanySupervisor = (typeof companySupervisors)[number];

export const jobRoles = ['compliance-officer', 'mlro', 'analyst', 'adviser', 'learner', 'other'] as const;
export const interestAreas = ['ch-finma', 'ch-aml', 'us-advisers', 'fatf', 'sanctions', 'data-protection'] as const;
export type InterestArea = (typeof interestAreas)[number];

/** The knowledge base's jurisdiction each area's rules come from (data protection spans them all). */
const interestJurisdiction: Record<InterestArea, string | null> = {
  'ch-finma': 'CH',
  'ch-aml': 'CH',
  'us-advisers': 'US',
  fatf: 'INT',
  sanctions: 'INT',
  'data-protection': null,
};

/**
 * The jurisdictions whose passages the assistant puts first for someone working in these areas;
 * none when the areas cover every jurisdiction (or none), since then there is nothing to prefer.
 */
export function preferredJurisdictions(interests: readonly InterestArea[]): string[] {
  const chosen = [...new Set(interests.map((area) => interestJurisdiction[area]).filter((code) => code !== null))];
  const all = new Set(Object.values(interestJurisdiction).filter((code) => code !== null));
  return chosen.length === all.size ? [] : chosen;
}

/**
 * The areas a member of a company works in until they choose their own (an empty choice counts as
 * none): US advisers (SEC- or state-registered, or any US firm) the US adviser rules; Swiss firms
 * FINMA supervision and Swiss AML; everyone the FATF lists and sanctions, which every AML programme
 * screens against. The search and the assistant read these to put the matching frameworks first.
 */
export function defaultInterestsFor(company: { country: string; type: string }): InterestArea[] {
  if (company.type === 'sec-adviser' || company.type === 'state-adviser' || company.country === 'US') {
    return ['us-advisers', 'fatf', 'sanctions'];
  }
  if (company.country === 'CH') return ['ch-finma', 'ch-aml', 'fatf', 'sanctions'];
  return ['fatf', 'sanctions'];
}

/** The i18n keys of the company profile's field messages (onboarding namespace). */
export const companyValidationKeys = {
  uidFormat: 'onboarding:company.errors.uidFormat',
  uidCheckDigit: 'onboarding:company.errors.uidCheckDigit',
  leiFormat: 'onboarding:company.errors.leiFormat',
  leiCheckDigit: 'onboarding:company.errors.leiCheckDigit',
} as const;

/** An optional line of text: trimmed, '' when left empty. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, validationKeys.tooLong)
    .optional()
    .transform((value) => value ?? '');

/** An optional identifier: null when empty, else its canonical form, or the field's message. */
const optionalIdentifier = (parse: (value: string) => IdentifierResult, keys: { format: string; checkDigit: string }) =>
  z
    .string()
    .trim()
    .max(64, keys.format)
    .nullish()
    .transform((value, context) => {
      if (!value) return null;
      const result = parse(value);
      if (result.ok) return result.value;
      context.addIssue({ code: 'custom', message: keys[result.reason], input: value });
      return z.NEVER;
    });

export const companyOnboardingInputSchema = z.object({
  /** The name people use; the legal name (as in the commercial register) may differ. */
  name: requiredText(200),
  legalName: optionalText(200),
  street: optionalText(200),
  postcode: optionalText(20),
  city: optionalText(100),
  size: z.enum(companySizes, { error: validationKeys.required }),
  type: z.enum(companyTypes, { error: validationKeys.required }),
  country: z
    .string({ error: validationKeys.required })
    .trim()
    .regex(/^[A-Z]{2}$/, validationKeys.required),
  /** Swiss UID (CHE-123.456.789), optional, checked by its check digit when given. */
  uid: optionalIdentifier(parseSwissUid, {
    format: companyValidationKeys.uidFormat,
    checkDigit: companyValidationKeys.uidCheckDigit,
  }),
  /** Legal Entity Identifier, optional, checked by its check digits when given. */
  lei: optionalIdentifier(parseLei, {
    format: companyValidationKeys.leiFormat,
    checkDigit: companyValidationKeys.leiCheckDigit,
  }),
  supervisor: z
    .union([z.enum(companySupervisors), z.literal('')], { error: validationKeys.required })
    .nullish()
    .transform((value) => value || null),
  /** The user's own role in the company. */
  jobRole: z.enum(jobRoles, { error: validationKeys.required }),
});
export type CompanyOnboardingInput = z.input<typeof companyOnboardingInputSchema>;
export type CompanyProfile = Omit<z.output<typeof companyOnboardingInputSchema>, 'jobRole'>;

export const userOnboardingInputSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  language: languageSchema,
  jobRole: z.enum(jobRoles, { error: validationKeys.required }),
  interests: z.array(z.enum(interestAreas)).max(interestAreas.length),
});
export type UserOnboardingInput = z.input<typeof userOnboardingInputSchema>;

export const companyMemberRoles = ['admin', 'member'] as const;
export type CompanyMemberRole = (typeof companyMemberRoles)[number];

export const companyMemberSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(companyMemberRoles),
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

/** A colleague invited by e-mail who has not accepted yet: they hold a seat until then. */
export const companyInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  invitedBy: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  expired: z.boolean(),
});
export type CompanyInvitation = z.infer<typeof companyInvitationSchema>;

/** How long an invitation link works. */
export const COMPANY_INVITATION_DAYS = 7;

export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  legalName: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  size: z.enum(companySizes),
  type: z.enum(companyTypes),
  country: z.string(),
  uid: z.string().nullable(),
  lei: z.string().nullable(),
  supervisor: z.enum(companySupervisors).nullable(),
  role: z.enum(companyMemberRoles),
  members: z.array(companyMemberSchema),
  /** Pending invitations (the admin's view; empty for members). */
  invitations: z.array(companyInvitationSchema),
  /** Used: members plus pending invitations. */
  seats: usageFigureSchema,
});
export type CompanyDto = z.infer<typeof companySchema>;

export const onboardingStateSchema = z.object({
  user: z.object({
    firstName: z.string(),
    lastName: z.string(),
    language: languageSchema,
    jobRole: z.enum(jobRoles).nullable(),
    /** The areas the user chose, or, until they choose, their company's defaults (see interestsSource). */
    interests: z.array(z.enum(interestAreas)),
    interestsSource: z.enum(['chosen', 'company', 'none']),
    completed: z.boolean(),
  }),
  company: companySchema.nullable(),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

export const inviteCompanyMemberInputSchema = z.object({
  email: z
    .string({ error: validationKeys.required })
    .trim()
    .toLowerCase()
    .min(1, validationKeys.required)
    .max(254, validationKeys.tooLong)
    .pipe(z.email(validationKeys.email)),
});
export type InviteCompanyMemberInput = z.input<typeof inviteCompanyMemberInputSchema>;

/** The secret from the invitation link (base64url, 43 characters as issued). */
export const invitationTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,200}$/);
export const acceptCompanyInvitationInputSchema = z.object({ token: invitationTokenSchema });
export type AcceptCompanyInvitationInput = z.input<typeof acceptCompanyInvitationInputSchema>;

/** What the accept page shows before the invitee accepts. */
export const companyInvitationPreviewSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  invitedBy: z.string(),
  expiresAt: z.iso.datetime(),
  /** Whether the signed-in account has the invited address (only that account can accept). */
  forThisAccount: z.boolean(),
});
export type CompanyInvitationPreview = z.infer<typeof companyInvitationPreviewSchema>;

export const updateCompanyMemberInputSchema = z.object({
  role: z.enum(companyMemberRoles, { error: validationKeys.required }),
});
export type UpdateCompanyMemberInput = z.input<typeof updateCompanyMemberInputSchema>;

/** Removing a member: their documents stay theirs, or move to another member (`transferTo`). */
export const removeCompanyMemberQuerySchema = z.object({ transferTo: z.uuid().optional() });
export type RemoveCompanyMemberQuery = z.input<typeof removeCompanyMemberQuerySchema>;

// ---- the usage ledger ----

export const usageKinds = ['tokens', 'storage'] as const;
export const usageEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(usageKinds),
  amount: z.number(),
  action: z.string(),
  reference: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type UsageEntry = z.infer<typeof usageEntrySchema>;
export const usageLedgerSchema = z.object({ entries: z.array(usageEntrySchema) });

// ---- grace period after a failed renewal ----

/** Days the plan's limits hold after a renewal payment failed, before the Free plan's apply. */
export const GRACE_PERIOD_DAYS = 7;

/** What the app shell's banner needs: whether a payment failed and until when the plan holds. */
export const billingNoticeSchema = z.object({
  paymentFailed: z.boolean(),
  graceUntil: z.iso.datetime().nullable(),
  graceExpired: z.boolean(),
  canManage: z.boolean(),
});
export type BillingNotice = z.infer<typeof billingNoticeSchema>;

/** Manage subscription: change plan, resume, and (Stripe) the customer portal. */
export const billingPortalSchema = z.object({ url: z.string() });
export type BillingPortal = z.infer<typeof billingPortalSchema>;

// ---- administration ----

export const adminSubscriptionSchema = z.object({
  /** A subscription's id, or a grant's. */
  id: z.uuid(),
  kind: z.enum(['subscription', 'grant']),
  holderType: z.enum(['user', 'company']),
  holderId: z.uuid(),
  holderName: z.string(),
  holderEmail: z.string().nullable(),
  planId: z.string(),
  /** `revoked`: a grant an admin ended before its end date. */
  status: z.enum([...subscriptionStatuses, 'granted', 'expired', 'revoked']),
  provider: paymentProviderSchema.nullable(),
  seats: z.number().int(),
  interval: billingIntervalSchema.nullable(),
  currency: currencySchema.nullable(),
  /** The paid period's end, or the grant's last day. */
  periodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  graceUntil: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** A revoked grant: when, by whom and why. */
  revoked: z.object({ at: z.iso.datetime(), byEmail: z.string(), reason: z.string() }).nullable().optional(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
export const adminSubscriptionListSchema = z.object({ subscriptions: z.array(adminSubscriptionSchema) });

export const adminSubscriptionQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum([...subscriptionStatuses, 'granted', 'expired', 'revoked']).optional(),
});

export const adminCompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  country: z.string(),
  members: z.number().int(),
  planId: z.string(),
  seats: z.number().int(),
  status: z.enum([...subscriptionStatuses, 'granted', 'free']),
  periodEnd: z.iso.datetime().nullable(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;
export const adminCompanyListSchema = z.object({ companies: z.array(adminCompanySchema) });

export const adminUsageQuerySchema = z.object({
  email: z.string({ error: validationKeys.required }).trim().toLowerCase().pipe(z.email(validationKeys.email)),
  kind: z.enum(usageKinds).optional(),
  action: z.string().trim().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type AdminUsageQuery = z.input<typeof adminUsageQuerySchema>;

export const paymentEventVerifications = ['verified', 'invalid_signature', 'duplicate'] as const;
export const paymentEventSchema = z.object({
  id: z.uuid(),
  provider: paymentProviderSchema,
  eventId: z.string().nullable(),
  type: z.string().nullable(),
  objectId: z.string().nullable(),
  verification: z.enum(paymentEventVerifications),
  outcome: z.string().nullable(),
  /** The sender's IP address. */
  source: z.string().nullable().optional(),
  /** How many requests the line stands for (>1: the summary of a bad-signature flood). */
  repeatCount: z.number().int().optional(),
  receivedAt: z.iso.datetime(),
});
export type PaymentEventDto = z.infer<typeof paymentEventSchema>;
export const paymentEventListSchema = z.object({ events: z.array(paymentEventSchema) });
export const paymentEventQuerySchema = z.object({
  verification: z.enum(paymentEventVerifications).optional(),
  type: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/** An admin's grant of a plan without payment, to one user (by e-mail) or to their company. */
export const grantPlanInputSchema = z.object({
  email: z.string({ error: validationKeys.required }).trim().toLowerCase().pipe(z.email(validationKeys.email)),
  holder: z.enum(['user', 'company']),
  planId: planIdSchema,
  seats: z.number().int().min(1).max(10_000).default(1),
  validUntil: z.iso.date({ error: 'billing:adminBilling.grant.untilInvalid' }),
  note: z.string().trim().max(300).default(''),
});
export type GrantPlanInput = z.input<typeof grantPlanInputSchema>;

/** An admin ends a grant before its end date; the reason is kept with it and in the audit log. */
export const revokeGrantInputSchema = z.object({ reason: requiredText(300) });
export type RevokeGrantInput = z.input<typeof revokeGrantInputSchema>;

/** TEST MODE: an admin runs a subscription's renewal now, paid or declined. */
export const simulateRenewalInputSchema = z.object({ outcome: z.enum(['succeeded', 'declined']) });

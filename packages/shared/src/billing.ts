import { z } from 'zod';
import { languageSchema, requiredText, validationKeys } from './auth.ts';

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

export const planLimitsSchema = z.object({
  storageBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  monthlyTokens: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** Members a company subscription covers (1 for personal plans; Team: bought per seat up to this). */
  seats: z.number().int().min(1).max(10_000),
  marketplaceSelling: z.boolean(),
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
  /** A plan's subscription, or a one-time payment (a marketplace purchase: `planName` names it). */
  mode: z.enum(['subscription', 'payment']),
  planName: z.string(),
  interval: billingIntervalSchema.nullable(),
  currency: currencySchema,
  seats: z.number().int(),
  amount: z.number().int(),
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
export const companyTypes = [
  'bank',
  'securities-firm',
  'asset-manager',
  'fiduciary',
  'investment-adviser',
  'other',
] as const;
export const jobRoles = ['compliance-officer', 'mlro', 'analyst', 'adviser', 'learner', 'other'] as const;
export const interestAreas = ['ch-finma', 'ch-aml', 'us-advisers', 'fatf', 'sanctions', 'data-protection'] as const;

export const companyOnboardingInputSchema = z.object({
  name: requiredText(200),
  size: z.enum(companySizes, { error: validationKeys.required }),
  type: z.enum(companyTypes, { error: validationKeys.required }),
  country: z
    .string({ error: validationKeys.required })
    .trim()
    .regex(/^[A-Z]{2}$/, validationKeys.required),
  /** The user's own role in the company. */
  jobRole: z.enum(jobRoles, { error: validationKeys.required }),
});
export type CompanyOnboardingInput = z.input<typeof companyOnboardingInputSchema>;

export const userOnboardingInputSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  language: languageSchema,
  jobRole: z.enum(jobRoles, { error: validationKeys.required }),
  interests: z.array(z.enum(interestAreas)).max(interestAreas.length),
});
export type UserOnboardingInput = z.input<typeof userOnboardingInputSchema>;

export const companyMemberRoles = ['admin', 'member'] as const;

export const companyMemberSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(companyMemberRoles),
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.enum(companySizes),
  type: z.enum(companyTypes),
  country: z.string(),
  role: z.enum(companyMemberRoles),
  members: z.array(companyMemberSchema),
  seats: usageFigureSchema,
});
export type CompanyDto = z.infer<typeof companySchema>;

export const onboardingStateSchema = z.object({
  user: z.object({
    firstName: z.string(),
    lastName: z.string(),
    language: languageSchema,
    jobRole: z.enum(jobRoles).nullable(),
    interests: z.array(z.enum(interestAreas)),
    completed: z.boolean(),
  }),
  company: companySchema.nullable(),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

export const addCompanyMemberInputSchema = z.object({
  email: z.string({ error: validationKeys.required }).trim().toLowerCase().pipe(z.email(validationKeys.email)),
});
export type AddCompanyMemberInput = z.input<typeof addCompanyMemberInputSchema>;

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

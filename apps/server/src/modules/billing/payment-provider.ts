import type { BillingInterval, Currency, PaymentProviderKind, SubscriptionStatus } from '@compliance/shared/billing';

/** What a checkout asks the provider to charge. */
export interface CheckoutRequest {
  /** Our checkout id: the idempotency key, and the provider's client reference. */
  reference: string;
  planId: string;
  planName: string;
  interval: BillingInterval;
  currency: Currency;
  seats: number;
  /** Price of one seat per interval, in minor units. */
  unitAmount: number;
  email: string;
}

/** A plan or seat change of a running subscription: the provider prorates the rest of the period. */
export interface ChangeRequest extends CheckoutRequest {
  /** The provider's subscription to change. */
  subscriptionId: string;
}

/** Where the customer confirms (TEST MODE's page) or follows (Stripe charges the card on file) a change. */
export interface ChangeStarted {
  sessionId: string;
  url: string;
  /** The prorated amount due now, in minor units (negative: a credit), when the provider tells it. */
  amount: number | null;
}

/** A one-time payment (a marketplace purchase): one line, no subscription. */
export interface PaymentRequest {
  /** Our payment id: the idempotency key, and the provider's client reference. */
  reference: string;
  description: string;
  currency: Currency;
  /** Minor units. */
  amount: number;
  email: string;
  /** Absolute or app-relative URLs; `{CHECKOUT_SESSION_ID}` is replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
}

/** A checkout session as the provider reports it when asked (the only source of "paid"). */
export interface ProviderCheckout {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  subscriptionId: string | null;
  customerId: string | null;
  /** The payment of a one-time checkout, once paid (what a refund names). */
  paymentId: string | null;
}

export interface ProviderSubscription {
  id: string;
  status: SubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The newest invoice (the first one right after checkout): read after fulfilment, so none is missed. */
  latestInvoiceId: string | null;
  /**
   * What the subscription's item is now, when it names one of our plans (after a plan change);
   * null when the provider's price is not one the app set (the local plan then stays).
   */
  plan: { planId: string; seats: number; interval: BillingInterval; currency: Currency } | null;
}

/** An invoice as the provider reports it when asked (the only source of an invoice's "paid"). */
export interface ProviderInvoice {
  id: string;
  subscriptionId: string | null;
  paid: boolean;
  /** Minor units actually collected. */
  amountPaid: number;
  currency: string;
  lines: { description: string; quantity: number; unitAmount: number; amount: number }[];
  periodStart: Date | null;
  periodEnd: Date | null;
  /** The payment a refund names. */
  paymentId: string | null;
  /** The provider's own invoice page and PDF, when it has them. */
  hostedUrl: string | null;
  pdfUrl: string | null;
}

/** A webhook event whose signature was verified: which object to re-read, never its payload's state. */
export interface VerifiedEvent {
  id: string;
  type: string;
  objectId: string | null;
  /** The subscription the event is about (subscription and invoice events). */
  subscriptionId: string | null;
  /** The one-time payment the event is about (charge and refund events). */
  paymentId: string | null;
}

/**
 * One interface, two adapters (STYLE.md "Connectors"): the built-in TEST MODE provider and Stripe.
 * Access is granted only from what `retrieveCheckout` / `retrieveSubscription` answer after a
 * verified event or a server-side check, never from a browser redirect.
 */
export interface PaymentProvider {
  kind: PaymentProviderKind;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** A one-time payment's checkout; the same reference opens the same session again. */
  createPayment(request: PaymentRequest): Promise<{ sessionId: string; url: string }>;
  retrieveCheckout(sessionId: string): Promise<ProviderCheckout>;
  /** Gives a one-time payment back in full. */
  refundPayment(paymentId: string, reference: string): Promise<void>;
  /** Whether a one-time payment has been given back in full, however it was (here or at the provider). */
  paymentRefunded(paymentId: string): Promise<boolean>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Stops renewal at the end of the paid period (the data and the plan stay until then). */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Undoes `cancelAtPeriodEnd` while the period still runs: the subscription renews again. */
  resume(subscriptionId: string): Promise<void>;
  /**
   * Changes a running subscription's plan, seats or interval, prorated for the rest of the period
   * and charged now. The change is applied only once paid; the app learns it from the signed
   * `customer.subscription.updated` / `invoice.paid` events, re-reading the subscription.
   */
  changeSubscription(request: ChangeRequest): Promise<ChangeStarted>;
  /** Ends a subscription at once (a plan change replaced it); nothing more is charged for it. */
  cancelNow(subscriptionId: string): Promise<void>;
  retrieveInvoice(invoiceId: string): Promise<ProviderInvoice>;
  /** The provider's own page where a customer updates the card and sees invoices; null when there is none. */
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string } | null>;
  /** Checks the signature over the raw body; throws WEBHOOK_SIGNATURE_INVALID when it does not match. */
  verifyEvent(rawBody: Buffer | string, signature: string): Promise<VerifiedEvent>;
}

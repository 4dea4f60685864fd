/** The limits a plan sets. Every limit the product enforces is one of these. */
export interface PlanLimits {
  /** What a user's library may cost the system: file bytes plus extracted text and search index. */
  storageBytes: number;
  /** LLM tokens per calendar month (UTC). */
  monthlyTokens: number;
  /** Questions per day on /try without an account (per visitor and per IP). */
  anonymousDailyQuestions: number;
}

export interface Plan {
  id: string;
  limits: PlanLimits;
}

/**
 * The plan every account has until billing assigns others: its limits come from the configuration
 * (ANON_DAILY_QUERY_LIMIT and the defaults), so an embedded install can set them without a database edit.
 */
export function defaultPlan(limits: PlanLimits): Plan {
  return { id: 'free', limits };
}

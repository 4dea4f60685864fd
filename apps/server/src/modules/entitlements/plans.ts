/** The limits a plan sets. Every limit the product enforces is one of these. */
export interface PlanLimits {
  /** What a user's library may cost the system: file bytes plus extracted text and search index. */
  storageBytes: number;
  /** LLM tokens per calendar month (UTC). */
  monthlyTokens: number;
  /** Questions per day on /try without an account (per visitor and per IP). */
  anonymousDailyQuestions: number;
  /** Members a company subscription covers (1 for a personal plan). */
  seats: number;
  /** Whether the holder may sell prompts in the marketplace. */
  marketplaceSelling: boolean;
  /** Personal integrations (connections to other tools) the user may keep. */
  connections: number;
}

export interface Plan {
  id: string;
  limits: PlanLimits;
}

/**
 * The plan of every account that billing has not given another one (and of the anonymous trial): its
 * limits come from the configuration (ANON_DAILY_QUERY_LIMIT and the defaults), so an embedded install
 * can set them without a database edit.
 */
export function defaultPlan(
  limits: Omit<PlanLimits, 'seats' | 'marketplaceSelling' | 'connections'> &
    Partial<Pick<PlanLimits, 'seats' | 'marketplaceSelling' | 'connections'>>,
): Plan {
  return { id: 'free', limits: { seats: 1, marketplaceSelling: false, connections: 5, ...limits } };
}

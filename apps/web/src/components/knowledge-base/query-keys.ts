/**
 * The root of every knowledge-base query key: the admin knowledge-base screens and the integrations'
 * branch picker read the same taxonomy, so a change anywhere refreshes it everywhere.
 */
export const knowledgeQueryKey = ['knowledge'] as const;

/** The date both legal documents were last revised (ISO calendar date). */
export const legalLastUpdated = '2026-11-21';

/**
 * Facts the landing page states about the shipped FATF data (see content/ and shared/data/fatf-lists.md).
 * Update them together with the FATF data after each plenary; a test keeps them equal to content/fatf.
 */
export const fatfListsAsOf = '2026-06-19';
export const fatfGreyListTotal = 22;

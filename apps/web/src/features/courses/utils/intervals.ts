/** Cards coming back within this many days are shown again in the same sitting (the server does the same). */
export const LEARN_AHEAD_DAYS = 20 / 1440;

/** An interval as the learner reads it: minutes, hours or days, with i18next's plural keys. */
export function intervalLabel(days: number): { key: 'minutes' | 'hours' | 'days'; count: number } {
  if (days < 1 / 24) return { key: 'minutes', count: Math.max(1, Math.round(days * 1440)) };
  if (days < 1) return { key: 'hours', count: Math.round(days * 24) };
  return { key: 'days', count: Math.round(days) };
}

import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format.ts';

describe('format', () => {
  it('formats numbers the Swiss way in each language', () => {
    // de-CH groups with an apostrophe (ASCII or typographic, depending on the ICU version).
    expect(formatNumber(1234567.5, 'de')).toMatch(/^1['’]234['’]567\.5$/);
    expect(formatNumber(0.5, 'en', { style: 'percent' })).toBe('50%');
  });

  it('formats dates in the interface language', () => {
    const date = new Date(Date.UTC(2025, 0, 15, 12));
    expect(formatDate(date, 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('15 January 2025');
    expect(formatDate(date, 'fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe('15 janvier 2025');
  });
});

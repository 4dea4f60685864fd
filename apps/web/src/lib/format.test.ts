import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatNumber } from './format.ts';

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

  it('formats byte sizes in the units of each language', () => {
    // French separates with a narrow no-break space: compare with plain spaces.
    const bytes = (value: number, language: string) => formatBytes(value, language).replace(/\s/g, ' ');
    expect(bytes(1536, 'en')).toBe('1.5 kB');
    expect(bytes(12.3 * 1024 * 1024, 'en')).toBe('12.3 MB');
    expect(bytes(1024 ** 3, 'en')).toBe('1 GB');
    expect(bytes(1536, 'fr')).toBe('1,5 ko');
    expect(bytes(12.3 * 1024 * 1024, 'fr')).toBe('12,3 Mo');
    expect(bytes(1024 ** 3, 'fr')).toBe('1 Go');
    expect(bytes(0, 'en')).toBe('0 bytes');
    expect(bytes(1, 'en')).toBe('1 byte');
    expect(bytes(512, 'fr')).toBe('512 octets');
    // Past the largest unit the number grows instead.
    expect(bytes(2048 * 1024 ** 3, 'en')).toMatch(/^2,048 GB$/);
  });
});

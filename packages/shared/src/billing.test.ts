import { describe, expect, it } from 'vitest';
import { defaultInterestsFor, preferredJurisdictions } from './billing.ts';

describe('the jurisdictions the assistant puts first', () => {
  it('follows a company’s default areas', () => {
    expect(preferredJurisdictions(defaultInterestsFor({ country: 'US', type: 'sec-adviser' }))).toEqual(['US', 'INT']);
    expect(preferredJurisdictions(defaultInterestsFor({ country: 'CH', type: 'bank' }))).toEqual(['CH', 'INT']);
    expect(preferredJurisdictions(defaultInterestsFor({ country: 'DE', type: 'bank' }))).toEqual(['INT']);
  });

  it('prefers nothing when the areas span every jurisdiction, or name none', () => {
    expect(preferredJurisdictions(['ch-aml', 'us-advisers', 'fatf'])).toEqual([]);
    expect(preferredJurisdictions(['data-protection'])).toEqual([]);
    expect(preferredJurisdictions([])).toEqual([]);
  });
});

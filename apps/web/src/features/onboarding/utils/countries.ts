/** Where the product's customers are: Switzerland and its neighbours first, then other financial centres. */
const countryCodes = [
  'CH',
  'LI',
  'DE',
  'AT',
  'FR',
  'IT',
  'LU',
  'BE',
  'NL',
  'ES',
  'PT',
  'IE',
  'GB',
  'MC',
  'US',
  'CA',
  'SG',
  'HK',
  'AE',
  'JE',
  'GG',
  'IM',
  'KY',
  'BS',
  'BM',
] as const;

/** The countries as options, named in the interface language by Intl (no translation files needed). */
export function countryOptions(language: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const [first, ...rest] = countryCodes.map((code) => ({ value: code, label: names.of(code) ?? code }));
  return [first!, ...rest.sort((a, b) => a.label.localeCompare(b.label, language))];
}

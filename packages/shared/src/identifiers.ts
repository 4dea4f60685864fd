/**
 * Company identifiers with check digits, one rule for the browser and the server (no zod here, so
 * anything may import it). Each `parse…` answers the canonical form, or why the value is refused:
 * `format` (not shaped like one) or `checkDigit` (shaped right, but a digit is wrong — a typo).
 */

export type IdentifierResult = { ok: true; value: string } | { ok: false; reason: 'format' | 'checkDigit' };

const UID_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4] as const;

/**
 * The check digit of a Swiss UID (eCH-0097, modulus 11) over its first eight digits: weights
 * 5,4,3,2,7,6,5,4; check = 11 − (sum mod 11); 11 becomes 0; 10 means no UID has these eight digits.
 */
export function swissUidCheckDigit(firstEight: string): number | null {
  if (!/^\d{8}$/.test(firstEight)) return null;
  const sum = UID_WEIGHTS.reduce((total, weight, index) => total + weight * Number(firstEight[index]), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return null;
  return check === 11 ? 0 : check;
}

/**
 * A Swiss company UID as `CHE-123.456.789`. Accepts the usual ways of writing it (with or without
 * the dots and hyphen, spaces, lower case, and the `MWST`/`TVA`/`IVA`/`HR`/`IDI`/`IDE` suffixes people
 * copy from the register) and answers the canonical form.
 */
export function parseSwissUid(input: string): IdentifierResult {
  const compact = input
    .toUpperCase()
    .replace(/\s+(MWST|TVA|IVA|VAT|HR|RC|RI|IDI|IDE|UID)\.?$/u, '')
    .replace(/[\s.\-–]/g, '');
  const match = /^(?:CHE)?(\d{9})$/.exec(compact);
  if (!match?.[1]) return { ok: false, reason: 'format' };
  const digits = match[1];
  if (swissUidCheckDigit(digits.slice(0, 8)) !== Number(digits[8])) return { ok: false, reason: 'checkDigit' };
  return { ok: true, value: `CHE-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}` };
}

/**
 * ISO 7064 MOD 97-10 as IBAN and LEI use it: letters count as two digits (A = 10 … Z = 35) and the
 * whole number modulo 97 must be 1. Computed piecewise, so no big integers are needed.
 */
export function mod97(alphanumeric: string): number {
  let remainder = 0;
  for (const char of alphanumeric) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/**
 * A Legal Entity Identifier (ISO 17442): 18 letters and digits, then two check digits, 20 in all;
 * valid when the whole code is 1 modulo 97. Spaces are ignored and letters upper-cased.
 */
export function parseLei(input: string): IdentifierResult {
  const compact = input.toUpperCase().replace(/\s+/g, '');
  if (!/^[A-Z0-9]{18}\d{2}$/.test(compact)) return { ok: false, reason: 'format' };
  if (mod97(compact) !== 1) return { ok: false, reason: 'checkDigit' };
  return { ok: true, value: compact };
}

import { describe, expect, it } from 'vitest';
import { mod97, parseLei, parseSwissUid, swissUidCheckDigit } from './identifiers.ts';

describe('Swiss UID (eCH-0097, modulus 11)', () => {
  it('accepts real UIDs from the register and answers the canonical form', () => {
    // 1·5 + 1·4 + 6·3 + 2·2 + 8·7 + 1·6 + 7·5 + 1·4 = 132 = 12·11 → 11 − 0 = 11 → check digit 0.
    expect(swissUidCheckDigit('11628171')).toBe(0);
    expect(parseSwissUid('CHE-116.281.710')).toEqual({ ok: true, value: 'CHE-116.281.710' });
    expect(parseSwissUid('CHE-101.329.561')).toEqual({ ok: true, value: 'CHE-101.329.561' });
  });

  it('accepts the ways people write a UID: compact, lower case, spaces, a register suffix', () => {
    for (const written of [
      'CHE116281710',
      'che-116.281.710',
      ' CHE 116 281 710 ',
      'CHE-116.281.710 MWST',
      '116281710',
    ]) {
      expect(parseSwissUid(written)).toEqual({ ok: true, value: 'CHE-116.281.710' });
    }
  });

  it('refuses a wrong check digit, and eight digits whose check would be 10', () => {
    expect(parseSwissUid('CHE-116.281.711')).toEqual({ ok: false, reason: 'checkDigit' });
    expect(parseSwissUid('CHE-101.329.562')).toEqual({ ok: false, reason: 'checkDigit' });
    // 1·5 + 1·5 + 6·4 = 34 → 34 mod 11 = 1 → 11 − 1 = 10: no UID starts with these eight digits.
    expect(swissUidCheckDigit('10000016')).toBeNull();
    for (let last = 0; last <= 9; last += 1) {
      expect(parseSwissUid(`CHE-100.000.16${last}`)).toEqual({ ok: false, reason: 'checkDigit' });
    }
  });

  it('refuses what is not shaped like a UID', () => {
    for (const bad of ['', 'CHE-116.281.71', 'CHE-116.281.7100', 'DEU-116.281.710', 'CHE-116.281.71O', 'hello']) {
      expect(parseSwissUid(bad)).toEqual({ ok: false, reason: 'format' });
    }
  });
});

describe('LEI (ISO 17442, ISO 7064 MOD 97-10)', () => {
  it('accepts real LEIs', () => {
    for (const lei of [
      '5493001KJTIIGC8Y1R12',
      '529900T8BM49AURSDO55',
      'HWUPKR0MPOU8FGXBT394',
      '549300SZJ9VS8SGXAN81',
    ]) {
      expect(parseLei(lei)).toEqual({ ok: true, value: lei });
      expect(mod97(lei)).toBe(1);
    }
    expect(parseLei(' 5493 001k jtii gc8y 1r12 ')).toEqual({ ok: true, value: '5493001KJTIIGC8Y1R12' });
  });

  it('refuses a typo: a changed character or two swapped check digits', () => {
    expect(parseLei('5493001KJTIIGC8Y1R13')).toEqual({ ok: false, reason: 'checkDigit' });
    expect(parseLei('5493001KJTIIGC8Y1R21')).toEqual({ ok: false, reason: 'checkDigit' });
    expect(parseLei('5493001KJTIIGC8Y2R12')).toEqual({ ok: false, reason: 'checkDigit' });
  });

  it('refuses what is not 20 letters and digits ending in two digits', () => {
    for (const bad of [
      '',
      '5493001KJTIIGC8Y1R1',
      '5493001KJTIIGC8Y1R123',
      '5493001KJTIIGC8Y1RAB',
      '5493001KJTIIGC8Y-R12',
    ]) {
      expect(parseLei(bad)).toEqual({ ok: false, reason: 'format' });
    }
  });

  it('computes MOD 97-10 as IBAN does (a letter counts as two digits, A = 10)', () => {
    // The IBAN example of ISO 13616: GB82 WEST 1234 5698 7654 32, rearranged.
    expect(mod97('WEST12345698765432GB82')).toBe(1);
    expect(mod97('A')).toBe(10);
  });
});

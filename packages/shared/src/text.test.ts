import { describe, expect, it } from 'vitest';
import { folderNameSchema } from './documents.ts';
import { displayText, hiddenCharactersKey } from './text.ts';

const name = displayText(50, { required: 'required', tooLong: 'tooLong' });

describe('display text', () => {
  it('normalises to NFC and trims', () => {
    expect(name.parse('  Zoe\u0301 ')).toBe('Zoé');
  });

  it.each([
    ['a right-to-left override', 'Admin\u202Enimda'],
    ['a zero-width space', 'Ad\u200Bmin'],
    ['an isolate', 'Alice\u2066x\u2069'],
    ['a control character', 'Bob\u0007'],
  ])('refuses %s with a translated message', (_, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(hiddenCharactersKey);
  });

  it('keeps full-width and accented letters as typed', () => {
    expect(name.parse('Ａｄｍｉｎ Müller')).toBe('Ａｄｍｉｎ Müller');
  });

  it('refuses hidden characters in folder names too', () => {
    expect(folderNameSchema.safeParse('Reports\u202Etxt.exe').success).toBe(false);
  });
});

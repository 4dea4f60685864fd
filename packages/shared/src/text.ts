import { z } from 'zod';

/**
 * Characters that reorder or hide what a name shows: C0/C1 controls, zero-width marks, bidirectional
 * embeddings, overrides and isolates. A name holding one could pass for another (an override can make "nimdA" read as "Admin").
 */
export const HIDDEN_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

export const hiddenCharactersKey = 'errors:validation.hiddenCharacters';

export function hasHiddenCharacters(value: string): boolean {
  return HIDDEN_CHARACTERS.test(value);
}

/** Search text: NUL characters (which PostgreSQL refuses in text) are dropped, the rest trimmed and bounded. */
export function searchText(max: number) {
  return z
    .string()
    .overwrite((value) => value.replaceAll('\u0000', '').trim())
    .max(max);
}

/**
 * A name or title as people type it: Unicode-normalised (NFC), trimmed, required, bounded, and free
 * of hidden characters. The messages are i18n keys.
 */
export function displayText(max: number, messages: { required: string; tooLong?: string }) {
  return (
    z
      .string({ error: messages.required })
      // An overwrite, not a transform: the schema stays a string schema, usable for responses too.
      .overwrite((value) => value.normalize('NFC').trim())
      .min(1, messages.required)
      .max(max, messages.tooLong ?? messages.required)
      .refine((value) => !hasHiddenCharacters(value), hiddenCharactersKey)
  );
}

/** Hidden characters other than the line breaks and tabs that long texts may hold. */
const HIDDEN_IN_LONG_TEXT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

/**
 * A long text people write (a note, an essay, a card): Unicode-normalised, line breaks kept,
 * bounded, free of hidden characters. May be empty; `.min()` it where a text is required.
 */
export function longText(max: number, tooLong: string) {
  return z
    .string()
    .overwrite((value) => value.normalize('NFC').replaceAll('\r\n', '\n'))
    .max(max, tooLong)
    .refine((value) => !HIDDEN_IN_LONG_TEXT.test(value), hiddenCharactersKey);
}

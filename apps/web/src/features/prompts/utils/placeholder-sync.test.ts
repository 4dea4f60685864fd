import { describe, expect, it } from 'vitest';
import { newPlaceholder, placeholderReport, syncPlaceholders } from './placeholder-sync.ts';

describe('placeholders that follow the text', () => {
  it('adds a placeholder for each new {{name}} and flags invalid, undefined and unused ones', () => {
    const defined = [{ ...newPlaceholder('country'), description: 'Country' }, newPlaceholder('spare')];
    expect(syncPlaceholders('{{country}} {{amount}}', defined, new Set())).toEqual({ remove: [], add: ['amount'] });
    expect(placeholderReport('{{country}} {{client name}} {{amount}}', defined)).toEqual({
      used: ['country', 'amount'],
      invalidTokens: ['client name'],
      undefinedNames: ['amount'],
      unusedNames: ['spare'],
    });
  });

  it('drops a placeholder it added itself once its token is gone, unless the user worked on it', () => {
    // Typing inside {{}}: {{c}} → {{cl}} leaves only the latest name.
    const autoAdded = new Set(['c']);
    expect(syncPlaceholders('{{cl}}', [newPlaceholder('c')], autoAdded)).toEqual({ remove: [0], add: ['cl'] });
    const described = { ...newPlaceholder('c'), description: 'The client' };
    expect(syncPlaceholders('{{cl}}', [described], autoAdded)).toEqual({ remove: [], add: ['cl'] });
    // Placeholders the user defined (not added by the editor) always stay.
    expect(syncPlaceholders('', [newPlaceholder('c')], new Set())).toEqual({ remove: [], add: [] });
  });
});

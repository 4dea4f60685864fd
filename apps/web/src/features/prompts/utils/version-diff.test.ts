import type { Placeholder } from '@compliance/shared/prompts';
import { describe, expect, it } from 'vitest';
import { diffPlaceholders, diffText, hasChanges } from './version-diff.ts';

const base: Placeholder = { name: 'a', description: 'A', type: 'text', required: true, defaultValue: '', options: [] };

describe('comparing two versions', () => {
  it('marks the words added and removed', () => {
    const parts = diffText('Assess the client risk.', 'Assess the PEP client risk now.');
    expect(parts.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual(['PEP', 'now']);
    expect(parts.some((part) => part.kind === 'removed')).toBe(false);
    expect(parts.map((part) => (part.kind === 'removed' ? '' : part.text)).join('')).toBe(
      'Assess the PEP client risk now.',
    );
    expect(hasChanges(diffText('same', 'same'))).toBe(false);
  });

  it('lists placeholders added, removed and changed', () => {
    const before = [base, { ...base, name: 'b' }];
    const after = [
      { ...base, description: 'Changed' },
      { ...base, name: 'c' },
    ];
    expect(diffPlaceholders(before, after)).toEqual({ added: ['c'], removed: ['b'], changed: ['a'] });
  });
});

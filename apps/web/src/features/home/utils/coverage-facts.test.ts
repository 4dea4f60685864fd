import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fatfGreyListTotal, fatfListsAsOf } from './coverage-facts';

const contentDir = join(import.meta.dirname, '../../../../../../content/fatf');

describe('landing-page FATF facts', () => {
  it('match the shipped FATF data', () => {
    const meta = JSON.parse(readFileSync(join(contentDir, 'meta.json'), 'utf8')) as { asOf: string };
    const jurisdictions = JSON.parse(readFileSync(join(contentDir, 'jurisdictions.json'), 'utf8')) as {
      status: string;
    }[];
    expect(fatfListsAsOf).toBe(meta.asOf);
    expect(fatfGreyListTotal).toBe(jurisdictions.filter((j) => j.status === 'grey').length);
  });
});

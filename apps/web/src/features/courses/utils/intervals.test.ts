import { describe, expect, it } from 'vitest';
import { intervalLabel } from './intervals.ts';

describe('intervalLabel', () => {
  it('reads minutes, hours and days', () => {
    expect(intervalLabel(1 / 1440)).toEqual({ key: 'minutes', count: 1 });
    expect(intervalLabel(10 / 1440)).toEqual({ key: 'minutes', count: 10 });
    expect(intervalLabel(0.25)).toEqual({ key: 'hours', count: 6 });
    expect(intervalLabel(3.4)).toEqual({ key: 'days', count: 3 });
  });
});

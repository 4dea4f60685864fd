import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv.ts';

describe('csv', () => {
  it('quotes what needs quoting and never lets a cell become a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(
      csvText([
        ['a', 'b'],
        ['1', 'x\ny'],
      ]),
    ).toBe('a,b\r\n1,"x\ny"\r\n');
  });
});

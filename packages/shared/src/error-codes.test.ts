import { describe, expect, it } from 'vitest';
import { errorBodySchema } from './errors.ts';
import { isErrorCode, readErrorBody } from './error-codes.ts';

describe('error codes without zod', () => {
  it('knows the codes', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('NO_SUCH_CODE')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });

  it('reads error bodies exactly as the zod schema does', () => {
    const samples: unknown[] = [
      { error: { code: 'VALIDATION_FAILED', message: 'Invalid body', fields: { name: 'FOLDER_NAME_REQUIRED' } } },
      { error: { code: 'NOT_FOUND', message: 'Not found' } },
      { error: { code: 'NOT_A_CODE', message: 'x' } },
      { error: { code: 'NOT_FOUND' } },
      { error: { code: 'NOT_FOUND', message: 'x', fields: { name: 3 } } },
      { error: null },
      '<html>proxy error</html>',
      null,
      undefined,
    ];
    for (const sample of samples) {
      const parsed = errorBodySchema.safeParse(sample);
      expect(readErrorBody(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data.error : null);
    }
  });
});

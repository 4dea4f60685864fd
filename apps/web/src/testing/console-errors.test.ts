import { describe, expect, it } from 'vitest';
import { allowConsoleError, startRecordingConsoleErrors, stopRecordingConsoleErrors } from './console-errors.ts';

describe('console errors in tests', () => {
  it('reports an unexpected console.error and lets an allowed one pass', () => {
    // The setup file records every test; restart to look at this test's record alone.
    stopRecordingConsoleErrors();
    startRecordingConsoleErrors();
    allowConsoleError(/expected failure/);
    console.error('an expected failure of the test');
    console.error(new Error('something broke'));
    expect(stopRecordingConsoleErrors()).toEqual(['something broke']);
    startRecordingConsoleErrors();
  });
});

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import { startRecordingConsoleErrors, stopRecordingConsoleErrors } from './console-errors.ts';

// Tests wait for conditions, never for time: this is only how long a condition may take before the
// test fails. It is generous so that a busy machine (CI, a second process on both cores) never turns
// a slow render into a failure; the default of 1 s did.
configure({ asyncUtilTimeout: 15_000 });

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

// A test fails on an unexpected console.error (STYLE.md "Tests"): a screen that works while logging
// errors is broken. Tests that expect one say so with `allowConsoleError(/pattern/)`.
beforeEach(() => {
  startRecordingConsoleErrors();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  const unexpected = stopRecordingConsoleErrors();
  expect(unexpected, 'unexpected console.error').toEqual([]);
});

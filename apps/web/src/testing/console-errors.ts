/**
 * Records console.error calls during a test so that the test fails on an unexpected one. A test that
 * expects errors either calls `allowConsoleError(/pattern/)` or replaces console.error itself (e.g.
 * `vi.spyOn(console, 'error').mockImplementation(...)`), which takes the calls out of this record.
 */
let allowed: RegExp[] = [];
let recorded: string[] = [];
let original: typeof console.error | null = null;

/** Lets the current test log console errors matching `pattern` (e.g. an error boundary's report). */
export function allowConsoleError(pattern: RegExp): void {
  allowed.push(pattern);
}

export function startRecordingConsoleErrors(): void {
  allowed = [];
  recorded = [];
  original = console.error;
  const passThrough = original;
  console.error = (...args: unknown[]) => {
    recorded.push(args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '));
    passThrough(...args);
  };
}

/** Stops recording and answers the calls no `allowConsoleError` pattern covers. */
export function stopRecordingConsoleErrors(): string[] {
  if (original) console.error = original;
  original = null;
  return recorded.filter((text) => !allowed.some((pattern) => pattern.test(text)));
}

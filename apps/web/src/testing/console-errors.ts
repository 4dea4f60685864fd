/**
 * Records console.error calls during a test so that the test fails on an unexpected one. A test that
 * expects errors calls `allowConsoleError(/pattern/)`: matching calls are neither printed nor
 * counted until the test is over, including those logged late (e.g. while the page unmounts).
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
    const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
    if (allowed.some((pattern) => pattern.test(text))) return;
    recorded.push(text);
    passThrough(...args);
  };
}

/** Stops recording and answers the calls no `allowConsoleError` pattern covers. */
export function stopRecordingConsoleErrors(): string[] {
  if (original) console.error = original;
  original = null;
  return recorded.filter((text) => !allowed.some((pattern) => pattern.test(text)));
}

/** p50/p95/p99 of a list of millisecond timings, rounded for printing. */
export function summarise(millis: number[]): Record<string, number> {
  const sorted = [...millis].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (value: number) => Math.round(value * 100) / 100;
  return { 'p50 ms': round(at(0.5)), 'p95 ms': round(at(0.95)), 'p99 ms': round(at(0.99)) };
}

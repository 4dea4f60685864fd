// An extra job runner's entry point: drizzle-orm resolves to its CommonJS build (runtime/drizzle-commonjs.ts)
// before the worker loads.
import './runtime/drizzle-commonjs.ts';

await import('./worker-main.ts');

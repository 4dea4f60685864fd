// An extra job runner's entry point: glibc's allocator tuned (runtime/malloc-tuning.ts), and drizzle-orm
// resolves to its CommonJS build (runtime/drizzle-commonjs.ts) before the worker loads.
import './runtime/malloc-tuning.ts';
import './runtime/drizzle-commonjs.ts';

await import('./worker-main.ts');

// The server's entry point. It first runs itself again with glibc's allocator tuned (runtime/malloc-tuning.ts),
// then switches off V8's allocation-site pretenuring (runtime/v8-tuning.ts).
// drizzle-orm must resolve to its CommonJS build before any module that imports it is loaded
// (runtime/drizzle-commonjs.ts): the server itself loads after the hook.
import './runtime/malloc-tuning.ts';
import './runtime/v8-tuning.ts';
import './runtime/drizzle-commonjs.ts';

await import('./server-main.ts');

// The server's entry point. drizzle-orm must resolve to its CommonJS build before any module that
// imports it is loaded (runtime/drizzle-commonjs.ts): the server itself loads after the hook.
import './runtime/drizzle-commonjs.ts';

await import('./server-main.ts');

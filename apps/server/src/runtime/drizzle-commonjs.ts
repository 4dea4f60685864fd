import { registerHooks } from 'node:module';

/**
 * Every import of drizzle-orm loads its CommonJS build instead of its ES module build. The two are
 * the same code, but V8 links the ES build's chains of `export *` slowly: loading it took about 2 s
 * and left some 150 MB of memory the process never gave back (docs/performance.md, "Memory").
 * All of the process resolves through this hook, so only one copy of drizzle is ever loaded
 * (its `is()` checks compare classes, which two copies would break).
 */
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
      return nextResolve(specifier, { ...context, conditions: ['require', 'node', 'default'] });
    }
    return nextResolve(specifier, context);
  },
});

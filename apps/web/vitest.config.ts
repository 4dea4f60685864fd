import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/testing/setup-tests.ts'],
      // A bound for a stuck test, not a speed target: a form test typing into many fields took more
      // than the default 5 s on a busy 2-core machine.
      testTimeout: 30_000,
    },
  }),
);

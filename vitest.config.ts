import { defineConfig } from 'vitest/config';

// One runner, three projects: `npm run test:unit` runs web + shared, `npm run test:integration` the server
// suite against a fresh PGlite (or PostgreSQL when DATABASE_URL is set, see scripts/test-postgres.ts).
export default defineConfig({
  test: {
    projects: ['apps/web', 'apps/server', 'packages/shared'],
  },
});

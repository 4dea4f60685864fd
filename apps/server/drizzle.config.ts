import { defineConfig } from 'drizzle-kit';

// `npm run db:generate --workspace apps/server` writes SQL for schema changes into src/db/migrations
// (committed; applied at start-up). test/db/migrations.test.ts fails when they are stale.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});

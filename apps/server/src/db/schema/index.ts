// Every table of the app. drizzle-kit reads this folder; the Drizzle client gets this object as its schema.
export * from './accounts.ts';
export * from './app-settings.ts';
export * from './chat.ts';
export * from './countries.ts';
export * from './documents.ts';
export * from './jobs.ts';
export * from './prompts.ts';
export * from './users.ts';
export * from './billing.ts';
export * from './courses.ts';
export * from './marketplace.ts';
export * from './integrations.ts';
export * from './tickets.ts';

// Every table of the app. drizzle-kit reads this folder; the Drizzle client gets this object as its schema.
export * from './app-settings.ts';
export * from './jobs.ts';
export * from './users.ts';

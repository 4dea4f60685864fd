import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppSettingsRepository } from './app-settings.repository.ts';

const installationSchema = z.object({ id: z.uuid(), createdAt: z.iso.datetime() });
export type Installation = z.infer<typeof installationSchema>;

/**
 * The identity of this install, created with its database: it tells support and the logs which
 * database a process runs on, and shows that data survived a restart.
 */
export async function ensureInstallation(settings: AppSettingsRepository): Promise<Installation> {
  const stored = await settings.getOrInsert('installation', { id: randomUUID(), createdAt: new Date().toISOString() });
  return installationSchema.parse(stored);
}

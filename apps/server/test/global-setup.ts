import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPgliteDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory archive; undefined when the suite runs on PostgreSQL. */
    pgliteTemplatePath: string | undefined;
  }
}

/**
 * Creating and migrating a PGlite database takes over a second; loading a ready one takes a fraction
 * of that. So the migrated empty database is built once per run and every test starts from a copy.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplatePath', undefined);
    return () => undefined;
  }
  const database = await openPgliteDatabase();
  await database.migrate();
  const archive = await database.dumpDataDir();
  await database.close();

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-test-template-'));
  const templatePath = path.join(folder, 'pgdata.tar');
  fs.writeFileSync(templatePath, Buffer.from(await archive.arrayBuffer()));
  project.provide('pgliteTemplatePath', templatePath);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

// `npm run backup -- [folder]` and `npm run restore -- <backup-folder>` for the embedded install:
// a consistent copy of the PGlite database (its own dump format) plus the stored files. The server
// must be stopped: both take the DATA_DIR lock, so a running server makes them refuse with a message.
import fs from 'node:fs';
import path from 'node:path';
import { openPgliteDatabase } from './db/client.ts';
import { loadConfigOrExit } from './process-lifecycle.ts';

const DATABASE_ARCHIVE = 'pgdata.tar';
const FILES_FOLDER = 'files';
// The key integration secrets are encrypted with, when INTEGRATIONS_SECRET_KEY is not set: without it
// a restored install could not read its connections' credentials.
const KEY_FILES = ['integrations.key'];

const [command, target] = process.argv.slice(2);
const config = loadConfigOrExit(process.env);

if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump / pg_restore, or your provider’s snapshots).',
  );
  process.exit(2);
}

try {
  if (command === 'backup') await backup(target ?? path.join(process.env.INIT_CWD ?? process.cwd(), 'backups'));
  else if (command === 'restore' && target) await restore(target);
  else {
    console.error('Usage: npm run backup -- [folder]   |   npm run restore -- <backup-folder>');
    process.exit(2);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

async function backup(parentFolder: string): Promise<void> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const folder = path.resolve(parentFolder, `compliance-backup-${stamp}`);
  const database = await openPgliteDatabase({ dataDir: config.dataDir });
  try {
    fs.mkdirSync(folder, { recursive: true });
    const archive = await database.dumpDataDir();
    fs.writeFileSync(path.join(folder, DATABASE_ARCHIVE), Buffer.from(await archive.arrayBuffer()));
    const files = path.join(config.dataDir, FILES_FOLDER);
    if (fs.existsSync(files)) fs.cpSync(files, path.join(folder, FILES_FOLDER), { recursive: true });
    for (const name of KEY_FILES) {
      const key = path.join(config.dataDir, name);
      if (fs.existsSync(key)) fs.copyFileSync(key, path.join(folder, name));
    }
  } finally {
    await database.close();
  }
  console.log(`Backup written to ${folder}`);
}

async function restore(backupFolder: string): Promise<void> {
  const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), backupFolder);
  const archivePath = path.join(folder, DATABASE_ARCHIVE);
  if (!fs.existsSync(archivePath)) throw new Error(`${archivePath} not found: is this a backup folder?`);
  const pgdata = path.join(config.dataDir, 'pgdata');
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) {
    throw new Error(`${config.dataDir} already holds a database. Move it away (or point DATA_DIR elsewhere) first.`);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const archive = new Blob([fs.readFileSync(archivePath)]);
  const database = await openPgliteDatabase({ dataDir: config.dataDir, loadDataDir: archive });
  await database.close();
  const files = path.join(folder, FILES_FOLDER);
  if (fs.existsSync(files)) fs.cpSync(files, path.join(config.dataDir, FILES_FOLDER), { recursive: true });
  for (const name of KEY_FILES) {
    const key = path.join(folder, name);
    if (fs.existsSync(key)) {
      fs.copyFileSync(key, path.join(config.dataDir, name));
      fs.chmodSync(path.join(config.dataDir, name), 0o600);
    }
  }
  console.log(`Restored ${folder} into ${config.dataDir}`);
}

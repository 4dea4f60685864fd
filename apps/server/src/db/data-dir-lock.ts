import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite serves one connection and runs with fsync off: two processes on the same data directory
 * would corrupt it. Each process therefore holds a lock file (with its pid) on DATA_DIR for as long
 * as the embedded database is open. A lock left by a process that died is taken over.
 */

export const lockFileName = 'instance.lock';

interface LockHolder {
  pid: number;
  hostname: string;
  token: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  readonly dataDir: string;

  constructor(dataDir: string, holder: LockHolder | undefined) {
    const lockPath = path.join(dataDir, lockFileName);
    const who = holder
      ? `process ${holder.pid} on ${holder.hostname === os.hostname() ? 'this machine' : `host "${holder.hostname}"`}`
      : 'another process';
    super(
      `DATA_DIR ${dataDir} is already in use by ${who}. Stop that Compliance Assistant process first, or set ` +
        `DATA_DIR to another directory. (The embedded database allows one process at a time; to run extra ` +
        `workers, use PostgreSQL via DATABASE_URL.) If you are sure no such process is running, delete ${lockPath}.`,
    );
    this.dataDir = dataDir;
  }
}

export interface DataDirLock {
  /** The pid of a dead process whose lock was taken over, for the start-up log. */
  readonly tookOverFromPid: number | undefined;
  release(): void;
}

// Locks held by this process: the same pid in the file is then a live holder, not a stale one.
const locksHeldHere = new Set<string>();

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, lockFileName);
  const me: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    token: randomUUID(),
    startedAt: new Date().toISOString(),
  };
  let tookOverFromPid: number | undefined;

  // Two rounds: the second one follows the removal of a stale lock.
  for (let round = 0; round < 2; round += 1) {
    if (createExclusively(lockPath, JSON.stringify(me))) {
      locksHeldHere.add(lockPath);
      return {
        tookOverFromPid,
        release: () => {
          locksHeldHere.delete(lockPath);
          if (readHolder(lockPath)?.token === me.token) fs.rmSync(lockPath, { force: true });
        },
      };
    }
    const holder = readHolder(lockPath);
    if (holder && isHolderAlive(holder, lockPath)) throw new DataDirLockedError(dataDir, holder);
    tookOverFromPid = holder?.pid;
    fs.rmSync(lockPath, { force: true });
  }
  throw new DataDirLockedError(dataDir, readHolder(lockPath));
}

/** Writes the whole file or nothing, so a concurrent reader never sees a half-written lock. */
function createExclusively(lockPath: string, content: string): boolean {
  const tempPath = `${lockPath}.${process.pid}.${randomUUID()}.tmp`;
  fs.writeFileSync(tempPath, content);
  try {
    fs.linkSync(tempPath, lockPath);
    return true;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    // Some file systems (FAT, a few network shares) have no hard links.
    if (isErrno(error, 'EPERM') || isErrno(error, 'ENOTSUP') || isErrno(error, 'ENOSYS')) {
      try {
        fs.writeFileSync(lockPath, content, { flag: 'wx' });
        return true;
      } catch (fallbackError) {
        if (isErrno(fallbackError, 'EEXIST')) return false;
        throw fallbackError;
      }
    }
    throw error;
  } finally {
    fs.rmSync(tempPath, { force: true });
  }
}

function readHolder(lockPath: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockHolder>;
    if (typeof holder.pid !== 'number' || typeof holder.hostname !== 'string' || typeof holder.token !== 'string') {
      return undefined;
    }
    return holder as LockHolder;
  } catch {
    return undefined;
  }
}

function isHolderAlive(holder: LockHolder, lockPath: string): boolean {
  // A pid means nothing on another machine (shared folder): never take such a lock over silently.
  if (holder.hostname !== os.hostname()) return true;
  if (holder.pid === process.pid) {
    // Containers restart with the same pid (often 1): only our own open lock counts as alive.
    return locksHeldHere.has(lockPath);
  }
  if (!isProcessRunning(holder.pid)) return false;
  // The pid may have been reused by an unrelated program since the holder died.
  return isNodeProcess(holder.pid);
}

function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return isErrno(error, 'EPERM');
  }
}

function isNodeProcess(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // No /proc (macOS, Windows): trust the pid check.
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

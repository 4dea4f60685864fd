import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockFileName } from './data-dir-lock.ts';

describe('DATA_DIR lock', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-lock-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const writeLock = (holder: Record<string, unknown>) =>
    fs.writeFileSync(
      path.join(dataDir, lockFileName),
      JSON.stringify({ hostname: os.hostname(), token: 'other', startedAt: new Date().toISOString(), ...holder }),
    );

  it('records the holding pid and refuses a second holder with a message naming the directory', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, lockFileName), 'utf8')).pid).toBe(process.pid);

    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(
      `DATA_DIR ${dataDir} is already in use by process ${process.pid}`,
    );

    lock.release();
    expect(fs.existsSync(path.join(dataDir, lockFileName))).toBe(false);
    acquireDataDirLock(dataDir).release();
  });

  it('creates the directory when it does not exist yet', () => {
    const nested = path.join(dataDir, 'a', 'b');
    acquireDataDirLock(nested).release();
    expect(fs.existsSync(nested)).toBe(true);
  });

  it('takes over the lock of a process that is no longer running', () => {
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    writeLock({ pid: deadPid });

    const lock = acquireDataDirLock(dataDir);
    expect(lock.tookOverFromPid).toBe(deadPid);
    lock.release();
  });

  it('refuses while another live process holds the lock', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeLock({ pid: holder.pid });
      expect(() => acquireDataDirLock(dataDir)).toThrow(`is already in use by process ${holder.pid} on this machine`);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock with our own pid that this process does not hold (a restarted container)', () => {
    writeLock({ pid: process.pid });
    const lock = acquireDataDirLock(dataDir);
    expect(lock.tookOverFromPid).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    fs.writeFileSync(path.join(dataDir, lockFileName), 'not json');
    acquireDataDirLock(dataDir).release();
  });

  it('never takes over a lock held from another machine (a shared folder)', () => {
    writeLock({ pid: 1, hostname: 'other-host' });
    expect(() => acquireDataDirLock(dataDir)).toThrow('by process 1 on host "other-host"');
  });
});

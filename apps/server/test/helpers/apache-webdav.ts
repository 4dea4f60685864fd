import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchTestServer, onFreePort, stopProcess } from './child-servers.ts';

const apacheBinary = '/usr/sbin/apache2';
const modulesDir = '/usr/lib/apache2/modules';
const startTimeoutMs = 30_000;

export interface WebdavServer {
  /** The WebDAV collection URL, with a trailing slash: `http://127.0.0.1:PORT/dav/`. */
  url: string;
  username: string;
  password: string;
  /**
   * The local folder served at `url`. Under root it belongs to the Apache user: a file seeded here directly is
   * readable through WebDAV, but a folder seeded here is not writable by Apache unless it is chowned or 0777.
   */
  root: string;
  stop(): Promise<void>;
}

/** Whether Debian's Apache HTTP Server (package `apache2`) is installed. */
export function apacheAvailable(): boolean {
  return fs.existsSync(apacheBinary);
}

/**
 * A real Apache HTTP Server with mod_dav on 127.0.0.1 and a free port, serving a fresh temp folder as a
 * WebDAV collection behind HTTP basic auth (one user, random password). Its config, logs, pid file and
 * DAV lock database live in a temp dir that `stop()` removes.
 *
 * As root, Apache's children switch to `www-data` (set literally: the APACHE_RUN_* variables exist only
 * under Debian's apache2ctl wrapper), so the served folder and the lock folder are handed to that user.
 */
export async function startApacheWebdav(): Promise<WebdavServer> {
  if (!apacheAvailable()) {
    throw new Error(`${apacheBinary} is missing: the WebDAV tests need Apache with mod_dav (apt-get install apache2)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-test-webdav-'));
  try {
    const username = 'webdav-tester';
    const password = randomBytes(18).toString('base64url');
    const root = path.join(dir, 'data');
    const runUser = process.getuid?.() === 0 ? lookUpRunUser() : undefined;
    for (const folder of ['data', 'lock', 'logs', 'run']) fs.mkdirSync(path.join(dir, folder));
    fs.writeFileSync(
      path.join(dir, 'htpasswd'),
      `${username}:{SHA}${createHash('sha1').update(password).digest('base64')}\n`,
    );
    if (runUser) {
      // mkdtemp makes the dir 0700: the children need to pass through it to the data and the lock folders.
      fs.chmodSync(dir, 0o755);
      fs.chmodSync(path.join(dir, 'htpasswd'), 0o644);
      for (const folder of ['data', 'lock']) fs.chownSync(path.join(dir, folder), runUser.uid, runUser.gid);
    }

    return await onFreePort(async (port) => {
      const configPath = writeConfig(dir, port, runUser);
      const url = `http://127.0.0.1:${port}/dav/`;
      const child = await launch(dir, configPath, url, username, password);
      return {
        url,
        username,
        password,
        root,
        stop: async () => {
          await stopProcess(child);
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function writeConfig(dir: string, port: number, runUser: { name: string; gid: number } | undefined): string {
  const modules = [
    'mpm_event',
    'authz_core',
    'authn_core',
    'authn_file',
    'auth_basic',
    'authz_user',
    'alias',
    'dav',
    'dav_fs',
  ];
  const lines = [
    `ServerRoot "${dir}"`,
    `DefaultRuntimeDir "${dir}/run"`,
    `PidFile "${dir}/run/apache2.pid"`,
    `ErrorLog "${dir}/logs/error.log"`,
    'LogLevel warn',
    `Listen 127.0.0.1:${port}`,
    'ServerName 127.0.0.1',
    ...modules.map((name) => `LoadModule ${name}_module ${modulesDir}/mod_${name}.so`),
    ...(runUser ? [`User ${runUser.name}`, `Group #${runUser.gid}`] : []),
    // Few processes and threads: this serves one test file at a time.
    'StartServers 1',
    'ServerLimit 2',
    'ThreadsPerChild 8',
    'MaxRequestWorkers 16',
    'MinSpareThreads 4',
    'MaxSpareThreads 16',
    'KeepAliveTimeout 2',
    `DocumentRoot "${dir}/data"`,
    '<Directory />',
    '  AllowOverride None',
    '  Require all denied',
    '</Directory>',
    `DavLockDB "${dir}/lock/DavLock"`,
    `Alias /dav "${dir}/data"`,
    `<Directory "${dir}/data">`,
    '  Dav On',
    '  AuthType Basic',
    '  AuthName "WebDAV test"',
    `  AuthUserFile "${dir}/htpasswd"`,
    '  Require valid-user',
    '</Directory>',
    '',
  ];
  const configPath = path.join(dir, 'apache2.conf');
  fs.writeFileSync(configPath, lines.join('\n'));
  return configPath;
}

async function launch(dir: string, configPath: string, url: string, username: string, password: string) {
  const errorLogPath = path.join(dir, 'logs', 'error.log');
  fs.rmSync(errorLogPath, { force: true });
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  return launchTestServer({
    name: 'Apache WebDAV server',
    command: apacheBinary,
    args: ['-f', configPath, '-DFOREGROUND'],
    cwd: dir,
    portTaken: /Address already in use|could not bind/i,
    timeoutMs: startTimeoutMs,
    moreOutput: () => {
      const log = fs.existsSync(errorLogPath) ? fs.readFileSync(errorLogPath, 'utf8').trim() : '';
      return log && `error log:\n${log}`;
    },
    probe: async () => {
      const status = await probe(url, authorization);
      if (status === 207) return { ready: true };
      return typeof status === 'number' ? { fatal: `PROPFIND answered ${status} instead of 207` } : { waiting: status };
    },
  });
}

/** The status of a Depth 0 PROPFIND on `url`, or why none came (connection refused while Apache binds). */
async function probe(url: string, authorization: string): Promise<number | string> {
  try {
    const response = await fetch(url, {
      method: 'PROPFIND',
      headers: { authorization, depth: '0' },
      signal: AbortSignal.timeout(2_000),
    });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    return `PROPFIND failed: ${cause ?? (error instanceof Error ? error.message : String(error))}`;
  }
}

/** `www-data` (Debian's Apache user), else `nobody`, with its uid and gid from /etc/passwd. */
function lookUpRunUser(): { name: string; uid: number; gid: number } {
  const entries = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'));
  for (const name of ['www-data', 'nobody']) {
    const entry = entries.find((fields) => fields[0] === name);
    if (entry) return { name, uid: Number(entry[2]), gid: Number(entry[3]) };
  }
  throw new Error('Neither www-data nor nobody exists: Apache, started as root, needs a user to run its children as');
}

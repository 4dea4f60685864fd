import { type ChildProcess, execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { launchTestServer, PortTakenError, stopProcess } from './child-servers.ts';
import { getFreePort } from './server-process.ts';

/** Where Debian's `request-tracker5` (5.0.3) puts its libraries, its setup tool and its PSGI server. */
const rtLib = '/usr/share/request-tracker5/lib';
const setupDatabase = '/usr/sbin/rt-setup-database-5';
const rtServer = '/usr/share/request-tracker5/libexec/rt-server';
const startTimeoutMs = 60_000;

const execFileAsync = promisify(execFile);

export const requestTrackerInstallCommand =
  'apt-get install -y --no-install-recommends request-tracker5 rt5-standalone rt5-db-sqlite dbconfig-no-thanks dma';

export interface RequestTrackerServer {
  /** The server's base URL, without a trailing slash (REST 2 is at `/REST/2.0/`). */
  url: string;
  /** An auth token of the `root` user, for `Authorization: token …`. */
  token: string;
  /** How long the setup (schema, initial data, token) and the start took, in ms. */
  startMs: number;
  /** A REST 2 call as root, for fixtures and for checking what the connector did. */
  rest<T = unknown>(method: string, endpoint: string, body?: unknown): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

/** Whether Debian's Request Tracker 5 and its SQLite driver (packages `request-tracker5`, `rt5-db-sqlite`) are installed. */
export function requestTrackerAvailable(): boolean {
  if (![path.join(rtLib, 'RT.pm'), setupDatabase, rtServer].every((file) => fs.existsSync(file))) return false;
  // DBD::SQLite, from `libdbd-sqlite3-perl` (pulled in by `rt5-db-sqlite`), wherever Perl keeps it.
  return spawnSync('perl', ['-MDBD::SQLite', '-e', '1'], { stdio: 'ignore' }).status === 0;
}

/**
 * A real Request Tracker 5 on 127.0.0.1 and a free port: its site config (SQLite database, web address, logging
 * to stderr) in a fresh temp dir that `stop()` removes, the schema and initial data made by `rt-setup-database`,
 * an auth token for `root` made through RT's own Perl API (REST 2 cannot make one), and the PSGI app served by
 * `rt-server` (Plack's standalone server). RT_SITE_CONFIG and RT_SITE_CONFIG_DIR keep Debian's /etc config out.
 */
export async function startRequestTracker(): Promise<RequestTrackerServer> {
  if (!requestTrackerAvailable()) {
    throw new Error(
      `${rtServer} or ${setupDatabase} is missing: the Request Tracker tests need Debian's RT 5 (${requestTrackerInstallCommand})`,
    );
  }
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-test-rt-'));
  try {
    let lastError: unknown;
    // The port comes from binding port 0 and closing; another process may take it before RT binds, so retry.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const port = await getFreePort();
      const url = `http://127.0.0.1:${port}`;
      const env = writeInstance(dir, port);
      if (attempt === 1) await setUp(dir, env);
      try {
        // The token is made while the server starts (both only need the database): a second or two less.
        const tokenFile = path.join(dir, 'token');
        const [made, launched] = await Promise.allSettled([
          fs.existsSync(tokenFile) ? Promise.resolve(fs.readFileSync(tokenFile, 'utf8')) : createToken(dir, env),
          launch(dir, env, port, url),
        ]);
        // Kept for a retry on another port.
        if (made.status === 'fulfilled') fs.writeFileSync(tokenFile, made.value);
        if (launched.status === 'rejected') throw launched.reason;
        const child = launched.value;
        if (made.status === 'rejected') {
          await stopProcess(child);
          throw made.reason;
        }
        const token = made.value;
        const rest: RequestTrackerServer['rest'] = async (method, endpoint, body) => {
          const response = await fetch(`${url}/REST/2.0${endpoint}`, {
            method,
            headers: {
              authorization: `token ${token}`,
              accept: 'application/json',
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: AbortSignal.timeout(30_000),
          });
          const text = await response.text();
          return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
        };
        const server: RequestTrackerServer = {
          url,
          token,
          startMs: 0,
          rest,
          stop: async () => {
            await stopProcess(child);
            fs.rmSync(dir, { recursive: true, force: true });
          },
        };
        const me = await server.rest<{ Version?: string }>('GET', '/rt').catch((error: unknown) => error);
        if (!(me && typeof me === 'object' && 'status' in me && me.status === 200)) {
          await server.stop();
          throw new Error(`RT refused the root user's new auth token: ${JSON.stringify(me)}`);
        }
        server.startMs = Date.now() - started;
        return server;
      } catch (error) {
        lastError = error;
        if (!(error instanceof PortTakenError)) break;
      }
    }
    throw lastError;
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Writes RT_SiteConfig.pm (and an empty RT_SiteConfig.d); returns the environment that points RT at them. */
function writeInstance(dir: string, port: number): NodeJS.ProcessEnv {
  const configDir = path.join(dir, 'RT_SiteConfig.d');
  fs.mkdirSync(configDir, { recursive: true });
  const perl = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  const settings: [string, string][] = [
    ['rtname', perl('ca-test')],
    ['Organization', perl('ca-test')],
    ['DatabaseType', perl('SQLite')],
    ['DatabaseName', perl(path.join(dir, 'rt.sqlite'))],
    ['WebDomain', perl('127.0.0.1')],
    ['WebPort', String(port)],
    ['WebPath', perl('')],
    ['WebBaseURL', perl(`http://127.0.0.1:${port}`)],
    ['Timezone', perl('UTC')],
    // Errors to stderr (collected below), nothing to syslog or /var/log.
    ['LogToSTDERR', perl('error')],
    ['LogToSyslog', 'undef'],
    ['LogToFile', 'undef'],
    // No outgoing mail from ticket scrips: the tests need no MTA.
    ['MailCommand', perl('testfile')],
  ];
  fs.writeFileSync(
    path.join(dir, 'RT_SiteConfig.pm'),
    [...settings.map(([name, value]) => `Set($${name}, ${value});`), '1;', ''].join('\n'),
  );
  return {
    ...process.env,
    RT_SITE_CONFIG: path.join(dir, 'RT_SiteConfig.pm'),
    RT_SITE_CONFIG_DIR: configDir,
    // RT's mail "testfile" mode writes under TMPDIR.
    TMPDIR: dir,
  };
}

async function setUp(dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await execFileAsync(setupDatabase, ['--action', 'init', '--skip-create'], { cwd: dir, env, timeout: 120_000 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`rt-setup-database failed: ${String(error)}\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

/** An auth token of root, made through RT::AuthToken (what "Auth Tokens" in the user's settings does). */
async function createToken(dir: string, env: NodeJS.ProcessEnv): Promise<string> {
  const script = [
    'use strict; use warnings;',
    `use lib '${rtLib}';`,
    'use RT; RT::LoadConfig(); RT::Init();',
    "my $user = RT::User->new(RT->SystemUser); $user->Load('root') or die 'no root user';",
    'my ($id, $msg, $token) = RT::AuthToken->new(RT->SystemUser)->Create(Owner => $user->Id, Description => "tests");',
    'die "token: $msg" unless $id; print "$token\\n";',
  ].join('\n');
  const { stdout } = await execFileAsync('perl', ['-e', script], { cwd: dir, env, timeout: 60_000 });
  const token = stdout.trim().split('\n').pop() ?? '';
  if (!/^\d+-\d+-[0-9a-f]{32}$/.test(token)) throw new Error(`RT made no auth token: ${stdout}`);
  return token;
}

async function launch(dir: string, env: NodeJS.ProcessEnv, port: number, url: string): Promise<ChildProcess> {
  return launchTestServer({
    name: 'Request Tracker (rt-server)',
    command: rtServer,
    args: ['--port', String(port)],
    cwd: dir,
    env,
    portTaken: /Address already in use|Can't bind|cannot bind/i,
    timeoutMs: startTimeoutMs,
    probe: async () => {
      try {
        // Without a token (it may not exist yet) REST 2 answers 401 with its JSON message once RT is up.
        const response = await fetch(`${url}/REST/2.0/rt`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(5_000),
        });
        const body = await response.text();
        if (response.status === 401 && /"Unauthorized"/.test(body)) return { ready: true };
        return { fatal: `/REST/2.0/rt answered ${response.status}: ${body.slice(0, 500)}` };
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
        return { waiting: `request failed: ${cause}` };
      }
    },
  });
}

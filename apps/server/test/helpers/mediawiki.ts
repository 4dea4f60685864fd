import { type ChildProcess, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { launchTestServer, onFreePort, stopProcess } from './child-servers.ts';

const run = promisify(execFile);

/** Where Debian's `mediawiki` package (1.39 LTS) puts the code; it is only read, never written. */
const mediawikiRoot = '/usr/share/mediawiki';
const phpBinary = '/usr/bin/php';
const startTimeoutMs = 30_000;

export const mediawikiInstallCommand = 'apt-get install -y --no-install-recommends php-cli mediawiki php-sqlite3';

export interface MediawikiServer {
  /** The Action API's address: `http://127.0.0.1:PORT/api.php`. */
  apiUrl: string;
  /** A bot password's user name (`Admin@sync`) and password, with the grants to read, edit and create pages. */
  username: string;
  password: string;
  /** Saves a page as an edit by the wiki's admin (maintenance/edit.php), as the wiki's users would. */
  editPage(title: string, wikitext: string): Promise<void>;
  deletePage(title: string): Promise<void>;
  /** A page's current wikitext, or null when it does not exist (through the API, anonymously). */
  pageText(title: string): Promise<string | null>;
  stop(): Promise<void>;
}

/** Whether Debian's MediaWiki, the PHP command line and PHP's SQLite driver are installed. */
export function mediawikiAvailable(): boolean {
  return (
    fs.existsSync(path.join(mediawikiRoot, 'maintenance/install.php')) &&
    fs.existsSync(phpBinary) &&
    fs.readdirSync('/etc/php').some((version) => fs.existsSync(`/etc/php/${version}/mods-available/pdo_sqlite.ini`))
  );
}

/**
 * A real MediaWiki on 127.0.0.1 and a free port: installed by its own installer (maintenance/install.php) with an
 * SQLite database, its LocalSettings.php and database in a fresh temp dir that `stop()` removes, and run by PHP's
 * built-in web server from Debian's code tree. MediaWiki reads the settings file named by MW_CONFIG_FILE, so
 * /etc/mediawiki stays untouched. The admin gets a bot password (maintenance/createBotPassword.php) for the
 * connector: that is how a bot signs in to a real wiki.
 */
export async function startMediawiki(): Promise<MediawikiServer> {
  if (!mediawikiAvailable()) {
    throw new Error(
      `${mediawikiRoot} or PHP's SQLite driver is missing: the MediaWiki tests need Debian's MediaWiki (${mediawikiInstallCommand})`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-test-mediawiki-'));
  try {
    const configFile = path.join(dir, 'LocalSettings.php');
    const env = { ...process.env, MW_CONFIG_FILE: configFile };
    const php = (script: string, args: string[], input?: string) =>
      runPhp(path.join(mediawikiRoot, 'maintenance', script), args, env, input);
    fs.mkdirSync(path.join(dir, 'db'));
    await php('install.php', [
      '--dbtype=sqlite',
      `--dbpath=${path.join(dir, 'db')}`,
      '--dbname=wiki',
      `--pass=${randomBytes(18).toString('base64url')}`,
      '--server=http://127.0.0.1',
      '--scriptpath=',
      `--confpath=${dir}`,
      '--lang=en',
      '--skins=',
      'Connector test wiki',
      'Admin',
    ]);
    const overrides = path.join(dir, 'overrides.php');
    fs.appendFileSync(configFile, `\nrequire ${phpString(overrides)};\n`);
    writeOverrides(overrides, 'http://127.0.0.1');
    const created = await php('createBotPassword.php', [
      '--appid=sync',
      '--grants=basic,highvolume,editpage,createeditmovepage',
      'Admin',
    ]);
    const credentials = /username:'([^']+)' and password:'([^']+)'/.exec(created);
    if (!credentials) throw new Error(`createBotPassword.php said: ${created}`);
    const [, username = '', password = ''] = credentials;

    return await onFreePort(async (port) => {
      const server = `http://127.0.0.1:${port}`;
      writeOverrides(overrides, server);
      const child = await launch(dir, env, port, `${server}/api.php`);
      const apiUrl = `${server}/api.php`;
      return {
        apiUrl,
        username,
        password,
        editPage: async (title, wikitext) => {
          await php('edit.php', ['--user=Admin', '--summary=test fixture', '--no-rc', title], wikitext);
        },
        deletePage: async (title) => {
          await php('deleteBatch.php', ['--u=Admin', '--r=test fixture'], `${title}\n`);
        },
        pageText: async (title) => {
          const url = new URL(apiUrl);
          url.search = new URLSearchParams({
            action: 'query',
            prop: 'revisions',
            rvprop: 'content',
            rvslots: 'main',
            titles: title,
            format: 'json',
            formatversion: '2',
          }).toString();
          const answer = (await (await fetch(url)).json()) as {
            query: { pages: { missing?: boolean; revisions?: { slots: { main: { content: string } } }[] }[] };
          };
          const page = answer.query.pages[0];
          return page?.missing ? null : (page?.revisions?.[0]?.slots.main.content ?? null);
        },
        stop: async () => {
          await stopProcess(child);
          fs.rmSync(dir, { recursive: true, force: true });
        },
      } satisfies MediawikiServer;
    });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function phpString(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** Settings after the installer's: the address, and no work left for later requests. */
function writeOverrides(file: string, server: string): void {
  fs.writeFileSync(
    file,
    [
      '<?php',
      `$wgServer = ${phpString(server)};`,
      // Jobs would run at the end of API requests; what the tests read is written by the edit itself.
      '$wgJobRunRate = 0;',
      '$wgEnableBotPasswords = true;',
      // The test server is plain HTTP on loopback: the login cookies must not ask for HTTPS.
      '$wgCookieSecure = false;',
      '',
    ].join('\n'),
  );
}

async function runPhp(script: string, args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<string> {
  const child = run(phpBinary, [script, ...args], { env, cwd: mediawikiRoot, timeout: 60_000 });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  }
  try {
    const { stdout } = await child;
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`php ${path.basename(script)} failed: ${String(error)}\n${stdout}\n${stderr}`);
  }
}

async function launch(dir: string, env: NodeJS.ProcessEnv, port: number, apiUrl: string): Promise<ChildProcess> {
  const probeUrl = `${apiUrl}?action=query&meta=siteinfo&format=json&formatversion=2`;
  return launchTestServer({
    name: 'MediaWiki (php -S)',
    command: phpBinary,
    args: ['-d', 'display_errors=stderr', '-S', `127.0.0.1:${port}`, '-t', mediawikiRoot],
    cwd: dir,
    env,
    portTaken: /Address already in use|Failed to listen/i,
    timeoutMs: startTimeoutMs,
    probe: async () => {
      try {
        const response = await fetch(probeUrl, { signal: AbortSignal.timeout(2_000) });
        const body = await response.text();
        if (response.status === 200 && body.includes('"generator":"MediaWiki')) return { ready: true };
        // An answer that is not the site's information will not become one: MediaWiki is up but misconfigured.
        return { fatal: `siteinfo answered ${response.status}: ${body.slice(0, 500)}` };
      } catch (error) {
        // Not listening yet (fetch failed) or not answering yet (timed out).
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
        return { waiting: `request failed: ${cause}` };
      }
    },
  });
}

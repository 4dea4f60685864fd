import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchTestServer, PortTakenError, stopProcess } from './child-servers.ts';
import { getFreePort } from './server-process.ts';

/** Where Debian's `dokuwiki` package (2022-07-31 "Igor") puts the code, and its read-only default config. */
const dokuwikiRoot = '/usr/share/dokuwiki';
const debianConfDir = '/etc/dokuwiki';
const phpBinary = '/usr/bin/php';
const startTimeoutMs = 30_000;

export const dokuwikiInstallCommand = 'apt-get install -y --no-install-recommends php-cli php-cgi dokuwiki';

export interface DokuwikiServer {
  /** The wiki's base URL, with a trailing slash: `http://127.0.0.1:PORT/` (the XML-RPC API is at `lib/exe/xmlrpc.php`). */
  url: string;
  username: string;
  password: string;
  /** Saves a page (a DokuWiki page id such as `policies:aml:kyc`) through the XML-RPC API, as an edit by `username`. */
  putPage(id: string, wikiText: string): Promise<void>;
  stop(): Promise<void>;
}

/** Whether Debian's DokuWiki and the PHP command line (packages `dokuwiki` and `php-cli`) are installed. */
export function dokuwikiAvailable(): boolean {
  return fs.existsSync(path.join(dokuwikiRoot, 'doku.php')) && fs.existsSync(phpBinary);
}

/**
 * A real DokuWiki on 127.0.0.1 and a free port, run by PHP's built-in web server from Debian's code tree
 * (/usr/share/dokuwiki, read only) with its own config, data and PHP sessions in a fresh temp dir that `stop()`
 * removes: /etc/dokuwiki and /var/lib/dokuwiki are only read (the defaults are copied), never written.
 *
 * Debian's inc/preload.php points DokuWiki at /etc/dokuwiki unless DOKU_CONF is already defined, so a PHP
 * `auto_prepend_file` defines DOKU_CONF (and DOKU_MAIN_CONF, where Debian looks for the defaults) first. ACLs are
 * on, with one user (random password, bcrypt hash) who may edit everything, and the remote API is on for that
 * user only: anonymous visitors can read nothing.
 */
export async function startDokuwiki(): Promise<DokuwikiServer> {
  if (!dokuwikiAvailable()) {
    throw new Error(
      `${dokuwikiRoot} or ${phpBinary} is missing: the DokuWiki tests need Debian's DokuWiki and PHP (${dokuwikiInstallCommand})`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-test-dokuwiki-'));
  try {
    const username = 'wiki-tester';
    const password = randomBytes(18).toString('base64url');
    const prependPath = writeInstance(dir, username, password);

    // The port comes from binding port 0 and closing; another process may take it before PHP binds, so retry.
    let lastError: unknown;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const port = await getFreePort();
      const url = `http://127.0.0.1:${port}/`;
      try {
        const child = await launch(dir, prependPath, port, url, username, password);
        return {
          url,
          username,
          password,
          putPage: async (id, wikiText) => {
            const result = await xmlRpc(url, username, password, 'wiki.putPage', [
              id,
              wikiText,
              { sum: 'test fixture', minor: false },
            ]);
            if (!/<boolean>1<\/boolean>/.test(result.body)) {
              throw new Error(`wiki.putPage(${id}) answered ${result.status}: ${result.body.slice(0, 500)}`);
            }
          },
          stop: async () => {
            await stopProcess(child);
            fs.rmSync(dir, { recursive: true, force: true });
          },
        };
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

/** Writes conf/, data/, sessions/ and the prepend file; returns the prepend file's path. */
function writeInstance(dir: string, username: string, password: string): string {
  const confDir = path.join(dir, 'conf');
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(confDir);
  fs.mkdirSync(path.join(dir, 'sessions'));
  const dataFolders = ['pages', 'attic', 'media', 'media_attic', 'meta', 'media_meta', 'cache', 'index', 'locks'];
  for (const folder of [...dataFolders, 'tmp', 'log']) fs.mkdirSync(path.join(dataDir, folder), { recursive: true });

  // Debian's defaults (dokuwiki.php, mime.conf, plugins.*.php …), without its local settings and user files
  // (symlinks into /var/lib/dokuwiki) and without the web server snippets.
  const skipped = new Set(['local.php', 'local.protected.php', 'apache.conf', 'lighttpd.conf', 'htaccess']);
  for (const entry of fs.readdirSync(debianConfDir, { withFileTypes: true })) {
    if (!entry.isFile() || skipped.has(entry.name)) continue;
    fs.copyFileSync(path.join(debianConfDir, entry.name), path.join(confDir, entry.name));
  }
  const settings: Record<string, string | number> = {
    savedir: dataDir,
    title: 'Connector test wiki',
    lang: 'en',
    useacl: 1,
    authtype: 'authplain',
    passcrypt: 'bcrypt',
    superuser: '@admin',
    remote: 1,
    remoteuser: username,
    // No reverse DNS look-up of the client for every edit, no call home.
    dnslookups: 0,
    updatecheck: 0,
  };
  fs.writeFileSync(
    path.join(confDir, 'local.php'),
    ['<?php', ...Object.entries(settings).map(([key, value]) => `$conf['${key}'] = ${phpValue(value)};`), ''].join(
      '\n',
    ),
  );
  // Fields: login:hash:full name:email:groups. Cost 4 keeps the check cheap (the wiki checks it at every login).
  const hash = execFileSync(
    phpBinary,
    // `--`: a random password may start with "-", which php would read as an option.
    ['-r', 'echo password_hash($argv[1], PASSWORD_BCRYPT, ["cost" => 4]);', '--', password],
    { encoding: 'utf8' },
  );
  fs.writeFileSync(path.join(confDir, 'users.auth.php'), `${username}:${hash}:Wiki Tester:tester@example.com:user\n`);
  // 16 = delete (includes read, edit, create, upload); everybody else gets nothing.
  // User names in acl.auth.php are encoded like DokuWiki's auth_nameencode (`wiki-tester` is `wiki%2dtester`).
  // (every ASCII character but letters and digits).
  const aclName = username.replace(/[^0-9A-Za-z\u0080-\uffff]/g, (char) => `%${char.charCodeAt(0).toString(16)}`);
  fs.writeFileSync(path.join(confDir, 'acl.auth.php'), `*\t@ALL\t0\n*\t${aclName}\t16\n`);

  const prependPath = path.join(dir, 'prepend.php');
  fs.writeFileSync(
    prependPath,
    [
      '<?php',
      `define('DOKU_CONF', ${phpValue(`${confDir}/`)});`,
      `define('DOKU_MAIN_CONF', ${phpValue(`${confDir}/`)});`,
      '',
    ].join('\n'),
  );
  return prependPath;
}

function phpValue(value: string | number): string {
  return typeof value === 'number' ? String(value) : `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

async function launch(
  dir: string,
  prependPath: string,
  port: number,
  url: string,
  username: string,
  password: string,
): Promise<ChildProcess> {
  const args = [
    '-d',
    `auto_prepend_file=${prependPath}`,
    // PHP sessions (one per API call) in the temp dir, not /var/lib/php/sessions.
    '-d',
    `session.save_path=${path.join(dir, 'sessions')}`,
    // OPcache is on for the built-in server and rechecks files every 2 s by default: see config edits at once.
    '-d',
    'opcache.revalidate_freq=0',
    '-d',
    'display_errors=stderr',
    '-S',
    `127.0.0.1:${port}`,
    '-t',
    dokuwikiRoot,
  ];
  return launchTestServer({
    name: 'DokuWiki (php -S)',
    command: phpBinary,
    args,
    cwd: dir,
    portTaken: /Address already in use|Failed to listen/i,
    timeoutMs: startTimeoutMs,
    probe: async () => {
      try {
        const answer = await xmlRpc(url, username, password, 'dokuwiki.getVersion', [], 2_000);
        if (answer.status === 200 && /<string>Release /.test(answer.body)) return { ready: true };
        // An answer that is not the version will not become one: DokuWiki is up but misconfigured.
        return { fatal: `dokuwiki.getVersion answered ${answer.status}: ${answer.body.slice(0, 500)}` };
      } catch (error) {
        // Not listening yet (fetch failed) or not answering yet (timed out).
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
        return { waiting: `request failed: ${cause}` };
      }
    },
  });
}

/**
 * One XML-RPC call with string, boolean and struct parameters, authenticated with HTTP basic auth (fine here:
 * DokuWiki 2022-07-31 cuts a basic-auth password at a ":", and the random one has none).
 */
async function xmlRpc(
  url: string,
  username: string,
  password: string,
  method: string,
  params: (string | Record<string, string | boolean>)[],
  timeoutMs = 10_000,
): Promise<{ status: number; body: string }> {
  const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const value = (item: string | boolean | Record<string, string | boolean>): string =>
    typeof item === 'string'
      ? `<string>${escape(item)}</string>`
      : typeof item === 'boolean'
        ? `<boolean>${item ? 1 : 0}</boolean>`
        : `<struct>${Object.entries(item)
            .map(([name, member]) => `<member><name>${escape(name)}</name><value>${value(member)}</value></member>`)
            .join('')}</struct>`;
  const body = `<?xml version="1.0" encoding="UTF-8"?><methodCall><methodName>${method}</methodName><params>${params
    .map((param) => `<param><value>${value(param)}</value></param>`)
    .join('')}</params></methodCall>`;
  const response = await fetch(new URL('lib/exe/xmlrpc.php', url), {
    method: 'POST',
    headers: {
      'content-type': 'text/xml; charset=utf-8',
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, body: await response.text() };
}

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { launchTestServer, onFreePort, stopProcess } from './child-servers.ts';

/** Debian's `dovecot-imapd`: the master process and the IMAP server it starts. */
const dovecotBinary = '/usr/sbin/dovecot';
const imapBinary = '/usr/lib/dovecot/imap';
const startTimeoutMs = 30_000;

export const dovecotInstallCommand = 'apt-get install -y --no-install-recommends dovecot-imapd';

export interface DovecotServer {
  host: string;
  port: number;
  /** The test mailbox's user name (an address, as most providers have it) and password. */
  username: string;
  password: string;
  /** A signed-in IMAP client of the mailbox, for fixtures and for checking what the connector did. */
  client(): Promise<ImapFlow>;
  stop(): Promise<void>;
}

/** Whether Debian's Dovecot with its IMAP server is installed. */
export function dovecotAvailable(): boolean {
  return fs.existsSync(dovecotBinary) && fs.existsSync(imapBinary);
}

/**
 * A real Dovecot on 127.0.0.1 and a free port, with nothing of the system's: its own config, base_dir, state
 * and maildir in a fresh temp dir that `stop()` removes, one user in a passwd-file, plain-text login allowed
 * (loopback only, no TLS), and its log on stderr. Run as root (CI), Dovecot's own `dovecot`/`dovenull` users do
 * its work and the mail belongs to `dovecot`; run as anyone else, everything runs as that user.
 */
export async function startDovecot(): Promise<DovecotServer> {
  if (!dovecotAvailable()) {
    throw new Error(
      `${dovecotBinary} or ${imapBinary} is missing: the IMAP tests need Dovecot (${dovecotInstallCommand})`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-test-dovecot-'));
  try {
    const asRoot = process.getuid?.() === 0;
    const me = os.userInfo();
    const internalUser = asRoot ? 'dovecot' : me.username;
    const loginUser = asRoot ? 'dovenull' : me.username;
    const mailOwner = asRoot ? idOf('dovecot') : { uid: me.uid, gid: me.gid };
    const username = 'auditor@example.test';
    const password = randomBytes(12).toString('base64url');
    const mailDir = path.join(dir, 'mail');
    for (const sub of ['run', 'state', 'mail']) fs.mkdirSync(path.join(dir, sub));
    // Dovecot's processes (not root) must reach the maildir and read the users file.
    fs.chmodSync(dir, 0o755);
    fs.chownSync(mailDir, mailOwner.uid, mailOwner.gid);
    fs.writeFileSync(
      path.join(dir, 'users'),
      `${username}:{PLAIN}${password}:${mailOwner.uid}:${mailOwner.gid}::${path.join(mailDir, username)}::\n`,
    );

    return await onFreePort(async (port) => {
      const configFile = path.join(dir, 'dovecot.conf');
      fs.writeFileSync(configFile, config({ dir, port, internalUser, loginUser, firstValidUid: asRoot ? 1 : me.uid }));
      const child = await launchTestServer({
        name: 'Dovecot',
        command: dovecotBinary,
        args: ['-F', '-c', configFile],
        cwd: dir,
        portTaken: /Address already in use/i,
        timeoutMs: startTimeoutMs,
        probe: () => probeGreeting(port),
      });
      const host = '127.0.0.1';
      return {
        host,
        port,
        username,
        password,
        client: async () => {
          const client = new ImapFlow({
            host,
            port,
            secure: false,
            auth: { user: username, pass: password },
            logger: false,
            disableAutoIdle: true,
          });
          // A connection that drops while a test waits is reported by the next command, not as an unhandled error.
          client.on('error', () => undefined);
          await client.connect();
          return client;
        },
        stop: async () => {
          await stopProcess(child);
          fs.rmSync(dir, { recursive: true, force: true });
        },
      } satisfies DovecotServer;
    });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function idOf(user: string): { uid: number; gid: number } {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${user}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error(`The user ${user} is missing: it comes with ${dovecotInstallCommand}`);
  return { uid: Number(uid), gid: Number(gid) };
}

function config(options: {
  dir: string;
  port: number;
  internalUser: string;
  loginUser: string;
  firstValidUid: number;
}): string {
  const { dir } = options;
  return `# A private Dovecot for the tests: nothing of /etc/dovecot is read.
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = ca-test-${path.basename(dir)}
log_path = /dev/stderr
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# A wrong password is answered at once (the default waits two seconds).
auth_failure_delay = 0
default_internal_user = ${options.internalUser}
default_login_user = ${options.loginUser}
first_valid_uid = ${options.firstValidUid}
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${options.port}
  }
  inet_listener imaps {
    port = 0
  }
}
# Each connector keeps its connection open for a few seconds after its last command: more than the default
# ten at once from the tests' one address are fine here.
protocol imap {
  mail_max_userip_connections = 1000
}
# No login penalty after a wrong password: the tests try one on purpose, and the logins after it must not wait.
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
`;
}

/** Ready once the port answers with Dovecot's greeting. */
function probeGreeting(port: number): Promise<{ ready: true } | { waiting: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (result: { ready: true } | { waiting: string }) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(2_000, () => done({ waiting: 'no greeting yet' }));
    socket.once('data', (data) =>
      done(data.toString().startsWith('* OK') ? { ready: true } : { waiting: data.toString() }),
    );
    socket.once('error', (error) => done({ waiting: error.message }));
  });
}

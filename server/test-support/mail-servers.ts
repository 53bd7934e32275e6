/**
 * Real mail servers for the e-mail tests: Debian's dovecot serving IMAP and an SMTP
 * server (python3-aiosmtpd, smtp-server.py) that delivers into dovecot's Maildir store, both on
 * loopback ports of their own, with a configuration written into a temporary directory. Users
 * (address + password) live in passwd-files both servers read, one per user; `addUser` adds one at any time.
 * scripts/test-env.mjs installs the packages where they are missing, as it does chromium.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface MailServers {
  host: string;
  imapPort: number;
  smtpPort: number;
  /**
   * With `tls`: IMAP over TLS from the first byte on `imapsPort`, SMTP likewise on `smtpsPort`;
   * `imapPort` and `smtpPort` then offer STARTTLS. `caFile`: the certificate to trust.
   * 0 and null without.
   */
  imapsPort: number;
  smtpsPort: number;
  caFile: string | null;
  /**
   * The same SMTP server without AUTH (its EHLO offers none), as a relay for a trusted network
   * is: it takes mail from anyone, whatever password a client holds.
   */
  smtpOpenPort: number;
  /** Creates a mailbox user (address and password) on both servers. */
  addUser: (address: string, password: string) => void;
  /** Where a user's Maildir lives (for tests that look at the store itself). */
  maildirOf: (address: string) => string;
  /** Gives a user's folder a new UIDVALIDITY, as a server does when it renumbers it. */
  setUidValidity: (address: string, folder: string, value: number) => void;
  stop: () => Promise<void>;
}

const PYTHON = '/usr/bin/python3';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Dovecot refuses to serve mail as root: as root the mail belongs to its own `dovecot` user. */
function mailOwner(): { uid: number; gid: number; internal: string; login: string } {
  const me = userInfo();
  if (me.uid !== 0) return { uid: me.uid, gid: me.gid, internal: me.username, login: me.username };
  const id = (flag: string) => Number(execFileSync('id', [flag, 'dovecot'], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g'), internal: 'dovecot', login: 'dovenull' };
}

function dovecotConfig(
  dir: string,
  port: number,
  owner: ReturnType<typeof mailOwner>,
  imapsPort = 0,
): string {
  // With TLS: STARTTLS on the IMAP port, implicit TLS on the IMAPS one; plain login stays
  // allowed on the IMAP port, as the tests of the 'none' mode need.
  const ssl = imapsPort
    ? `ssl = yes\nssl_cert = <${dir}/tls/cert.pem\nssl_key = <${dir}/tls/key.pem`
    : 'ssl = no';
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
${ssl}
disable_plaintext_auth = no
auth_failure_delay = 0
auth_mechanisms = plain login
default_internal_user = ${owner.internal}
default_login_user = ${owner.login}
first_valid_uid = ${owner.uid}
first_valid_gid = ${owner.gid}
mail_location = maildir:${dir}/mail/%Lu/Maildir
mail_max_userip_connections = 200
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%Lu ${dir}/users/%Lu
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${dir}/mail/%Lu
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${imapsPort}
  }
}
service anvil {
  chroot =
  # No growing wait after wrong passwords from one address (2, 4, 8 up to 15 s): every test
  # signs in from 127.0.0.1, and a mailbox kept on a wrong password by the sync's timer would
  # slow every later login of the suite.
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
}
`;
}

function waitForPort(port: number, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`${what} exited (${child.exitCode})`));
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`${what} did not listen on ${port}`));
        else setTimeout(attempt, 100);
      });
      socket.connect(port, '127.0.0.1');
    };
    attempt();
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made with openssl for this run: the
 * servers' TLS. The app trusts it through EMAIL_CA_FILE (`caFile`).
 */
function selfSigned(dir: string, owner: ReturnType<typeof mailOwner>): string {
  const tls = join(dir, 'tls');
  mkdirSync(tls);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      join(tls, 'key.pem'),
      '-out',
      join(tls, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  // The SMTP server runs as the mail owner and reads the key too.
  chownSync(join(tls, 'key.pem'), owner.uid, owner.gid);
  return join(tls, 'cert.pem');
}

export async function startMailServers(options: { tls?: boolean } = {}): Promise<MailServers> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-mail-'));
  const owner = mailOwner();
  // The SMTP server runs as the mail owner and reads the users file and the mail root.
  chmodSync(dir, 0o755);
  for (const sub of ['run', 'state', 'mail']) mkdirSync(join(dir, sub));
  chownSync(join(dir, 'mail'), owner.uid, owner.gid);
  // One passwd-file per user: dovecot looks a file up at most once a second, so a user added
  // to a shared file right after a lookup would be unknown for up to a second.
  const users = join(dir, 'users');
  mkdirSync(users);
  const [imapPort, smtpPort, smtpOpenPort] = [await freePort(), await freePort(), await freePort()];
  const caFile = options.tls ? selfSigned(dir, owner) : null;
  const [imapsPort, smtpsPort] = caFile ? [await freePort(), await freePort()] : [0, 0];
  writeFileSync(join(dir, 'dovecot.conf'), dovecotConfig(dir, imapPort, owner, imapsPort));

  const dovecot = spawn(
    existsSync('/usr/sbin/dovecot') ? '/usr/sbin/dovecot' : 'dovecot',
    ['-F', '-c', join(dir, 'dovecot.conf')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  // The SMTP server runs as the mail owner, who may not read the checkout (under /root, say):
  // it runs from a copy in the temporary directory.
  const script = join(dir, 'smtp-server.py');
  copyFileSync(fileURLToPath(new URL('./smtp-server.py', import.meta.url)), script);
  chmodSync(script, 0o644);
  const smtp = spawn(
    PYTHON,
    [
      script,
      String(smtpPort),
      users,
      join(dir, 'mail'),
      ...(caFile ? [String(smtpsPort), caFile, join(dir, 'tls', 'key.pem')] : []),
    ],
    // The delivered files must belong to the user dovecot serves the mail as.
    {
      stdio: ['pipe', 'ignore', 'pipe'],
      uid: owner.uid,
      gid: owner.gid,
      cwd: dir,
      env: { ...process.env, OPEN_PORT: String(smtpOpenPort) },
    },
  );
  try {
    await Promise.all([
      waitForPort(imapPort, dovecot, 'dovecot'),
      waitForPort(smtpPort, smtp, 'the SMTP server'),
      waitForPort(smtpOpenPort, smtp, 'the SMTP server without AUTH'),
      ...(caFile
        ? [
            waitForPort(imapsPort, dovecot, 'dovecot (IMAPS)'),
            waitForPort(smtpsPort, smtp, 'the SMTP server (TLS)'),
          ]
        : []),
    ]);
  } catch (error) {
    await Promise.all([stopChild(dovecot), stopChild(smtp)]);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    host: '127.0.0.1',
    imapPort,
    smtpPort,
    imapsPort,
    smtpsPort,
    caFile,
    smtpOpenPort,
    addUser(address, password) {
      if (/[:\s]/.test(address) || /[:\n]/.test(password)) throw new Error('bad test user');
      const name = address.toLowerCase();
      writeFileSync(join(users, name), `${name}:{PLAIN}${password}\n`, { mode: 0o644 });
    },
    maildirOf: (address) => join(dir, 'mail', address.toLowerCase(), 'Maildir'),
    setUidValidity(address, folder, value) {
      const doveadm = existsSync('/usr/bin/doveadm') ? '/usr/bin/doveadm' : 'doveadm';
      execFileSync(doveadm, [
        '-c',
        join(dir, 'dovecot.conf'),
        'mailbox',
        'update',
        '--uid-validity',
        String(value),
        '-u',
        address.toLowerCase(),
        folder,
      ]);
    },
    async stop() {
      smtp.stdin?.end();
      await Promise.all([stopChild(dovecot), stopChild(smtp)]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// What `npm test` needs from the operating system, obtained before any test runs:
// - Debian packages (browser, PostgreSQL, OCR tools): installed with apt when we run as root,
//   otherwise the run stops at once with one line naming the command to run. A test never skips
//   because a tool is missing.
// - A throw-away PostgreSQL cluster on loopback for the API tests, unless TEST_DATABASE_URL
//   already names a server. It is removed when the run ends, however it ends.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The newest installed PostgreSQL's bin directory (Debian keeps them versioned), or null. */
function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(root, versions.at(-1), 'bin') : null;
}

/** Each entry: the Debian package, what it is for, and whether this machine already has it. */
function requirements() {
  return [
    {
      pkg: 'chromium',
      why: 'browser tests',
      present: () => Boolean(process.env.CHROMIUM_PATH) || onPath('chromium'),
    },
    {
      pkg: 'postgresql',
      why: 'API tests on PostgreSQL',
      present: () => Boolean(process.env.TEST_DATABASE_URL) || postgresBin() !== null,
    },
    { pkg: 'tesseract-ocr', why: 'OCR tests (system engine)', present: () => onPath('tesseract') },
    // The console's other languages for the system OCR engine: about 3 MB of downloads together.
    ...['spa', 'fra', 'deu', 'ara'].map((lang) => ({
      pkg: `tesseract-ocr-${lang}`,
      why: `OCR of ${lang} scans (system engine)`,
      present: () =>
        (spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' }).stdout ?? '')
          .split('\n')
          .includes(lang),
    })),
    {
      pkg: 'poppler-utils',
      why: 'scanned-pdf tests (pdftoppm)',
      present: () => onPath('pdftoppm'),
    },
    {
      pkg: 'dovecot-imapd',
      why: 'e-mail tests (IMAP server)',
      present: () => existsSync('/usr/sbin/dovecot') || onPath('dovecot'),
    },
    {
      pkg: 'python3-aiosmtpd',
      why: 'e-mail tests (SMTP server)',
      present: () =>
        spawnSync('/usr/bin/python3', ['-c', 'import aiosmtpd'], { stdio: 'ignore' }).status === 0,
    },
    {
      pkg: 'mariadb-server',
      why: 'database-source tests (MariaDB server)',
      present: () => existsSync('/usr/sbin/mariadbd') && onPath('mariadb-install-db'),
    },
  ];
}

export function ensureSystemPackages() {
  const missing = requirements().filter((r) => !r.present());
  if (missing.length === 0) return;
  const pkgs = missing.map((r) => r.pkg);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !onPath('apt-get')) {
    const how = onPath('apt-get')
      ? `sudo apt-get install -y --no-install-recommends ${pkgs.join(' ')}`
      : `install ${pkgs.join(', ')} with your package manager (or set CHROMIUM_PATH / TEST_DATABASE_URL)`;
    console.error(
      `npm test needs ${missing.map((r) => `${r.pkg} (${r.why})`).join(', ')}: run \`${how}\`, then npm test again.`,
    );
    process.exit(2);
  }
  console.log(`▶ installing Debian packages for the tests: ${pkgs.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const still = requirements().filter((r) => !r.present());
  if (still.length) {
    console.error(`still missing after apt-get install: ${still.map((r) => r.pkg).join(', ')}`);
    process.exit(2);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts a PostgreSQL cluster on loopback in a temporary directory and returns its URL and a
 * stop function. PostgreSQL refuses to run as root, so as root the cluster belongs to the
 * `postgres` user that Debian's package creates.
 */
export async function startThrowawayPostgres() {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'atrium-pg-'));
  const asOwner = (tool, args) => {
    const cmd = isRoot ? 'runuser' : join(bin, tool);
    const full = isRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    execFileSync(cmd, full, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const data = join(dir, 'data');
  asOwner('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  asOwner('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', options, 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      asOwner('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

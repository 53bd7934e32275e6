/**
 * pg_dump and pg_restore: from PATH, else the newest of Debian's /usr/lib/postgresql/<n>/bin
 * (the server package puts them there without a PATH entry).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

function findTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const candidate = join(debian, version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    `${name} was not found: install PostgreSQL's client tools (Debian: postgresql-client)`,
  );
}

/**
 * Runs a PostgreSQL tool on the database at `url`: the password travels in the environment,
 * never on the command line, where every local user could read it. Rejects with the tool's own
 * error output when it fails.
 */
export function runPgTool(
  name: 'pg_dump' | 'pg_restore',
  url: string,
  args: string[],
): Promise<void> {
  const tool = findTool(name);
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${target.toString()}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env,
    });
    let errors = '';
    child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (${code}): ${errors.trim()}`)),
    );
  });
}

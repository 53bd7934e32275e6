/**
 * The operations entry (`npm run backup`, `npm run restore`), compiled beside the server and run
 * with the server's own configuration from the environment.
 *   backup [--out <dir>]   a snapshot into <dir> (default ./backups/atrium-<date>-<time>)
 *   restore <dir>          that snapshot into the fresh installation the environment names
 */
import { join } from 'node:path';
import { parseEnv } from '../config';
import { backup } from './backup';
import { restore } from './restore';

const USAGE = 'usage: npm run backup [-- --out <dir>] | npm run restore -- <snapshot dir>';

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  const config = parseEnv(process.env);
  const log = (line: string) => console.log(line);
  if (command === 'backup') {
    const outAt = rest.indexOf('--out');
    const dir = outAt >= 0 ? rest[outAt + 1] : join('backups', `atrium-${stamp(new Date())}`);
    if (!dir) throw new Error(USAGE);
    const m = await backup(config, dir, log);
    log(
      `Snapshot written to ${dir}: ${m.database} database as of ${m.created_at}, ${m.files} stored file(s), ${m.bytes} bytes.`,
    );
    if (m.secrets.length > 0)
      log(`It holds ${m.secrets.join(' and ')}: keep it as safe as the data directory.`);
    return;
  }
  if (command === 'restore' && rest[0]) {
    const m = await restore(config, rest[0], log);
    log(
      `Restored the ${m.database} snapshot of ${m.created_at}: ${m.files} stored file(s). Start the server to use it.`,
    );
    return;
  }
  throw new Error(USAGE);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

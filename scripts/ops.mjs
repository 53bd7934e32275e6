// `npm run backup` and `npm run restore`: compiles the server when its build is missing or
// stale (the operations share its configuration and database code), then runs
// dist-server/ops.js with the arguments given, in the same environment as the server.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildServer, serverBuildIsStale, serverOutDir } from './build-server.mjs';

if (serverBuildIsStale()) await buildServer();
const r = spawnSync(
  process.execPath,
  ['--enable-source-maps', join(serverOutDir, 'ops.js'), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(r.status ?? 1);

// `npm start`: builds what is missing or older than its sources — the SPA (vite build into
// STATIC_DIR) and the server (dist-server/) — then runs the compiled server with node (it
// migrates and seeds the embedded SQLite database under ./data on first start).
//
// A process manager stops a service by signalling its first process, which is this one (or npm,
// which passes the signal on to it): SIGTERM and SIGINT go on to whatever runs (the build or the
// server), and this process ends as the server does, with its exit code.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  buildServer,
  compiledServerArgs,
  isOlderThanSources,
  serverBuildIsStale,
} from './build-server.mjs';

/** What the SPA build is made from: a change to any of these makes it stale. */
const spaSources = [
  'src',
  'public',
  'contract',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  // vite.config.ts's plugins and chunk rules
  ...readdirSync('scripts')
    .filter((name) => name.startsWith('vite-'))
    .map((name) => `scripts/${name}`),
];

let running = null;
let stopping = null;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping ??= signal;
    if (running) running.kill(signal);
    else process.exit(128 + constants.signals[signal]);
  });

/** Runs node with `args`; resolves with how it ended. */
function runNode(args) {
  return new Promise((done) => {
    running = spawn(process.execPath, args, { stdio: 'inherit' });
    running.on('error', (error) => {
      console.error(`Could not start node: ${error.message}`);
      done({ code: 1, signal: null });
    });
    running.on('exit', (code, signal) => {
      running = null;
      done({ code, signal });
    });
  });
}

/** Ends this process the way its child ended. */
function exitAs({ code, signal }) {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
}

const staticDir = process.env.STATIC_DIR ?? 'dist';
if (isOlderThanSources(resolve(staticDir, 'index.html'), spaSources)) {
  console.log(`Building the SPA into ${staticDir}/ (its build is missing or older than src/)...`);
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin');
  const built = await runNode([join(vite, 'vite.js'), 'build', '--outDir', staticDir]);
  if (built.code !== 0 || stopping) exitAs(built);
}

if (serverBuildIsStale()) {
  console.log('Compiling the server into dist-server/ (missing or older than server/)...');
  await buildServer();
  if (stopping) process.exit(128 + constants.signals[stopping]);
}

exitAs(await runNode(compiledServerArgs));

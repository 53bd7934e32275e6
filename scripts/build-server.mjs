// `npm run build:server` (and the second half of `npm run build`): compiles server/ and contract/
// into dist-server/, which production runs with plain `node` (`npm start`, `npm run serve`).
//
// esbuild rather than tsc: the sources import each other without file extensions (the
// tsconfig's `bundler` resolution, shared with the SPA), which Node's ESM loader refuses, so tsc's
// one-file-per-file output would not run. esbuild bundles our own code and leaves every package
// external (node_modules is read at run time, as before), in well under a second; `npm run
// typecheck` stays the type check. Dynamic imports become chunks, so what the server loads lazily
// (parsers, database drivers, the app in a cluster primary) stays lazy.
//
// Every output file sits directly in dist-server/, one level below the project root, as the
// files of server/ that resolve paths from import.meta.url expect (server/project-root.ts). The
// worker entries keep the names worker-pool.ts and parser-thread.ts look for beside themselves.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
export const serverOutDir = join(root, 'dist-server');
const mainFile = join(serverOutDir, 'main.js');

/**
 * How production runs the compiled server: `node` with these arguments. Source maps on, so that a
 * logged stack names server/*.ts lines; they cost time only when a stack is read.
 */
export const compiledServerArgs = ['--enable-source-maps', mainFile];

const entryPoints = {
  main: 'server/main.ts',
  'extract-worker': 'server/services/ingest/extract-worker.ts',
  'parse-worker': 'server/modules/email-agents/parse-worker.ts',
  // `npm run backup` and `npm run restore` (scripts/ops.mjs)
  ops: 'server/ops/main.ts',
};

/** What the output is built from: a change to any of these makes it stale. */
const inputs = ['server', 'contract', 'package-lock.json', 'scripts/build-server.mjs'];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A directory's own time changes when a file is added, renamed or removed.
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, name)));
  return newest;
}

/** True when `built` is missing or older than one of `sources` (paths under the project root). */
export function isOlderThanSources(built, sources) {
  if (!existsSync(built)) return true;
  const time = statSync(built).mtimeMs;
  return sources.some((source) => newestChange(join(root, source)) > time);
}

/** True when dist-server/ is missing or older than a source it is built from. */
export function serverBuildIsStale() {
  return isOlderThanSources(mainFile, inputs);
}

/**
 * The compiled server reads its packages from node_modules at run time, so each one it imports
 * must be a dependency: a devDependency (a test library imported by server code by mistake) is
 * missing from a production install (`npm ci --omit=dev`).
 */
function checkPackagesInstalledForProduction(metafile) {
  const { dependencies = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const missing = new Set();
  for (const output of Object.values(metafile.outputs))
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith('node:') || isBuiltin(path)) continue;
      const name = path
        .split('/')
        .slice(0, path.startsWith('@') ? 2 : 1)
        .join('/');
      if (!(name in dependencies)) missing.add(name);
    }
  if (missing.size)
    throw new Error(
      `The server imports ${[...missing].join(', ')}, not in package.json's dependencies.`,
    );
}

export async function buildServer() {
  const started = Date.now();
  // Imported here: `npm start` on a fresh build loads esbuild only when it has to compile.
  const esbuild = await import('esbuild');
  const { metafile, outputFiles } = await esbuild.build({
    absWorkingDir: root,
    entryPoints,
    outdir: serverOutDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Chunks land beside the entries, never in a subdirectory (see above).
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    metafile: true,
    write: false,
  });
  // esbuild's service process would otherwise live as long as `npm start` does.
  await esbuild.stop();
  checkPackagesInstalledForProduction(metafile);
  // Old chunks carry other hashes; left in place they would pile up with every build.
  rmSync(serverOutDir, { recursive: true, force: true });
  mkdirSync(serverOutDir, { recursive: true });
  // main.js last: its time is the build's (serverBuildIsStale), so it must mean a whole build.
  const last = (file) => (file.path === mainFile ? 1 : 0);
  for (const file of outputFiles.sort((x, y) => last(x) - last(y)))
    writeFileSync(file.path, file.contents);
  return Date.now() - started;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`Server compiled to dist-server/ in ${ms} ms`);
}

// `npm start`: build the SPA when no build exists, then run the server (which migrates and seeds
// the embedded SQLite database under ./data on first start).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const staticDir = process.env.STATIC_DIR ?? 'dist';
if (!existsSync(`${staticDir}/index.html`)) {
  console.log(`No SPA build in ${staticDir}/ — building it once (npm run build)...`);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', staticDir], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServer, serverBuildIsStale } from '../../scripts/build-server.mjs';

/**
 * The browser tests run against the built SPA and the compiled server; build the SPA when
 * `npm test` has not already, and compile the server whenever its sources changed since (it
 * takes a second, and a stale server would test old code).
 */
export default async function setup(): Promise<void> {
  if (serverBuildIsStale()) await buildServer();
  if (existsSync('dist/index.html')) return;
  const r = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The browser tests run against the built SPA; build it when `npm test` has not already. */
export default function setup(): void {
  if (existsSync('dist/index.html')) return;
  const r = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}

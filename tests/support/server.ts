/**
 * Starts the real server as production runs it (`npm run serve`: node on the compiled dist-server/,
 * which the e2e global setup builds when stale) on a temporary DATA_DIR and a free port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledServerArgs } from '../../scripts/build-server.mjs';

export interface RunningServer {
  url: string;
  apiKey: string;
  dataDir: string;
  admin: { email: string; password: string };
  logs: () => string;
  /** The server process (for measuring it). */
  pid: number;
  /** Ends it at once (SIGKILL), as a machine that dies: no shutdown work runs. */
  kill: () => void;
  stop: () => Promise<void>;
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, host, () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitForHealth(
  url: string,
  apiKey: string,
  child: ChildProcess,
): Promise<void> {
  // Generous: under load (CI on two cores) a first start's migrations can take a while.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`, { headers: { 'x-api-key': apiKey } });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy in 60 s');
}

/**
 * `extraEnv.HOST` (a loopback address: 127.0.0.2, …) gives the server an address of its own, as
 * the nodes of one installation have.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const host = extraEnv.HOST ?? '127.0.0.1';
  const port = await freePort(host);
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
  const url = `http://${host}:${port}`;
  const apiKey = 'e2e-api-key';
  const admin = { email: 'admin@e2e.test', password: 'Admin-Pass-123' };
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it exits normally (a
  // benchmark's figures can then be read again from the profiles: scripts/bench-soak.ts).
  const profileDir = process.env.BENCH_CPU_PROF;
  const nodeArgs = profileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...compiledServerArgs]
    : compiledServerArgs;
  const child = spawn(process.execPath, nodeArgs, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: host,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // E2E_STATIC_DIR: a build of one's own, when others rebuild dist/ while a test runs.
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
      API_KEY: apiKey,
      PUBLIC_URL: url,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await waitForHealth(url, apiKey, child);
  } catch (e) {
    child.kill('SIGKILL');
    throw new Error(`${(e as Error).message}\n${output}`);
  }
  return {
    url,
    apiKey,
    dataDir,
    admin,
    logs: () => output,
    pid: child.pid ?? 0,
    kill: () => void child.kill('SIGKILL'),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A direct API call, as any HTTP client would make it. */
export async function api(
  server: RunningServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      'x-api-key': server.apiKey,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

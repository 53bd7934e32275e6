/**
 * WEB_CONCURRENCY: the real entry point (server/main.ts) started with two server processes on
 * one port, as `npm start` runs it when configured so.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPids, procStat } from './test-support/proc-stat';

const API_KEY = 'cluster-test-key';

/** One call on a connection of its own, so the operating system may hand it to any worker. */
function call(port: number, method: string, path: string, body?: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          'x-api-key': API_KEY,
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.setTimeout(5_000, () => req.destroy(new Error('no answer in 5 s')));
    req.end(payload);
  });
}

/**
 * The server processes whose parent is `pid` (Linux /proc): children running server/main.ts.
 * Others may come and go beside them (tsx starts an esbuild service when its cache is cold).
 */
function childrenOf(pid: number): number[] {
  return allPids().filter((child) => {
    if (procStat(child)?.ppid !== pid) return false;
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('server/main.ts');
    } catch {
      return false;
    }
  });
}

async function until<T>(
  what: string | (() => string),
  probe: () => Promise<T | undefined> | T | undefined,
) {
  // Three processes load the server at once: on a loaded 2-core machine that can take a while.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const found = await Promise.resolve(probe()).catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('several server processes on one port (WEB_CONCURRENCY)', () => {
  let primary: ChildProcess;
  let port: number;
  let output = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-cluster-'));

  beforeAll(async () => {
    primary = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        WEB_CONCURRENCY: '2',
        // Port 0: the workers share one port the system picks (read from their log below), so no
        // other test's server can take it between a check and the listen.
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        STATIC_DIR: join(dataDir, 'no-build'),
        API_KEY,
        PUBLIC_URL: 'http://127.0.0.1:8080',
        ADMIN_EMAIL: 'admin@cluster.test',
        ADMIN_PASSWORD: 'Admin-Pass-123',
        AUTH_RATE_LIMIT: '3',
        // Shown only when the start times out: what each process did.
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    primary.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    primary.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    let seen = 'nothing yet';
    await until(
      () => `two listening workers (last seen: ${seen}; output so far: ${output})`,
      async () => {
        const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (!listening) return undefined;
        port = Number(listening[1]);
        const workers = childrenOf(primary.pid ?? 0).length;
        const health = await call(port, 'GET', '/api/health').catch((e: Error) => e.message);
        seen = `${workers} workers, health ${health}`;
        return workers === 2 && health === 200 ? true : undefined;
      },
    );
  }, 150_000);

  afterAll(() => {
    if (primary.exitCode === null) primary.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when WEB_CONCURRENCY is 2, then two processes serve the port and say so', () => {
    expect(childrenOf(primary.pid ?? 0)).toHaveLength(2);
    expect(output).toContain('2 server processes share the port');
  });

  it('when sign-in calls arrive on fresh connections, then AUTH_RATE_LIMIT counts them across the processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push(
        await call(port, 'POST', '/api/users/login', {
          email: 'nobody@cluster.test',
          password: 'Wrong-Pass-123',
        }),
      );
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });

  it('when a server process dies, then another takes its place and the port keeps answering', async () => {
    const [victim, survivor] = childrenOf(primary.pid ?? 0);
    process.kill(victim, 'SIGKILL');
    const replaced = await until('a replacement worker', () => {
      const now = childrenOf(primary.pid ?? 0);
      return now.length === 2 && !now.includes(victim) ? now : undefined;
    });
    expect(replaced).toContain(survivor);
    let last = 'no call yet';
    await until(
      () => `the port to answer (last: ${last}; the processes said: ${output.slice(-3000)})`,
      async () => {
        const status = await call(port, 'GET', '/api/health').catch((e: Error) => e.message);
        last = `${status} at ${new Date().toISOString()}`;
        return status === 200 ? true : undefined;
      },
    );
  }, 150_000);

  it('when the primary gets SIGTERM, then every process stops and it exits 0', async () => {
    const workers = childrenOf(primary.pid ?? 0);
    const exited = new Promise<number | null>((r) => primary.once('exit', (code) => r(code)));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 30_000);
});

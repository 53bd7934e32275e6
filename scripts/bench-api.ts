/**
 * `npm run bench:api`: the API's own overhead, and what compiling the server changed. In one run
 * it compiles the server (dist-server/), prepares one SQLite database (1,000 users, a signed-in
 * administrator) and starts, each in its own process:
 * - a minimal Fastify route that does what GET /users/me does (JWT verify, session read, user
 *   read, JSON), the reference;
 * - Atrium by its real entry under tsx (`node --import tsx server/main.ts`), as it ran in
 *   production before: "before";
 * - Atrium compiled, as `npm start` runs it now (`node --enable-source-maps dist-server/main.js`):
 *   "after".
 * It drives all three with the same load (autocannon, 20 connections, BENCH_ROUNDS rounds of
 * BENCH_SECONDS per side after a warm-up) and prints the median req/s, p99 and CPU time per
 * request, the ratio to the minimal route for /users/me and GET /users?page=1&size=10 (targets:
 * /users/me >= 50 % of the minimal route, the list >= 35 %), and after/before. Loopback only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildServer, compiledServerArgs } from './build-server.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = 20;

/** Every side reads the same database on SQLite, whatever DATABASE_URL the shell has. */
const atriumEnv = {
  DATABASE_URL: '',
  ADMIN_EMAIL: 'admin@bench.test',
  ADMIN_PASSWORD: 'Bench-Admin-Pass-1',
  LOG_LEVEL: 'info',
  AUTH_RATE_LIMIT: '1000000',
  WEB_CONCURRENCY: '1',
};

const sideNames = {
  minimal: 'minimal route',
  tsx: 'Atrium under tsx (before)',
  node: 'Atrium compiled, node (after)',
} as const;
type Side = keyof typeof sideNames;

interface Started {
  child: ChildProcess;
  port: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Runs node with `args` and resolves with the first JSON line it prints on stdout. */
function firstJsonLine<T>(args: string[], env: Record<string, string>): Promise<[ChildProcess, T]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"'));
      if (line) resolve([child, JSON.parse(line) as T]);
    });
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${err}`)));
  });
}

async function startAtrium(args: string[], dataDir: string, apiKey: string): Promise<Started> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...atriumEnv, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    // One JSON line per request on stdout: not read, as in production it goes to a log.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited: ${err}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, {
      headers: { 'x-api-key': apiKey },
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) {
      console.log(`  node ${args.join(' ')}: answering ${Date.now() - started} ms after its start`);
      return { child, port };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} did not answer in 120 s: ${err}`);
}

/**
 * CPU time the process has used, in ms (Linux: /proc/<pid>/stat's utime + stime, in clock ticks
 * of 10 ms); NaN elsewhere. The CPU a request costs holds still on a busy shared machine, where
 * req/s swings with what else runs on its cores.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function load(side: Started, path: string, duration: number, token: string, apiKey: string) {
  const cpuBefore = cpuMs(side.child.pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${side.port}${path}`,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}`, 'x-api-key': apiKey },
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    cpuUsPerRequest: ((cpuMs(side.child.pid) - cpuBefore) * 1000) / result.requests.total,
  };
}

const line = (label: string, value: string) => console.log(`  ${label.padEnd(44)} ${value}`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;

type Run = Awaited<ReturnType<typeof load>>;

/**
 * All servers run side by side, idle while another is loaded; each round loads each of them in
 * turn for the same time. A shared machine's speed drifts by tens of percent within a minute, so
 * ratios are taken inside each round and the median over the rounds printed.
 */
async function main() {
  console.log(
    `bench:api: ${connections} connections, ${rounds} rounds of ${seconds} s per side, node ${process.version}`,
  );
  console.log(`Server compiled to dist-server/ in ${await buildServer()} ms`);
  const workDir = mkdtempSync(join(tmpdir(), 'atrium-bench-api-'));
  const helper = ['--import', 'tsx', 'scripts/bench-api-server.ts'];
  const started: Started[] = [];
  try {
    const prepared = join(workDir, 'prepared');
    const [, { token, apiKey }] = await firstJsonLine<{ token: string; apiKey: string }>(
      [...helper, 'prepare', prepared],
      atriumEnv,
    );
    // Each Atrium gets its own copy: both write (session use, job polling) and must not wait
    // on each other's locks.
    const copy = (name: string) => {
      cpSync(prepared, join(workDir, name), { recursive: true });
      return join(workDir, name);
    };
    const [minimalChild, { port }] = await firstJsonLine<{ port: number }>(
      [...helper, 'minimal', prepared],
      atriumEnv,
    );
    const up = (side: Started) => (started.push(side), side);
    const sides: Record<Side, Started> = {
      minimal: up({ child: minimalChild, port }),
      tsx: up(await startAtrium(['--import', 'tsx', 'server/main.ts'], copy('tsx'), apiKey)),
      node: up(await startAtrium(compiledServerArgs, copy('node'), apiKey)),
    };
    const names = Object.keys(sides) as Side[];
    for (const [path, target] of [
      ['/api/users/me', 0.5],
      ['/api/users?page=1&size=10', 0.35],
    ] as const) {
      for (const side of names) await load(sides[side], path, 2, token, apiKey); // warm-up
      const runs: Record<Side, Run>[] = [];
      for (let round = 0; round < rounds; round++) {
        const run = {} as Record<Side, Run>;
        for (const side of names) run[side] = await load(sides[side], path, seconds, token, apiKey);
        runs.push(run);
      }
      console.log(`\nGET ${path}`);
      for (const side of names)
        line(
          `${sideNames[side]} (median)`,
          `${median(runs.map((r) => r[side].rps)).toFixed(0)} req/s, p99 ${median(runs.map((r) => r[side].p99))} ms, ` +
            `CPU ${median(runs.map((r) => r[side].cpuUsPerRequest)).toFixed(0)} µs/request, ` +
            `non-2xx ${runs.reduce((n, r) => n + r[side].non2xx, 0)}`,
        );
      for (const side of ['tsx', 'node'] as const) {
        const ratios = runs.map((r) => r[side].rps / r.minimal.rps);
        const ratio = median(ratios);
        line(
          `${side}: ratio to minimal (target >= ${target * 100} %)`,
          `${pct(ratio)} ${ratio >= target ? 'met' : 'NOT met'} (rounds: ${ratios.map(pct).join(', ')})`,
        );
      }
      const gains = runs.map((r) => r.node.rps / r.tsx.rps);
      line(
        'req/s after / before (compiled / tsx)',
        `${pct(median(gains))} (rounds: ${gains.map(pct).join(', ')})`,
      );
      const cpu = runs.map((r) => r.node.cpuUsPerRequest / r.tsx.cpuUsPerRequest);
      line(
        'CPU per request after / before',
        `${pct(median(cpu))} (rounds: ${cpu.map(pct).join(', ')})`,
      );
    }
  } finally {
    await Promise.all(
      started.map(({ child }) => {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        return Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }),
    );
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();

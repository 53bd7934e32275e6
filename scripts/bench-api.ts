/**
 * `npm run bench:api` (issue 10): the API's own overhead. In one run it starts a minimal Fastify
 * route that does what GET /users/me does (JWT verify, session read, user read, JSON) and Atrium
 * itself on SQLite, each in its own process, drives both with the same load (autocannon, 20
 * connections, BENCH_SECONDS each after a warm-up) and prints req/s, p99 and the ratios for
 * /users/me and GET /users?page=1&size=10. Targets: /users/me >= 50 % of the minimal route,
 * the list >= 35 %. Loopback only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 20;

interface Started {
  child: ChildProcess;
  port: number;
  token: string;
  apiKey: string;
}

function startSide(mode: 'atrium' | 'minimal'): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench-api-server.ts', mode],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      const line = err.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) resolve({ child, ...(JSON.parse(line) as Omit<Started, 'child'>) });
    });
    child.on('exit', (code) => reject(new Error(`${mode} exited ${code}: ${err}`)));
  });
}

async function load(side: Started, path: string, duration: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${side.port}${path}`,
    connections,
    duration,
    headers: { authorization: `Bearer ${side.token}`, 'x-api-key': side.apiKey },
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

const line = (label: string, value: string) => console.log(`  ${label.padEnd(44)} ${value}`);

async function main() {
  console.log(
    `bench:api: ${connections} connections, ${seconds} s per run, node ${process.version}`,
  );
  const results: Record<string, Record<string, Awaited<ReturnType<typeof load>>>> = {};
  for (const mode of ['minimal', 'atrium'] as const) {
    const side = await startSide(mode);
    try {
      results[mode] = {};
      for (const path of ['/api/users/me', '/api/users?page=1&size=10']) {
        await load(side, path, 2); // warm-up
        results[mode][path] = await load(side, path, seconds);
      }
    } finally {
      side.child.kill('SIGTERM');
    }
  }
  for (const [path, target] of [
    ['/api/users/me', 0.5],
    ['/api/users?page=1&size=10', 0.35],
  ] as const) {
    const m = results.minimal[path];
    const a = results.atrium[path];
    console.log(`\nGET ${path}`);
    line('minimal route', `${m.rps.toFixed(0)} req/s, p99 ${m.p99} ms, non-2xx ${m.non2xx}`);
    line('Atrium', `${a.rps.toFixed(0)} req/s, p99 ${a.p99} ms, non-2xx ${a.non2xx}`);
    const ratio = a.rps / m.rps;
    line(
      `ratio (target >= ${target * 100} %)`,
      `${(ratio * 100).toFixed(0)} % ${ratio >= target ? 'met' : 'NOT met'}`,
    );
  }
}

await main();

/**
 * `npm run bench:api` (issue 10): the API's own overhead. In one run it starts a minimal Fastify
 * route that does what GET /users/me does (JWT verify, session read, user read, JSON) and Atrium
 * itself on SQLite, each in its own process, drives both with the same load (autocannon, 20
 * connections, BENCH_ROUNDS alternating rounds of BENCH_SECONDS per side after a warm-up) and
 * prints the median req/s, p99 and ratio for
 * /users/me and GET /users?page=1&size=10. Targets: /users/me >= 50 % of the minimal route,
 * the list >= 35 %. Loopback only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
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
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

type Run = Awaited<ReturnType<typeof load>>;

/**
 * Both servers run side by side, idle while the other is loaded; each round loads the minimal
 * route and then Atrium for the same time. A shared machine's speed drifts by tens of percent
 * within a minute, so a ratio is taken inside each round and the median over the rounds printed.
 */
async function main() {
  console.log(
    `bench:api: ${connections} connections, ${rounds} rounds of ${seconds} s per side, node ${process.version}`,
  );
  const sides = { minimal: await startSide('minimal'), atrium: await startSide('atrium') };
  try {
    for (const [path, target] of [
      ['/api/users/me', 0.5],
      ['/api/users?page=1&size=10', 0.35],
    ] as const) {
      for (const side of Object.values(sides)) await load(side, path, 2); // warm-up
      const runs: { minimal: Run; atrium: Run }[] = [];
      for (let round = 0; round < rounds; round++)
        runs.push({
          minimal: await load(sides.minimal, path, seconds),
          atrium: await load(sides.atrium, path, seconds),
        });
      const ratios = runs.map((r) => r.atrium.rps / r.minimal.rps);
      const show = (key: 'minimal' | 'atrium') =>
        `${median(runs.map((r) => r[key].rps)).toFixed(0)} req/s, p99 ${median(runs.map((r) => r[key].p99))} ms, non-2xx ${runs.reduce((n, r) => n + r[key].non2xx, 0)}`;
      console.log(`\nGET ${path}`);
      line('minimal route (median)', show('minimal'));
      line('Atrium (median)', show('atrium'));
      const ratio = median(ratios);
      const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
      line(
        `ratio, median of rounds (target >= ${target * 100} %)`,
        `${pct(ratio)} ${ratio >= target ? 'met' : 'NOT met'} (rounds: ${ratios.map(pct).join(', ')})`,
      );
    }
  } finally {
    for (const side of Object.values(sides)) side.child.kill('SIGTERM');
  }
}

await main();

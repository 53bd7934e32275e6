/**
 * `npm run bench:soak`: a long mixed load, first on one node, then on two nodes behind a
 * simulated load balancer, with one of the two killed (SIGKILL) halfway through.
 *
 * Each phase gets a fresh PostgreSQL database and a fresh S3-compatible bucket (s3rver on
 * loopback), and BENCH_SESSIONS (200) simulated people, each doing one thing after another with
 * BENCH_THINK_MS (1000, ±50 %) between: signing in again, reading lists (users, documents), asking
 * the assistant, asking a chat widget as a visitor, uploading a small pdf, reading the live and
 * sentiment reports. The balancer sends each session to a node of its own; when a node is
 * killed it is first taken out of rotation (as a health check does), so only the requests in
 * flight on it at that moment may fail, and those sessions go on on the other node.
 *
 * It prints, per phase: throughput, p50/p99/max latency (overall and per kind of request), 5xx
 * answers and failed connections (apart: those in flight on the killed node), peak RSS per node,
 * the surviving node's RSS trend over the second half (MB a minute), and whether every upload
 * that was answered 2xx was ready at the end. Targets: no 5xx or failure outside the killed
 * node's in-flight requests, p99 < 1 s, RSS flat in the second half, every upload ready.
 *
 * It also prints the CPU time each node used during the load, per request answered: on a machine
 * that other work shares, that figure moves far less than the latencies do.
 *
 * Options: BENCH_SOAK_SECONDS (600 a phase), BENCH_SESSIONS (200), BENCH_THINK_MS (1000).
 * BENCH_SOAK_PHASES=one: the one-node phase only (quicker comparisons while changing the server).
 * BENCH_CPU_PROF=<dir>: each node runs under `node --cpu-prof` and writes its profile there; the
 * report then lists where each surviving node's main thread spent its time.
 * PostgreSQL: TEST_DATABASE_URL's server, else a throw-away cluster (Debian's postgresql).
 * It measures and prints; it is not a test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { freshPostgresDatabase } from '../server/test-support/fresh-postgres';
import { buildPdf } from '../server/test-support/fixtures/pdf-writer';
import { processTreeCpuMs } from './bench-cpu';
import { describeProfile, profileOfPid, summarizeProfile } from './cpu-profile-summary';
import { startS3Server, type S3Server } from '../server/test-support/s3-server';
import { HARBOUR_QUESTION, harbourHandbook } from '../tests/support/harbour-handbook';
import { startServer, type RunningServer } from '../tests/support/server';
import { buildServer, serverBuildIsStale } from './build-server.mjs';
import { startThrowawayPostgres } from './test-env.mjs';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const HOST_PAGE = 'http://127.0.0.9:4173';
const QUESTIONS = [
  HARBOUR_QUESTION,
  'Where are mooring fees paid?',
  'Who issues fishing permits for the Quillonby pier?',
  'What does the handbook say about opening hours?',
];

type Kind = 'sign-in' | 'list' | 'chat' | 'widget' | 'upload' | 'report';
/** How often each kind comes up, out of 100. */
const MIX: [Kind, number][] = [
  ['sign-in', 8],
  ['list', 30],
  ['chat', 17],
  ['widget', 20],
  ['upload', 5],
  ['report', 20],
];

interface Sample {
  kind: Kind;
  ms: number;
  status: number; // 0: the connection failed
  node: RunningServer;
  startedAt: number;
}

interface Phase {
  nodes: RunningServer[];
  alive: Set<RunningServer>;
  killedAt: number | null;
  killed: RunningServer | null;
  samples: Sample[];
  /** The first few failed requests, to say what failed. */
  failures: string[];
  uploads: number[];
  rss: Map<RunningServer, { t: number; mb: number }[]>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Busy and total CPU time of the whole machine so far, in ms (all cores, /proc/stat). */
function machineCpuMs(): { busy: number; total: number } {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
    const ticks = fields.slice(0, 8).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    return { busy: (total - ticks[3] - ticks[4]) * 10, total: total * 10 };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/**
 * CPU time so far of the PostgreSQL backends serving database `name` (their process title names
 * it), keyed by pid: the database's share of the work, apart from other users of the server.
 */
function postgresCpuMs(name: string): Map<number, number> {
  const found = new Map<number, number>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${name} `)) continue;
        const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        found.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * 10);
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // not Linux
  }
  return found;
}

/** CPU spent between two postgresCpuMs readings (backends that came and went count from 0). */
function postgresCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, at] of after) ms += at - (before.get(pid) ?? 0);
  return ms;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Least squares slope of (t in minutes, MB). */
function slopePerMinute(points: { t: number; mb: number }[]): number {
  if (points.length < 2) return 0;
  const xs = points.map((p) => p.t / 60_000);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = points.reduce((a, p) => a + p.mb, 0) / points.length;
  let num = 0;
  let den = 0;
  points.forEach((p, i) => {
    num += (xs[i] - mx) * (p.mb - my);
    den += (xs[i] - mx) ** 2;
  });
  return den === 0 ? 0 : num / den;
}

async function call(
  phase: Phase,
  node: RunningServer,
  kind: Kind,
  path: string,
  init: { method?: string; token?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const startedAt = Date.now();
  let status = 0;
  let body: unknown = null;
  try {
    const form = init.body instanceof FormData;
    const res = await fetch(`${node.url}/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'x-api-key': node.apiKey,
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: form
        ? (init.body as FormData)
        : init.body !== undefined
          ? JSON.stringify(init.body)
          : undefined,
      signal: AbortSignal.timeout(60_000),
    });
    status = res.status;
    const text = await res.text();
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  } catch {
    status = 0;
  }
  phase.samples.push({ kind, ms: Date.now() - startedAt, status, node, startedAt });
  if ((status === 0 || status >= 500) && phase.failures.length < 5)
    phase.failures.push(
      `${status || 'no answer'} ${init.method ?? 'GET'} ${path}: ${JSON.stringify(body).slice(0, 200)}`,
    );
  return { status, body };
}

function pickKind(): Kind {
  let roll = Math.random() * 100;
  for (const [kind, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'list';
}

async function session(
  phase: Phase,
  index: number,
  admin: { email: string; password: string },
  widgetKey: string,
  until: number,
) {
  const route = () => {
    const alive = [...phase.alive];
    return alive[index % alive.length];
  };
  let token = '';
  let visitor = '';
  // Sessions start spread over the first think time, not all at once.
  await sleep(Math.random() * THINK_MS);
  while (Date.now() < until) {
    const node = route();
    const kind: Kind = token ? pickKind() : 'sign-in';
    if (kind === 'sign-in') {
      const r = await call(phase, node, kind, '/users/login', {
        method: 'POST',
        body: { email: admin.email, password: admin.password },
      });
      if (r.status === 200) token = (r.body as { access_token: string }).access_token;
    } else if (kind === 'list') {
      const path =
        index % 2 ? '/users?page=1&size=20' : '/upload/uploaded/documents?page=1&size=20';
      await call(phase, node, kind, path, { token });
    } else if (kind === 'chat') {
      await call(phase, node, kind, '/chat/stuff', {
        method: 'POST',
        token,
        body: { query: QUESTIONS[Math.floor(Math.random() * QUESTIONS.length)], department_id: 1 },
      });
    } else if (kind === 'widget') {
      if (!visitor) {
        const r = await call(phase, node, kind, '/users/login', {
          method: 'POST',
          headers: { API_KEY: widgetKey, origin: HOST_PAGE },
        });
        if (r.status === 200) visitor = (r.body as { access_token: string }).access_token;
      } else {
        await call(phase, node, kind, '/service-agent/me/chat', {
          method: 'POST',
          token: visitor,
          headers: { origin: HOST_PAGE },
          body: { query: QUESTIONS[Math.floor(Math.random() * QUESTIONS.length)] },
        });
      }
    } else if (kind === 'upload') {
      const form = new FormData();
      form.append('department_id', '1');
      form.append('advanced_training', 'false');
      form.append('need_summary', 'false');
      const name = `soak-${index}-${Date.now()}.pdf`;
      const pdf = buildPdf([
        { lines: [name, `Berth ${index} is booked through the harbour office.`] },
      ]);
      form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
      const r = await call(phase, node, kind, '/upload/docs', {
        method: 'POST',
        token,
        body: form,
      });
      if (r.status >= 200 && r.status < 300)
        for (const item of (r.body as { items: { status_code: number; document_id: number }[] })
          .items)
          if (item.status_code < 300) phase.uploads.push(item.document_id);
    } else {
      await call(
        phase,
        node,
        kind,
        index % 2 ? '/reports/dashboard' : '/reports/sentiments/dashboard',
        { token },
      );
    }
    await sleep(THINK_MS * (0.5 + Math.random()));
  }
}

async function waitReady(node: RunningServer, token: string, ids: number[]): Promise<number> {
  const wanted = new Set(ids);
  const deadline = Date.now() + 180_000;
  let ready = 0;
  while (Date.now() < deadline) {
    ready = 0;
    for (let page = 1; ; page += 1) {
      const res = await fetch(`${node.url}/api/upload/uploaded/documents?page=${page}&size=500`, {
        headers: { 'x-api-key': node.apiKey, authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { items: { id: number; status: string }[]; total: number };
      for (const d of body.items) if (wanted.has(d.id) && d.status === 'ready') ready += 1;
      if (page * 500 >= body.total) break;
    }
    if (ready === wanted.size) return ready;
    await sleep(2000);
  }
  return ready;
}

async function runPhase(label: string, nodeCount: 1 | 2, base: string, s3: S3Server) {
  const database = await freshPostgresDatabase(base, 'soak');
  const prefix = `soak-${nodeCount}-${Date.now()}`;
  const env = {
    DATABASE_URL: database.url,
    ...s3.env(prefix),
    JWT_SECRET: 'soak-nodes-share-this-signing-secret-0123456789',
    SECRETS_KEY: 'soak-nodes-share-this-secrets-key-0123456789',
    AUTH_RATE_LIMIT: '1000000',
    WIDGET_RATE_LIMIT: '1000000',
    WIDGET_ADDRESS_RATE_LIMIT: '1000000',
    EMAIL_SYNC_SECONDS: '0',
  };
  const nodes: RunningServer[] = [];
  for (let i = 0; i < nodeCount; i += 1)
    nodes.push(await startServer({ ...env, HOST: `127.0.0.${2 + i}` }));
  const phase: Phase = {
    nodes,
    alive: new Set(nodes),
    killedAt: null,
    killed: null,
    samples: [],
    failures: [],
    uploads: [],
    rss: new Map(nodes.map((n) => [n, []])),
  };
  const [first] = nodes;
  const admin = first.admin;
  const login = await fetch(`${first.url}/api/users/login`, {
    method: 'POST',
    headers: { 'x-api-key': first.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const form = new FormData();
  form.append('department_id', '1');
  form.append('advanced_training', 'false');
  form.append('need_summary', 'false');
  form.append(
    'files',
    new Blob([new Uint8Array(harbourHandbook)], { type: 'application/pdf' }),
    'harbour-handbook.pdf',
  );
  const handbook = await fetch(`${first.url}/api/upload/docs`, {
    method: 'POST',
    headers: { 'x-api-key': first.apiKey, authorization: `Bearer ${token}` },
    body: form,
  });
  const handbookId = ((await handbook.json()) as { items: { document_id: number }[] }).items[0]
    .document_id;
  await waitReady(first, token, [handbookId]);
  const widget = await fetch(`${first.url}/api/service-agent`, {
    method: 'POST',
    headers: {
      'x-api-key': first.apiKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      client_name: 'Soak widget',
      target_areas: [1],
      allowed_hosts: ['127.0.0.9:4173'],
      daily_message_quota: 1_000_000,
    }),
  });
  const widgetKey = ((await widget.json()) as { client_id: string }).client_id;

  const started = Date.now();
  const until = started + SECONDS * 1000;
  const cpuAtStart = new Map(nodes.map((n) => [n, processTreeCpuMs(n.pid) ?? 0]));
  const databaseName = new URL(database.url).pathname.slice(1);
  const machineAtStart = machineCpuMs();
  const postgresAtStart = postgresCpuMs(databaseName);
  const benchAtStart = processTreeCpuMs(process.pid) ?? 0;
  const cpuAtEnd = new Map<RunningServer, number>();
  const sampler = setInterval(() => {
    for (const node of phase.alive)
      phase.rss.get(node)?.push({ t: Date.now() - started, mb: rssMb(node.pid) });
  }, 2000);
  const killer =
    nodeCount === 2
      ? setTimeout(
          () => {
            const victim = nodes[1];
            cpuAtEnd.set(victim, processTreeCpuMs(victim.pid) ?? 0);
            phase.alive.delete(victim);
            phase.killedAt = Date.now();
            phase.killed = victim;
            victim.kill();
          },
          (SECONDS * 1000) / 2,
        )
      : null;
  await Promise.all(
    Array.from({ length: SESSIONS }, (_, i) => session(phase, i, admin, widgetKey, until)),
  );
  clearInterval(sampler);
  if (killer) clearTimeout(killer);
  const elapsed = (Date.now() - started) / 1000;
  for (const node of phase.alive) cpuAtEnd.set(node, processTreeCpuMs(node.pid) ?? 0);
  const machineAtEnd = machineCpuMs();
  const postgresSpent = postgresCpuSpent(postgresAtStart, postgresCpuMs(databaseName));
  // The benchmark's process tree: the load generator, s3rver and the nodes still alive (a killed
  // node has left it, with what it had used at the start).
  const benchSpent =
    (processTreeCpuMs(process.pid) ?? 0) -
    benchAtStart +
    (phase.killed ? (cpuAtStart.get(phase.killed) ?? 0) : 0);

  const survivor = nodes[0];
  const ready = await waitReady(survivor, token, phase.uploads);

  // Report.
  const inFlightOnKilled = (s: Sample) =>
    phase.killed !== null &&
    s.node === phase.killed &&
    phase.killedAt !== null &&
    s.startedAt <= phase.killedAt;
  const failed = (s: Sample) => s.status === 0 || s.status >= 500;
  const expected = phase.samples.filter((s) => failed(s) && inFlightOnKilled(s)).length;
  const unexpected = phase.samples.filter((s) => failed(s) && !inFlightOnKilled(s));
  const all = phase.samples.map((s) => s.ms).sort((a, b) => a - b);
  const p99 = percentile(all, 99);
  console.log(`\n${label}: ${nodeCount} node(s), ${Math.round(elapsed)} s, ${SESSIONS} sessions`);
  console.log(
    `  requests ${all.length} (${(all.length / elapsed).toFixed(1)}/s): p50 ${percentile(all, 50)} ms, p99 ${p99} ms, max ${all.at(-1) ?? 0} ms`,
  );
  for (const [kind] of MIX) {
    const ms = phase.samples
      .filter((s) => s.kind === kind)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    console.log(
      `    ${kind.padEnd(8)} ${String(ms.length).padStart(6)}  p50 ${percentile(ms, 50)} ms  p99 ${percentile(ms, 99)} ms  max ${ms.at(-1) ?? 0} ms`,
    );
  }
  const statuses = new Map<number, number>();
  for (const s of unexpected) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
  console.log(
    `  5xx or failed connections: ${unexpected.length} outside the killed node's in-flight requests${unexpected.length ? ` (${[...statuses].map(([k, v]) => `${k || 'connection'}: ${v}`).join(', ')})` : ''}; ${expected} in flight on the killed node`,
  );
  for (const line of phase.failures) console.log(`    ${line}`);
  for (const [i, node] of nodes.entries()) {
    const errors = node
      .logs()
      .split('\n')
      .filter((l) => l.includes('"level":50'))
      .slice(0, 3);
    for (const line of errors)
      console.log(`    node ${String.fromCharCode(65 + i)} logged: ${line.slice(0, 400)}`);
  }
  const secondHalf = (points: { t: number; mb: number }[]) =>
    points.filter((p) => p.t >= (SECONDS * 1000) / 2 + 10_000);
  nodes.forEach((node, i) => {
    const points = phase.rss.get(node) ?? [];
    const peak = Math.max(0, ...points.map((p) => p.mb));
    const trend =
      node === phase.killed
        ? 'killed halfway'
        : `second-half trend ${slopePerMinute(secondHalf(points)).toFixed(2)} MB/min`;
    console.log(`  node ${String.fromCharCode(65 + i)}: peak RSS ${peak.toFixed(0)} MB, ${trend}`);
    const answered = phase.samples.filter((s) => s.node === node && s.status !== 0).length;
    const cpuMs = (cpuAtEnd.get(node) ?? 0) - (cpuAtStart.get(node) ?? 0);
    console.log(
      `    CPU ${(cpuMs / 1000).toFixed(1)} s (${(cpuMs / Math.max(1, answered)).toFixed(2)} ms for each of its ${answered} requests, ingest children included)`,
    );
  });
  console.log(`  uploads answered 2xx: ${phase.uploads.length}, ready at the end: ${ready}`);
  const nodesSpent = nodes.reduce(
    (sum, n) => sum + (cpuAtEnd.get(n) ?? 0) - (cpuAtStart.get(n) ?? 0),
    0,
  );
  const aliveSpent = [...phase.alive].reduce(
    (sum, n) => sum + (cpuAtEnd.get(n) ?? 0) - (cpuAtStart.get(n) ?? 0),
    0,
  );
  const perRequest = (ms: number) => (ms / Math.max(1, all.length)).toFixed(2);
  const machineBusy = machineAtEnd.busy - machineAtStart.busy;
  const machineTotal = machineAtEnd.total - machineAtStart.total;
  console.log(
    `  CPU a request: nodes ${perRequest(nodesSpent)} ms, PostgreSQL ${perRequest(postgresSpent)} ms, load generator and s3rver ${perRequest(benchSpent - aliveSpent)} ms; the machine was ${((100 * machineBusy) / Math.max(1, machineTotal)).toFixed(0)} % busy, ${perRequest(machineBusy - nodesSpent - postgresSpent - (benchSpent - aliveSpent))} ms a request of it other work`,
  );

  const trend = slopePerMinute(secondHalf(phase.rss.get(survivor) ?? []));
  const results = [
    [
      `${label}: no 5xx or failure outside the killed node's in-flight requests`,
      unexpected.length === 0,
      `${unexpected.length}`,
    ],
    [`${label}: p99 < 1 s`, p99 < 1000, `${p99} ms`],
    // Flat: under 1 MB a minute of growth, which a leak of any consequence exceeds.
    [`${label}: RSS flat in the second half`, trend < 1, `${trend.toFixed(2)} MB/min`],
    [
      `${label}: every upload answered 2xx is ready`,
      ready === phase.uploads.length,
      `${ready}/${phase.uploads.length}`,
    ],
  ] as const;

  for (const node of nodes) await node.stop();
  const profiles = process.env.BENCH_CPU_PROF;
  if (profiles)
    nodes.forEach((node, i) => {
      const file = profileOfPid(profiles, node.pid);
      if (!file) return;
      const answered = phase.samples.filter((s) => s.node === node && s.status !== 0).length;
      console.log(`  node ${String.fromCharCode(65 + i)} profile ${file}:`);
      for (const line of describeProfile(summarizeProfile(file), answered))
        console.log(`    ${line}`);
    });
  await database.drop();
  return results;
}

async function main() {
  if (serverBuildIsStale()) await buildServer();
  let base = process.env.TEST_DATABASE_URL;
  let stopPostgres = () => {};
  if (!base) {
    const throwaway = await startThrowawayPostgres();
    base = throwaway.url;
    stopPostgres = throwaway.stop;
  }
  const s3 = await startS3Server();
  try {
    const results = [
      ...(await runPhase('one node', 1, base, s3)),
      ...(process.env.BENCH_SOAK_PHASES === 'one'
        ? []
        : await runPhase('two nodes, one killed halfway', 2, base, s3)),
    ];
    console.log('\nTargets:');
    for (const [name, met, figure] of results)
      console.log(`  ${met ? 'met ' : 'MISS'}  ${name}: ${figure}`);
  } finally {
    await s3.stop();
    stopPostgres();
  }
}

await main();

/**
 * WEB_CONCURRENCY > 1: this process (the primary) has migrated and seeded the database and now
 * keeps that many server processes (node:cluster workers) listening on the one port; the
 * operating system spreads connections over them. Everything they share lives in the database:
 * sessions, the job queue, the request-limit windows (services/security/rate-windows.ts). A
 * worker that dies is replaced, unless workers keep dying right after they start (then the
 * primary gives up, rather than loop). SIGTERM / SIGINT stop the workers gracefully, then the
 * primary.
 */
import cluster, { type Worker } from 'node:cluster';

/** A worker that exits sooner than this after its start counts as failing to start. */
const EARLY_EXIT_MS = 10_000;
/** Early exits in a row after which the primary stops replacing workers. */
const MAX_EARLY_EXITS = 5;
const FORCE_STOP_MS = 15_000;

type Log = (message: string) => void;

export function superviseWorkers(count: number, log: Log): void {
  const startedAt = new Map<Worker, number>();
  let earlyExits = 0;
  let stopping = false;

  const fork = () => startedAt.set(cluster.fork(), Date.now());

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    earlyExits = lived < EARLY_EXIT_MS ? earlyExits + 1 : 0;
    const why = signal ? `signal ${signal}` : `code ${code}`;
    if (earlyExits >= MAX_EARLY_EXITS) {
      log(`Atrium: server processes keep exiting right after they start (${why}); stopping.`);
      stopping = true;
      for (const w of startedAt.keys()) w.kill('SIGTERM');
      process.exitCode = 1;
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    log(`Atrium: server process ${worker.process.pid} exited (${why}); starting another.`);
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of startedAt.keys()) worker.kill(signal);
    setTimeout(() => process.exit(1), FORCE_STOP_MS).unref();
    if (startedAt.size === 0) process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < count; i += 1) fork();
  log(`Atrium: ${count} server processes share the port (WEB_CONCURRENCY).`);
}

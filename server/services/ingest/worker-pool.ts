/**
 * Runs parser requests on worker threads with a heap limit, a timeout and cancellation. A worker
 * that hangs is terminated (terminate() stops even a busy loop); one that crashes or runs out of
 * memory is replaced; either way the caller gets a readable reason. Idle workers are kept for a
 * while (the parsers' modules stay loaded) and never keep the process alive.
 */
import { Worker } from 'node:worker_threads';
import { formatDuration } from './settings';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

const IDLE_MS = 30_000;
const MAX_IDLE = 2;
/** Recycled after this many files, so a slow leak in a parser cannot build up. */
const MAX_USES = 25;

interface PooledWorker {
  worker: Worker;
  memoryMb: number;
  uses: number;
  idleTimer?: NodeJS.Timeout;
}

const idle: PooledWorker[] = [];
let nextId = 1;

/**
 * The RSS watchdog. A worker's heap limit does not count the buffers a parser allocates outside
 * the JS heap (a zip part inflated to 200 MB, its decoded string), so the process's resident
 * memory is sampled while any extraction runs; above the cap every running extraction is
 * stopped (terminating a worker frees its memory) and fails with the reason. Running ones are
 * all stopped because a thread's own share of the process's memory cannot be told apart.
 */
const WATCH_MS = 20;
const running = new Map<number, { maxRssMb: number; stop: (reason: string) => void }>();
let watchdog: NodeJS.Timeout | undefined;

function watchMemory(): void {
  if (watchdog || running.size === 0) return;
  watchdog = setInterval(() => {
    if (running.size === 0) {
      clearInterval(watchdog);
      watchdog = undefined;
      return;
    }
    const rssMb = process.memoryUsage.rss() / (1024 * 1024);
    const cap = Math.min(...[...running.values()].map((r) => r.maxRssMb));
    if (rssMb <= cap) return;
    for (const r of [...running.values()])
      r.stop(
        `The file needs more memory than extraction may use (the server reached ${Math.round(rssMb)} MB of ${cap} MB).`,
      );
  }, WATCH_MS);
  watchdog.unref();
}

function spawnWorker(memoryMb: number): PooledWorker {
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 64 };
  const here = import.meta.url;
  let worker: Worker;
  if (here.endsWith('.ts')) {
    // Source run (tsx, vitest): register only tsx's ESM loader inside the thread, then load the
    // worker. execArgv is not inherited: the server's `--import tsx` would also hook require(),
    // and tsx then rewrites pdf.js's 2 MB bundles on every start (seconds per worker).
    const entry = new URL('./extract-worker.ts', here).href;
    const boot = `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
    worker = new Worker(boot, { eval: true, resourceLimits, execArgv: [] });
  } else {
    worker = new Worker(new URL('./extract-worker.js', here), { resourceLimits });
  }
  return { worker, memoryMb, uses: 0 };
}

function take(memoryMb: number): PooledWorker {
  const index = idle.findIndex((w) => w.memoryMb === memoryMb);
  const pooled = index >= 0 ? idle.splice(index, 1)[0] : spawnWorker(memoryMb);
  clearTimeout(pooled.idleTimer);
  pooled.worker.ref();
  return pooled;
}

function giveBack(pooled: PooledWorker): void {
  if (pooled.uses >= MAX_USES || idle.length >= MAX_IDLE) {
    void pooled.worker.terminate();
    return;
  }
  pooled.worker.unref();
  pooled.idleTimer = setTimeout(() => {
    const i = idle.indexOf(pooled);
    if (i >= 0) idle.splice(i, 1);
    void pooled.worker.terminate();
  }, IDLE_MS);
  pooled.idleTimer.unref();
  idle.push(pooled);
}

export type PoolAnswer = WorkerReply | { id: number; ok: false; reason: string };

export function runInWorker(
  request: Omit<WorkerRequest, 'id'>,
  options: { timeoutMs: number; memoryMb: number; maxRssMb?: number; signal?: AbortSignal },
): Promise<PoolAnswer> {
  const id = nextId++;
  const pooled = take(options.memoryMb);
  const { worker } = pooled;
  return new Promise<PoolAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: PoolAnswer, healthy: boolean) => {
      if (settled) return;
      settled = true;
      running.delete(id);
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (healthy) giveBack(pooled);
      else void worker.terminate();
      resolve(answer);
    };
    const fail = (reason: string) => finish({ id, ok: false, reason }, false);
    const onMessage = (reply: WorkerReply) => {
      if (reply.id !== id) return;
      pooled.uses += 1;
      finish(reply, true);
    };
    const onError = (error: Error & { code?: string }) =>
      fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `The file needs more memory than extraction may use (${options.memoryMb} MB).`
          : `The extractor stopped unexpectedly while reading this file (${error.message.split('\n')[0].slice(0, 160)}).`,
      );
    const onExit = (code: number) =>
      fail(`The extractor stopped unexpectedly while reading this file (exit code ${code}).`);
    const onAbort = () => fail('Extraction was cancelled.');
    const timer = setTimeout(
      () =>
        fail(`Extraction took longer than ${formatDuration(options.timeoutMs)} and was stopped.`),
      options.timeoutMs,
    );
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    if (options.maxRssMb) {
      running.set(id, { maxRssMb: options.maxRssMb, stop: fail });
      watchMemory();
    }
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);
    worker.postMessage({ ...request, id } satisfies WorkerRequest);
  });
}

/** Ends idle workers at once (server shutdown, end of a test file). */
export async function closeParserWorkers(): Promise<void> {
  const all = idle.splice(0);
  await Promise.all(
    all.map((w) => {
      clearTimeout(w.idleTimer);
      return w.worker.terminate();
    }),
  );
}

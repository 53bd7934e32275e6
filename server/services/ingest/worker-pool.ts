/**
 * Runs parser requests in a pool of child processes, each under a real memory cap, a timeout and
 * cancellation. Any way an extractor ends badly (a hang, a crash, a heap overflow, resident
 * memory over the cap) kills only that child, and the caller gets a readable reason.
 *
 * Why child processes and not worker threads (security): a thread's heap limit counts
 * neither the buffers a parser allocates outside the JS heap (an inflated zip part, its decoded
 * string) nor, worse, does it hold when one allocation overshoots it — V8 then aborts the whole
 * process ("Reached heap limit"), and a 260 KB xlsx whose cells all point at one huge shared
 * string took the server down that way. A child has its own heap (`--max-old-space-size`) and
 * its own resident memory, which a watchdog reads from /proc/<pid>/status every 20 ms and kills
 * the child above `maxRssMb`; the server's memory is never at stake. The content caps
 * (zip-guard.ts, the text budget) stop known bombs long before either limit, with a precise
 * reason.
 *
 * Throughput: children are pooled like the threads were (kept while idle, the parsers' modules
 * stay loaded, recycled after MAX_USES files), so a file pays no process start; results come
 * back over IPC with V8's structured serialisation, as a thread's postMessage did.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { DocumentFailureText } from '../../../contract/knowledge-texts';
import { failureText } from './failure';
import { formatDuration } from './settings';
import type { WorkerReply, WorkerRequest, WorkerTask } from './worker-protocol';

const IDLE_MS = 30_000;
const MAX_IDLE = 2;
/** Recycled after this many files, so a slow leak in a parser cannot build up (bounded by RSS too). */
const MAX_USES = 25;
const WATCH_MS = 20;

interface PooledChild {
  child: ChildProcess;
  memoryMb: number;
  uses: number;
  /** The last lines the child wrote to stderr (V8 says "heap out of memory" there). */
  stderrTail: string;
  idleTimer?: NodeJS.Timeout;
}

const idle: PooledChild[] = [];
let nextId = 1;

/** Resident and peak resident memory of a process in MB (Linux); undefined elsewhere. */
function processMemoryMb(pid: number | 'self'): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    const rss = kb('VmRSS');
    const peak = kb('VmHWM');
    if (!Number.isFinite(rss)) return undefined;
    return { rss: rss / 1024, peak: Number.isFinite(peak) ? peak / 1024 : rss / 1024 };
  } catch {
    return undefined;
  }
}

/** Highest resident memory an extraction child reached (bench and tests read it). */
let peakChildMb = 0;
const notePeak = (mb: number | undefined) => {
  if (mb !== undefined && mb > peakChildMb) peakChildMb = mb;
};

/** Peak RSS in MB of any extraction process since the last reset (0 when none ran). */
export function extractionPeakRssMb(): number {
  return peakChildMb;
}

export function resetExtractionPeakRss(): void {
  peakChildMb = 0;
}

/** The RSS watchdog: samples every running child; above its cap the child is killed. */
const running = new Map<
  number,
  {
    child: ChildProcess;
    maxRssMb: number;
    stop: (reason: string, text?: DocumentFailureText) => void;
  }
>();
let watchdog: NodeJS.Timeout | undefined;

function watchMemory(): void {
  if (watchdog || running.size === 0) return;
  watchdog = setInterval(() => {
    if (running.size === 0) {
      clearInterval(watchdog);
      watchdog = undefined;
      return;
    }
    for (const r of [...running.values()]) {
      const pid = r.child.pid;
      const memory = pid === undefined ? undefined : processMemoryMb(pid);
      if (!memory) continue;
      notePeak(memory.peak);
      if (memory.rss > r.maxRssMb)
        r.stop(
          `The file needs more memory than extraction may use (the extractor reached ${Math.round(memory.rss)} MB of ${r.maxRssMb} MB).`,
          failureText('out_of_memory', { mb: r.maxRssMb }),
        );
    }
  }, WATCH_MS);
  watchdog.unref();
}

function spawnChild(memoryMb: number): PooledChild {
  const here = import.meta.url;
  // Compiled (dist-server/, `npm start`): the worker is its own entry beside this chunk
  // (scripts/build-server.mjs). Source run (tsx: `npm run dev`, vitest, benches): a small .mjs
  // registers only tsx's ESM loader in the child, then loads the worker. The server's own
  // `--import tsx` is not inherited: it would also hook require(), and tsx then rewrites
  // pdf.js's 2 MB bundles on every start.
  const entry = new URL(here.endsWith('.ts') ? './extract-child.mjs' : './extract-worker.js', here);
  const child = fork(entry, [], {
    execArgv: [`--max-old-space-size=${memoryMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const pooled: PooledChild = { child, memoryMb, uses: 0, stderrTail: '' };
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    pooled.stderrTail = (pooled.stderrTail + text).slice(-4096);
  });
  // An idle child must not keep the server (or a test run) alive.
  (child.stderr as (NodeJS.ReadableStream & { unref?: () => void }) | null)?.unref?.();
  child.on('error', () => undefined); // a failed spawn also ends in 'exit', handled per request
  return pooled;
}

function setRef(pooled: PooledChild, on: boolean): void {
  if (on) {
    pooled.child.ref();
    pooled.child.channel?.ref();
  } else {
    pooled.child.unref();
    pooled.child.channel?.unref();
  }
}

function usable(pooled: PooledChild): boolean {
  return (
    pooled.child.exitCode === null && pooled.child.signalCode === null && pooled.child.connected
  );
}

function take(memoryMb: number): PooledChild {
  let pooled: PooledChild | undefined;
  while (!pooled) {
    const index = idle.findIndex((c) => c.memoryMb === memoryMb);
    if (index < 0) {
      pooled = spawnChild(memoryMb);
      break;
    }
    const [candidate] = idle.splice(index, 1);
    clearTimeout(candidate.idleTimer);
    if (usable(candidate)) pooled = candidate;
  }
  setRef(pooled, true);
  return pooled;
}

function giveBack(pooled: PooledChild): void {
  if (pooled.uses >= MAX_USES || idle.length >= MAX_IDLE || !usable(pooled)) {
    pooled.child.kill('SIGKILL');
    return;
  }
  setRef(pooled, false);
  pooled.idleTimer = setTimeout(() => {
    const i = idle.indexOf(pooled);
    if (i >= 0) idle.splice(i, 1);
    pooled.child.kill('SIGKILL');
  }, IDLE_MS);
  pooled.idleTimer.unref();
  idle.push(pooled);
}

type PoolAnswer =
  WorkerReply | { id: number; ok: false; reason: string; text?: DocumentFailureText };

export function runInWorker(
  request: WorkerTask,
  options: { timeoutMs: number; memoryMb: number; maxRssMb?: number; signal?: AbortSignal },
): Promise<PoolAnswer> {
  const id = nextId++;
  const pooled = take(options.memoryMb);
  const { child } = pooled;
  const outOfMemory = `The file needs more memory than extraction may use (${options.memoryMb} MB).`;
  return new Promise<PoolAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: PoolAnswer, healthy: boolean) => {
      if (settled) return;
      settled = true;
      running.delete(id);
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (child.pid !== undefined) notePeak(processMemoryMb(child.pid)?.peak);
      if (healthy) giveBack(pooled);
      else child.kill('SIGKILL');
      resolve(answer);
    };
    const fail = (reason: string, text?: DocumentFailureText) =>
      finish({ id, ok: false, reason, text }, false);
    const onMessage = (reply: WorkerReply) => {
      if (reply.id !== id) return;
      // Files count towards recycling; OCR pages do not (a 100-page scan would restart the
      // process and reload tesseract.js four times).
      if (request.task === 'extract') pooled.uses += 1;
      finish(reply, true);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      // V8 aborts (SIGABRT, or exit code 134 through a shell) when a heap limit is reached.
      if (/heap out of memory|Reached heap limit/i.test(pooled.stderrTail) || signal === 'SIGABRT')
        return fail(outOfMemory, failureText('out_of_memory', { mb: options.memoryMb }));
      const firstError = /^\w*Error: .*$/m.exec(pooled.stderrTail)?.[0].slice(0, 160);
      const detail = firstError ?? (signal ? `signal ${signal}` : `exit code ${code}`);
      fail(
        `The extractor stopped unexpectedly while reading this file (${detail}).`,
        failureText('extractor_stopped', { detail }),
      );
    };
    const onAbort = () => fail('Extraction was cancelled.', failureText('cancelled'));
    const timer = setTimeout(
      () =>
        fail(
          `Extraction took longer than ${formatDuration(options.timeoutMs)} and was stopped.`,
          failureText('timeout', { seconds: options.timeoutMs / 1000 }),
        ),
      options.timeoutMs,
    );
    child.on('message', onMessage);
    child.on('exit', onExit);
    if (options.maxRssMb) {
      running.set(id, { child, maxRssMb: options.maxRssMb, stop: fail });
      watchMemory();
    }
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);
    child.send({ ...request, id } satisfies WorkerRequest, (error: Error | null) => {
      if (error) {
        const detail = error.message.slice(0, 160);
        fail(
          `The extractor could not be started (${detail}).`,
          failureText('extractor_stopped', { detail }),
        );
      }
    });
  });
}

/** Ends idle workers at once (server shutdown, end of a test file). */
export async function closeParserWorkers(): Promise<void> {
  const all = idle.splice(0);
  await Promise.all(
    all.map(
      (c) =>
        new Promise<void>((resolve) => {
          clearTimeout(c.idleTimer);
          if (c.child.exitCode !== null || c.child.signalCode !== null) return resolve();
          c.child.once('exit', () => resolve());
          c.child.ref(); // an idle child is unref'd: wait for its end before the caller goes on
          c.child.kill('SIGKILL');
        }),
    ),
  );
}

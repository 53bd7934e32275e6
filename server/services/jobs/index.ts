/**
 * A job queue kept in the database (ingestion_jobs), so jobs survive restarts and kill -9 and
 * several server processes share them. A worker claims one job with one statement: on
 * PostgreSQL `FOR UPDATE SKIP LOCKED` (concurrent claimers skip each other's rows); on SQLite a
 * single UPDATE ... RETURNING (SQLite runs one writer at a time, so the claim is atomic). A
 * running job's heartbeat is refreshed; a claim whose heartbeat went stale (its process died)
 * is put back in the queue, at start and periodically, and runs again up to MAX_ATTEMPTS times.
 * A job that meets a failure that passes (an error with `retryable: true`: the file store does
 * not answer) is put back to run later, waiting longer each time, and fails only when that has
 * gone on for RETRY_FOR_MS: a bucket outage must not fail every document read meanwhile for good.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { skippingLocked } from '../../db/dialect';
import type { DB, JobRow } from '../../db/schema';

/** A job claimed this many times without finishing (crashing its process each time) fails. */
export const MAX_ATTEMPTS = 3;
/** How long a job keeps being retried after failures that pass, counted from its enqueueing. */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
/** The longest wait between two such retries. */
const RETRY_MAX_WAIT_MS = 10 * 60 * 1000;

/** A failure that passes: the error says so itself (StorageUnavailable does). */
export function isRetryable(error: unknown): boolean {
  return (error as { retryable?: unknown } | null)?.retryable === true;
}

export interface JobContext {
  /** Aborted when the server shuts down; the job is then put back, not failed. */
  signal: AbortSignal;
  workerId: string;
}

export interface JobQueueOptions {
  database: Database;
  concurrency: number;
  staleSeconds: number;
  /** How often an idle worker looks for work another process enqueued. */
  pollMs?: number;
  log: {
    info: (o: object, m: string) => void;
    error: (o: object, m: string) => void;
    warn: (o: object, m: string) => void;
  };
  /**
   * Does the work; a throw fails the job (onFailure is told why), unless the queue is stopping
   * or the error is retryable (then the job is put back for later and onRequeue told).
   */
  run: (job: JobRow, context: JobContext) => Promise<void>;
  onFailure: (job: JobRow, reason: string) => Promise<void>;
  /** The claim went stale and the job goes back to the queue (e.g. document back to queued). */
  onRequeue?: (documentIds: number[]) => Promise<void>;
  /** The first wait before a retryable failure is tried again (default 5 s; it then doubles). */
  retryMinMs?: number;
}

type Db = Kysely<DB> | Transaction<DB>;

export function enqueueJob(db: Db, documentId: number, runAfter = nowIso()) {
  const now = nowIso();
  return db
    .insertInto('ingestion_jobs')
    .values({
      document_id: documentId,
      state: 'queued',
      attempts: 0,
      run_after: runAfter,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * The queue's rows as one worker sees them: claiming the oldest due job, settling or releasing
 * its own claims, the heartbeat of what it runs, and requeueing claims whose worker stopped.
 */
function jobRows(
  options: Pick<JobQueueOptions, 'database' | 'log' | 'staleSeconds' | 'onRequeue'>,
  workerId: string,
) {
  const { database, log } = options;
  const { db } = database;
  async function claim(): Promise<JobRow | undefined> {
    const now = nowIso();
    const lock = skippingLocked(database.dialect);
    const { rows } = await sql<JobRow>`
      update ingestion_jobs
         set state = 'running', claimed_by = ${workerId}, claimed_at = ${now},
             heartbeat_at = ${now}, attempts = attempts + 1, updated_at = ${now}
       where id = (select id from ingestion_jobs
                    where state = 'queued' and run_after <= ${now}
                    order by id limit 1 ${lock})
      returning *`.execute(db);
    return rows[0];
  }

  async function settle(job: JobRow, state: 'done' | 'failed', lastError: string | null) {
    await db
      .updateTable('ingestion_jobs')
      .set({ state, last_error: lastError, updated_at: nowIso() })
      .where('id', '=', job.id)
      .where('claimed_by', '=', workerId)
      .where('state', '=', 'running')
      .execute();
  }

  /**
   * Back to the queue without counting the attempt: at once (server shutting down), or, for a
   * failure that passes, not before `later.runAfter` and with its reason.
   */
  async function release(job: JobRow, later?: { runAfter: Date; lastError: string }) {
    await db
      .updateTable('ingestion_jobs')
      .set({
        state: 'queued',
        claimed_by: null,
        attempts: Math.max(0, job.attempts - 1),
        ...(later && { run_after: later.runAfter.toISOString(), last_error: later.lastError }),
        updated_at: nowIso(),
      })
      .where('id', '=', job.id)
      .where('claimed_by', '=', workerId)
      .execute();
    await options.onRequeue?.([job.document_id]);
  }

  async function requeueStale(): Promise<number> {
    const cutoff = new Date(Date.now() - options.staleSeconds * 1000).toISOString();
    const stale = await db
      .updateTable('ingestion_jobs')
      .set({ state: 'queued', claimed_by: null, updated_at: nowIso() })
      .where('state', '=', 'running')
      .where((eb) => eb.or([eb('heartbeat_at', '<', cutoff), eb('heartbeat_at', 'is', null)]))
      .returning(['id', 'document_id'])
      .execute();
    if (stale.length > 0) {
      log.warn({ jobs: stale.map((j) => j.id) }, 'requeued jobs whose worker stopped');
      await options.onRequeue?.(stale.map((j) => j.document_id));
    }
    return stale.length;
  }

  async function heartbeat(ids: number[]) {
    if (ids.length > 0)
      await db
        .updateTable('ingestion_jobs')
        .set({ heartbeat_at: nowIso() })
        .where('id', 'in', ids)
        .where('claimed_by', '=', workerId)
        .execute();
    await requeueStale();
  }

  return { claim, settle, release, requeueStale, heartbeat };
}

export function createJobQueue(options: JobQueueOptions) {
  const { log } = options;
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const pollMs = options.pollMs ?? 1000;
  const heartbeatMs = Math.max(500, Math.floor((options.staleSeconds * 1000) / 4));
  const controller = new AbortController();
  const running = new Map<number, Promise<void>>();
  const loops: Promise<void>[] = [];
  let stopping = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  const waiters = new Set<() => void>();
  const { claim, settle, release, requeueStale, heartbeat } = jobRows(options, workerId);
  const retryMinMs = options.retryMinMs ?? 5000;

  async function execute(job: JobRow) {
    if (job.attempts > MAX_ATTEMPTS) {
      const reason = `Ingestion was interrupted ${MAX_ATTEMPTS} times without finishing (the server stopped while reading this file).`;
      await settle(job, 'failed', reason);
      await options.onFailure(job, reason);
      return;
    }
    try {
      await options.run(job, { signal: controller.signal, workerId });
      await settle(job, 'done', null);
    } catch (error) {
      if (stopping && controller.signal.aborted) {
        await release(job).catch((e: unknown) => log.error({ err: e }, 'job release failed'));
        return;
      }
      const reason = error instanceof Error ? error.message : String(error);
      // Waiting about as long again as the job has waited so far: 5 s, 10 s, 20 s … 10 min.
      const age = Date.now() - Date.parse(job.created_at);
      if (isRetryable(error) && age < RETRY_FOR_MS) {
        const wait = Math.min(RETRY_MAX_WAIT_MS, Math.max(retryMinMs, age));
        log.warn(
          { err: error, jobId: job.id, documentId: job.document_id, retryInMs: wait },
          'ingestion job postponed',
        );
        await release(job, { runAfter: new Date(Date.now() + wait), lastError: reason });
        return;
      }
      log.error({ err: error, jobId: job.id, documentId: job.document_id }, 'ingestion job failed');
      await settle(job, 'failed', reason);
      await options.onFailure(job, reason);
    }
  }

  const idleWait = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        waiters.delete(done);
        resolve();
      };
      const t = setTimeout(done, pollMs);
      waiters.add(done);
    });

  async function loop(slot: number) {
    while (!stopping) {
      let job: JobRow | undefined;
      try {
        job = await claim();
      } catch (error) {
        if (stopping) break;
        log.error({ err: error, slot }, 'job claim failed');
      }
      if (!job) {
        await idleWait();
        continue;
      }
      const work = execute(job).catch((error: unknown) =>
        log.error({ err: error }, 'job bookkeeping failed'),
      );
      running.set(job.id, work);
      await work;
      running.delete(job.id);
    }
  }

  return {
    workerId,
    requeueStale,

    /** Recovers stale claims, then starts the workers (none when concurrency is 0). */
    async start(): Promise<void> {
      if (started) return;
      started = true;
      await requeueStale();
      if (options.concurrency === 0) return;
      for (let slot = 0; slot < options.concurrency; slot += 1) loops.push(loop(slot));
      timer = setInterval(() => {
        heartbeat([...running.keys()]).catch((error: unknown) =>
          log.error({ err: error }, 'job heartbeat failed'),
        );
      }, heartbeatMs);
      timer.unref();
      log.info({ workerId, concurrency: options.concurrency }, 'ingestion workers started');
    },

    /** Something was enqueued here: idle workers look at once instead of at the next poll. */
    wake(): void {
      for (const waiter of [...waiters]) waiter();
    },

    /** Cancels running jobs (they go back to the queue) and waits for the workers to end. */
    async stop(): Promise<void> {
      if (stopping) return;
      stopping = true;
      clearInterval(timer);
      controller.abort(new Error('server shutting down'));
      for (const waiter of [...waiters]) waiter();
      await Promise.all([...running.values(), ...loops]);
    },
  };
}

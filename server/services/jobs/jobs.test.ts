import { beforeEach, expect, it } from 'vitest';
import type { JobRow } from '../../db/schema';
import { insertDocument } from '../../test-support/document-rows';
import { describeApi } from '../../test-support/test-app';
import {
  createJobQueue,
  enqueueJob,
  type JobQueueOptions,
  MAX_ATTEMPTS,
  RETRY_FOR_MS,
} from './index';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

// No ingestion workers of the app's own: the tests run their queues.
describeApi('job queue', { admin: false, env: { INGEST_CONCURRENCY: '0' } }, (t) => {
  beforeEach(async () => {
    await t.database.db.deleteFrom('documents').execute();
  });

  async function documents(n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const id = await insertDocument(t.database, {
        name: `d${i}.csv`,
        type: 'csv',
        department_id: 1,
        status: 'queued',
        page_count: null,
        chunk_count: 0,
      });
      await enqueueJob(t.database.db, id);
      ids.push(id);
    }
    return ids;
  }

  /** A queue on the test database that polls fast and logs nothing; `options` give the rest. */
  const testQueue = (
    options: Pick<JobQueueOptions, 'run' | 'onFailure'> & Partial<JobQueueOptions>,
  ) =>
    createJobQueue({
      database: t.database,
      concurrency: 1,
      staleSeconds: 60,
      pollMs: 20,
      log: quiet,
      ...options,
    });
  const jobs = () => t.database.db.selectFrom('ingestion_jobs').selectAll().orderBy('id').execute();
  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 15_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('when two queues with two workers each share 12 jobs, then every job runs exactly once', async () => {
    const ids = await documents(12);
    const ran: number[] = [];
    const make = () =>
      testQueue({
        concurrency: 2,
        run: async (job) => {
          ran.push(job.document_id);
          await new Promise((r) => setTimeout(r, 10));
        },
        onFailure: async () => {},
      });
    const a = make();
    const b = make();
    await Promise.all([a.start(), b.start()]);
    await until(async () => (await jobs()).every((j) => j.state === 'done'));
    await Promise.all([a.stop(), b.stop()]);
    expect([...ran].sort((x, y) => x - y)).toEqual(ids);
    expect((await jobs()).map((j) => j.attempts)).toEqual(ids.map(() => 1));
  });

  it('when a job throws, then it is failed with the reason and the others still run', async () => {
    const ids = await documents(3);
    const failures: [number, string][] = [];
    const queue = testQueue({
      run: async (job) => {
        if (job.document_id === ids[1]) throw new Error('The PDF is damaged.');
      },
      onFailure: async (job, reason) => void failures.push([job.document_id, reason]),
    });
    await queue.start();
    await until(async () =>
      (await jobs()).every((j) => j.state !== 'queued' && j.state !== 'running'),
    );
    await queue.stop();
    expect((await jobs()).map((j) => [j.state, j.last_error])).toEqual([
      ['done', null],
      ['failed', 'The PDF is damaged.'],
      ['done', null],
    ]);
    expect(failures).toEqual([[ids[1], 'The PDF is damaged.']]);
  });

  /** What a file store that does not answer throws (StorageUnavailable says it passes). */
  const passing = () =>
    Object.assign(new Error('The file store cannot be reached.'), { retryable: true });

  it('when a job meets a failure that passes, then it waits in the queue uncounted, its document is told, and it runs again later', async () => {
    const [id] = await documents(1);
    const requeued: number[][] = [];
    const failures: string[] = [];
    const runs: { at: number; attempts: number }[] = [];
    const queue = testQueue({
      retryMinMs: 400,
      run: async (job) => {
        runs.push({ at: Date.now(), attempts: job.attempts });
        if (runs.length < 3) throw passing();
      },
      onFailure: async (_job, reason) => void failures.push(reason),
      onRequeue: async (ids) => void requeued.push(ids),
    });
    await queue.start();
    await until(async () => runs.length === 1);
    await until(async () => (await jobs())[0].state === 'queued');
    const waiting = (await jobs())[0];
    expect(waiting).toMatchObject({
      attempts: 0,
      claimed_by: null,
      last_error: 'The file store cannot be reached.',
    });
    expect(Date.parse(waiting.run_after)).toBeGreaterThan(runs[0].at + 300);
    await until(async () => (await jobs())[0].state === 'done');
    await queue.stop();
    expect(failures).toEqual([]);
    expect(requeued).toEqual([[id], [id]]);
    // Every run counts as the first claim, and none came before its wait was over.
    expect(runs.map((r) => r.attempts)).toEqual([1, 1, 1]);
    expect(runs[1].at - runs[0].at).toBeGreaterThanOrEqual(400);
    expect(runs[2].at - runs[1].at).toBeGreaterThanOrEqual(400);
  });

  it('when failures that pass go on for longer than the retries last, then the job fails with the reason', async () => {
    await documents(1);
    const long = new Date(Date.now() - RETRY_FOR_MS - 1000).toISOString();
    await t.database.db.updateTable('ingestion_jobs').set({ created_at: long }).execute();
    const failures: string[] = [];
    const queue = testQueue({
      run: async () => {
        throw passing();
      },
      onFailure: async (_job, reason) => void failures.push(reason),
    });
    await queue.start();
    await until(async () => (await jobs())[0].state === 'failed');
    await queue.stop();
    expect(failures).toEqual(['The file store cannot be reached.']);
  });

  it('when a claim went stale (its process was killed), then start puts it back and it runs again', async () => {
    const [id] = await documents(1);
    const old = new Date(Date.now() - 120_000).toISOString();
    await t.database.db
      .updateTable('ingestion_jobs')
      .set({
        state: 'running',
        claimed_by: 'dead-process',
        attempts: 1,
        heartbeat_at: old,
        claimed_at: old,
      })
      .execute();
    const requeued: number[][] = [];
    const ran: JobRow[] = [];
    const queue = testQueue({
      run: async (job) => void ran.push(job),
      onFailure: async () => {},
      onRequeue: async (ids) => void requeued.push(ids),
    });
    await queue.start();
    await until(async () => (await jobs())[0].state === 'done');
    await queue.stop();
    expect(requeued).toEqual([[id]]);
    expect(ran.map((j) => j.attempts)).toEqual([2]);
  });

  it(`when a job was already claimed ${MAX_ATTEMPTS} times, then it fails instead of crashing the server again`, async () => {
    await documents(1);
    await t.database.db.updateTable('ingestion_jobs').set({ attempts: MAX_ATTEMPTS }).execute();
    const failures: string[] = [];
    const queue = testQueue({
      run: async () => {
        throw new Error('must not run');
      },
      onFailure: async (_job, reason) => void failures.push(reason),
    });
    await queue.start();
    await until(async () => (await jobs())[0].state === 'failed');
    await queue.stop();
    expect(failures[0]).toMatch(/interrupted 3 times/);
  });

  it('when the queue stops while a job runs, then the job goes back to the queue uncounted', async () => {
    await documents(1);
    let started = false;
    const queue = testQueue({
      run: (_job, { signal }) =>
        new Promise<void>((_resolve, reject) => {
          started = true;
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
      onFailure: async () => {},
    });
    await queue.start();
    await until(async () => started);
    await queue.stop();
    expect((await jobs()).map((j) => [j.state, j.attempts, j.claimed_by])).toEqual([
      ['queued', 0, null],
    ]);
  });
});

/**
 * Wires the knowledge area of one app instance: storage, the ingestion engine, the job queue
 * and the services the routes call. `start` runs at onReady (stale claims requeued, workers
 * on), `stop` at preClose (running jobs cancelled and put back for the next start).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ResolvedConfig } from '../../config';
import type { Database } from '../../db/database';
import type { FetchPolicy } from '../../services/fetch';
import { createJobQueue } from '../../services/jobs';
import type { SearchIndex } from '../../services/search/types';
import { createStorage } from '../../services/storage';
import type { SummaryModel } from '../../services/summary';
import { createIngestEngine, type IngestEngine } from './ingest-engine';
import { createIngestProcessor } from './ingest-job';
import { createDocumentsRepo } from './repo';
import { createDocumentsService } from './service';
import { createUploadService } from './upload-service';
import { createUrlUploadService } from './url-upload-service';

/** Temporary upload files older than this were left by a process that died mid-upload. */
const TEMP_MAX_AGE_MS = 6 * 60 * 60 * 1000;

interface KnowledgeDeps {
  config: ResolvedConfig;
  database: Database;
  index: SearchIndex;
  log: FastifyBaseLogger;
  /** Tests and benchmarks may bring their own engine. */
  engine?: IngestEngine;
  /** The model that writes document summaries (none: extractive summaries). */
  summary?: SummaryModel | null;
}

export function createKnowledge({ config, database, index, log, ...options }: KnowledgeDeps) {
  const repo = createDocumentsRepo(database.db);
  const storage = createStorage(config.storageDir, config.storageS3);
  const fetchPolicy: FetchPolicy = {
    allow: config.urlFetchAllow,
    timeoutMs: config.urlFetchTimeoutMs,
    maxBytes: config.urlFetchMaxBytes,
  };
  let enginePromise: Promise<IngestEngine> | undefined = options.engine
    ? Promise.resolve(options.engine)
    : undefined;
  const engine = () =>
    (enginePromise ??= createIngestEngine(index, { ocrEngine: config.ocrEngine }));
  // The queue runs the processor's jobs and the processor wakes the queue: each calls the
  // other only once both exist.
  const queue = createJobQueue({
    database,
    concurrency: config.ingestConcurrency,
    staleSeconds: config.ingestStaleSeconds,
    log,
    run: (job, context) => processor.run(job, context),
    onFailure: (job, reason) => processor.fail(job, reason),
    onRequeue: (ids) => processor.requeued(ids),
  });
  const wake = () => queue.wake();
  const processor = createIngestProcessor({
    repo,
    storage,
    engine,
    fetchPolicy,
    sitemapMaxPages: config.sitemapMaxPages,
    summary: options.summary ?? null,
    wake,
    ocrTurnMs: config.ocrTurnSeconds * 1000,
  });

  return {
    documents: createDocumentsService({ repo, storage, engine, fetchPolicy, wake }),
    uploads: {
      ...createUploadService({
        repo,
        storage,
        maxUploadMb: config.maxUploadMb,
        wake,
      }),
      ...createUrlUploadService({ repo, storage, fetchPolicy, wake }),
    },
    queue,
    storage,
    maxUploadMb: config.maxUploadMb,
    engine,
    async start() {
      storage.sweepTemp(TEMP_MAX_AGE_MS);
      await queue.start();
    },
    async stop() {
      await queue.stop();
      if (enginePromise) await (await enginePromise).close();
    },
  };
}

export type Knowledge = ReturnType<typeof createKnowledge>;

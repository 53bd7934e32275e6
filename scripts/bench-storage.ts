/**
 * `npm run bench:storage`: the memory one process needs to store and read a 1 GiB file, with
 * the local directory and with an S3-compatible bucket (s3rver in a child process on loopback,
 * server/test-support/s3-server.ts, so its memory is not counted). Phases, each timed and
 * sampled for the process's RSS every 10 ms:
 * - receive: the upload streamed in 64 KiB chunks into a temporary file (hashed, counted);
 * - commit: renamed into files/ (local) or sent as a multipart upload (S3);
 * - read: the stored file streamed back through openRead and hashed (compared with the upload).
 * Target: RSS growth over the start < 100 MB in every phase. It prints; it exits 1 over target.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseEnv } from '../server/config';
import { createStorage, type Storage } from '../server/services/storage';
import { startS3Server } from '../server/test-support/s3-server';

const SIZE = 1024 * 1024 * 1024;
const CHUNK = 64 * 1024;
const TARGET_MB = 100;
const mb = (bytes: number) => bytes / 1024 / 1024;

/** A 1 GiB body arriving in chunks; each chunk a fresh buffer, as a socket hands them out. */
async function* upload(): AsyncGenerator<Buffer> {
  for (let sent = 0; sent < SIZE; sent += CHUNK) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    chunk.fill(sent % 251);
    yield chunk;
  }
}

async function sampled<T>(
  work: () => Promise<T>,
): Promise<{ result: T; peak: number; ms: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  const start = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peak, ms: performance.now() - start };
  } finally {
    clearInterval(timer);
  }
}

async function measure(name: string, storage: Storage): Promise<boolean> {
  const base = process.memoryUsage.rss();
  const received = await sampled(() => storage.write(upload(), { maxBytes: SIZE }));
  const { tempPath, sha256 } = received.result;
  const committed = await sampled(() => storage.commit(tempPath, 'bin'));
  const read = await sampled(async () => {
    const hash = createHash('sha256');
    for await (const chunk of await storage.openRead(committed.result))
      hash.update(chunk as Buffer);
    return hash.digest('hex');
  });
  await storage.remove(committed.result);
  if (read.result !== sha256) throw new Error(`${name}: the stored file came back different`);
  const phases = { receive: received, commit: committed, read };
  let ok = true;
  for (const [phase, run] of Object.entries(phases)) {
    const growth = mb(run.peak - base);
    ok &&= growth < TARGET_MB;
    const speed = run.ms > 50 ? `${(mb(SIZE) / (run.ms / 1000)).toFixed(0)} MB/s` : '-';
    console.log(
      `${name.padEnd(6)} ${phase.padEnd(8)} ${(run.ms / 1000).toFixed(1).padStart(6)} s  ${speed.padStart(9)}  RSS growth ${growth.toFixed(1).padStart(6)} MB`,
    );
  }
  return ok;
}

const work = mkdtempSync(join(tmpdir(), 'atrium-bench-storage-'));
const s3 = await startS3Server();
let ok = true;
try {
  console.log(
    `1 GiB file, start RSS ${mb(process.memoryUsage.rss()).toFixed(1)} MB; target: growth < ${TARGET_MB} MB`,
  );
  ok &&= await measure('local', createStorage(join(work, 'local')));
  const location = parseEnv({ DATA_DIR: work, ...s3.env('bench') }).storageS3;
  ok &&= await measure('s3', createStorage(join(work, 's3'), location));
} finally {
  await s3.stop();
  rmSync(work, { recursive: true, force: true });
}
console.log(ok ? 'within target' : 'OVER TARGET');
if (!ok) process.exitCode = 1;

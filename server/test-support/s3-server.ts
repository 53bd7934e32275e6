/**
 * An S3-compatible server for the storage tests and the benchmark: npm's s3rver (a
 * devDependency) in a child process on a loopback port, keeping its objects in a temporary
 * directory. Debian's radosgw here (16.x) has no standalone store to run without a Ceph
 * cluster, and MinIO is not packaged, so s3rver it is. Its own process keeps the memory a
 * benchmark measures the server's alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { s3Client } from '../services/storage/s3';
import { freePort } from './mail-servers';

const BIN = fileURLToPath(new URL('../../node_modules/s3rver/bin/s3rver.js', import.meta.url));
export const TEST_BUCKET = 'atrium-files';

export interface S3Server {
  endpoint: string;
  /** What an app needs to keep its files under `prefix` in the test bucket. */
  env: (prefix: string) => Record<string, string>;
  client: () => S3Client;
  /** Every object key under `prefix` (the prefix included), sorted. */
  keys: (prefix: string) => Promise<string[]>;
  /** An outage: the process ends (connections are refused) and its objects are kept. */
  down: () => Promise<void>;
  /** Back after `down`, on the same port with the same objects. */
  up: () => Promise<void>;
  stop: () => Promise<void>;
}

function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`s3rver exited (${child.exitCode})`));
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`s3rver did not listen on ${port}`));
        else setTimeout(attempt, 100);
      });
      socket.connect(port, '127.0.0.1');
    };
    attempt();
  });
}

export async function startS3Server(): Promise<S3Server> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-s3-'));
  const port = await freePort();
  const launch = async () => {
    const started = spawn(
      process.execPath,
      [BIN, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '--silent', '--no-vhost-buckets'],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    try {
      await waitForPort(port, started);
    } catch (error) {
      started.kill('SIGKILL');
      throw error;
    }
    return started;
  };
  let child: ChildProcess;
  try {
    child = await launch();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const env = (prefix: string): Record<string, string> => ({
    STORAGE_URL: `s3://${TEST_BUCKET}/${prefix}`,
    AWS_ENDPOINT_URL_S3: endpoint,
    AWS_REGION: 'us-east-1',
    // s3rver's fixed account; it checks every request's signature with it.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const client = () =>
    s3Client({
      bucket: TEST_BUCKET,
      prefix: '',
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  // s3rver makes buckets at start only from config files; an empty one is simply created.
  const admin = client();
  await admin.send(new CreateBucketCommand({ Bucket: TEST_BUCKET }));
  admin.destroy();
  return {
    endpoint,
    env,
    client,
    async keys(prefix) {
      const s3 = client();
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({
            Bucket: TEST_BUCKET,
            Prefix: prefix,
            ContinuationToken: token,
          }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      s3.destroy();
      return keys.sort();
    },
    down: () => ended(child),
    async up() {
      await ended(child);
      child = await launch();
    },
    async stop() {
      await ended(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

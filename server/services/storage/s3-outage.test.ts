/**
 * The app with STORAGE_URL when its bucket stops answering (the s3rver process ends, so every
 * connection is refused) and when it comes back: an outage is a 503 STORAGE_UNAVAILABLE, never a
 * missing file; a missing object is still 404; an upload leaves nothing; a document waiting to be
 * read is read once the bucket is back; and closing the app closes its connections to the bucket.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../jobs';
import { insertDocument } from '../../test-support/document-rows';
import {
  storedFiles,
  storedRows,
  uploadFiles,
  waitForDocument,
} from '../../test-support/knowledge';
import { startS3Server, TEST_BUCKET, type S3Server } from '../../test-support/s3-server';
import { addClient, createSop, sopFile, uploadSop } from '../../test-support/sop';
import { sopPdf } from '../../test-support/sop-fixture';
import { startTestApp, TEST_ADMIN, testDatabases, type TestApp } from '../../test-support/test-app';

/**
 * This process's open TCP connections to `port` on loopback, read from /proc: an idle keep-alive
 * socket is unreferenced, so Node's own lists of what keeps it busy do not show it.
 */
function connectionsTo(port: number): number {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const link = readlinkSync(`/proc/self/fd/${fd}`);
      if (link.startsWith('socket:[')) inodes.add(link.slice(8, -1));
    } catch {
      // closed while listed
    }
  }
  const wanted = port.toString(16).toUpperCase().padStart(4, '0');
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6'])
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // remote address, state (01: established) and inode of each socket
      if (fields[2].endsWith(`:${wanted}`) && fields[3] === '01' && inodes.has(fields[9]))
        count += 1;
    }
  return count;
}

/** The node's own disk once the requests that wrote temporary files are over. */
async function localFilesSettled(t: TestApp): Promise<string[]> {
  const deadline = Date.now() + 5000;
  while (storedFiles(t).length > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  return storedFiles(t);
}

describe.each(testDatabases)('stored files when the bucket does not answer, on %s', (dialect) => {
  let s3: S3Server;
  let t: TestApp;
  let admin: string;
  const prefix = `outage-${dialect}-${Date.now()}`;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp(dialect, s3.env(prefix));
    admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  // Every test that takes the bucket down brings it back, even when it fails half-way.
  afterEach(async () => {
    await s3.up();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  async function readyDocument(name: string, content: string | Buffer): Promise<number> {
    const res = await uploadFiles(t, admin, [{ name, content }]);
    if (res.status !== 200) throw new Error(`upload: ${res.status} ${res.raw}`);
    const id = res.body.items[0].document_id as number;
    expect(await waitForDocument(t, admin, id)).toMatchObject({ status: 'ready' });
    return id;
  }

  it('when the bucket is down, then viewing a document or an SOP answers 503 STORAGE_UNAVAILABLE, the cause is only in the server log, and all is back with the bucket', async () => {
    const pdf = await readyDocument('berths.pdf', sopPdf());
    const csv = await readyDocument('tides.csv', 'port,tide\nOslo,high\nBergen,low\n');
    const sop = await createSop(t, admin);
    await s3.down();
    for (const url of [
      `/api/download/${pdf}`,
      `/api/download/${csv}`,
      `/api/upload/documents/${pdf}/download`,
      `/api/sop/documents/${sop.id}`,
    ]) {
      const res = await t.api('GET', url, { token: admin });
      expect(res.status, url).toBe(503);
      expect(res.body, url).toEqual({
        code: 'STORAGE_UNAVAILABLE',
        message: 'The file store cannot be reached right now. Please try again in a few minutes.',
      });
    }
    // The refused connection is named in the log, for whoever runs the server.
    expect(t.logs()).toMatch(/ECONNREFUSED/);
    // The balancer keeps the node: the bucket is every node's, so it is no reason to drop one.
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    await s3.up();
    const back = await t.api('GET', `/api/download/${pdf}`, { token: admin });
    expect(back.status).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
  }, 90_000);

  it('when the bucket is down, then an upload answers 503 and leaves no document, job, SOP or temporary file', async () => {
    const clientId = await addClient(t, admin, 'Harbour Ltd');
    const before = await storedRows(t);
    const sopsBefore = await t.database.db.selectFrom('sop_documents').select('id').execute();
    const objectsBefore = await s3.keys(`${prefix}/`);
    await s3.down();
    const upload = await uploadFiles(t, admin, [
      { name: 'ferries.csv', content: 'ferry,port\nNordlys,Bodø\n', type: 'text/csv' },
    ]);
    expect(upload.status).toBe(503);
    expect(upload.body.code).toBe('STORAGE_UNAVAILABLE');
    const sopUpload = await uploadSop(
      t,
      admin,
      {
        department_id: '1',
        client_id: String(clientId),
        industry: 'Retail',
        product_type: 'Textiles',
      },
      [sopFile('outage-sop.pdf')],
    );
    expect(sopUpload.status).toBe(503);
    expect(sopUpload.body.code).toBe('STORAGE_UNAVAILABLE');
    expect(await storedRows(t)).toEqual(before);
    expect(await t.database.db.selectFrom('sop_documents').select('id').execute()).toEqual(
      sopsBefore,
    );
    expect(await localFilesSettled(t)).toEqual([]);
    await s3.up();
    expect(await s3.keys(`${prefix}/`)).toEqual(objectsBefore);
    const listed = await t.api('GET', '/api/upload/uploaded/documents?search=ferries', {
      token: admin,
    });
    expect(listed.body.items).toEqual([]);
  }, 90_000);

  it('when a document’s object is missing from a bucket that answers, then its download and its source view answer 404', async () => {
    // A pdf streams as stored, a csv is read again to be laid out: both ways meet the 404.
    const pdf = await readyDocument('gone.pdf', Buffer.concat([sopPdf(), Buffer.from('% gone\n')]));
    const csv = await readyDocument('gone.csv', 'buoy,colour\nNorth,black\n');
    const rows = await t.database.db
      .selectFrom('documents')
      .select('storage_path')
      .where('id', 'in', [pdf, csv])
      .execute();
    const client = s3.client();
    for (const row of rows)
      await client.send(
        new DeleteObjectCommand({ Bucket: TEST_BUCKET, Key: `${prefix}/${row.storage_path}` }),
      );
    client.destroy();
    for (const url of [
      `/api/download/${pdf}`,
      `/api/download/${csv}`,
      `/api/upload/documents/${pdf}/download`,
    ]) {
      const res = await t.api('GET', url, { token: admin });
      expect(res.status, url).toBe(404);
      expect(res.body.code, url).toBe('NOT_FOUND');
    }
  }, 60_000);

  it('when the bucket is down while a document waits to be read, then it stays queued rather than failed and is read once the bucket is back', async () => {
    const key = `files/${randomBytes(1).toString('hex')}/${randomBytes(16).toString('hex')}.csv`;
    const client = s3.client();
    await client.send(
      new PutObjectCommand({
        Bucket: TEST_BUCKET,
        Key: `${prefix}/${key}`,
        Body: 'lighthouse,keeper\nLindesnes,Ingrid\n',
      }),
    );
    client.destroy();
    await s3.down();
    // As an upload received just before the outage leaves it: a row and its job, not yet read.
    const id = await insertDocument(t.database, {
      name: 'lighthouses.csv',
      type: 'csv',
      department_id: 1,
      storage_path: key,
      status: 'queued',
      page_count: null,
      chunk_count: 0,
    });
    await enqueueJob(t.database.db, id);
    const job = () =>
      t.database.db
        .selectFrom('ingestion_jobs')
        .selectAll()
        .where('document_id', '=', id)
        .executeTakeFirstOrThrow();
    const deadline = Date.now() + 30_000;
    while ((await job()).last_error === null) {
      if (Date.now() > deadline) throw new Error('the job never ran');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await job()).toMatchObject({ state: 'queued', attempts: 0 });
    const waiting = await t.api('GET', `/api/upload/documents/${id}`, { token: admin });
    expect(waiting.body.status).toBe('queued');
    await s3.up();
    expect(await waitForDocument(t, admin, id, 60_000)).toMatchObject({
      status: 'ready',
      error: null,
    });
  }, 90_000);
});

describe('closing the app', () => {
  it('when the app closes, then no connection to the bucket stays open', async () => {
    const s3 = await startS3Server();
    const port = Number(new URL(s3.endpoint).port);
    const t = await startTestApp('sqlite', s3.env('closing'));
    try {
      const admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
      const res = await uploadFiles(t, admin, [
        { name: 'quays.csv', content: 'quay,depth\nNorth,12\n', type: 'text/csv' },
      ]);
      const id = res.body.items[0].document_id as number;
      expect(await waitForDocument(t, admin, id)).toMatchObject({ status: 'ready' });
      const file = await t.api('GET', `/api/upload/documents/${id}/download`, { token: admin });
      expect(file.status).toBe(200);
      // The download left its keep-alive connection open (s3rver keeps idle ones for 5 s).
      expect(connectionsTo(port)).toBeGreaterThan(0);
      await t.close();
      expect(connectionsTo(port)).toBe(0);
    } finally {
      await t.close().catch(() => undefined);
      await s3.stop();
    }
  }, 60_000);

  it('when the app closes during a download from the bucket, then the download still ends whole', async () => {
    const s3 = await startS3Server();
    // No ingestion workers: the download is the only reader of the object.
    const t = await startTestApp('sqlite', { ...s3.env('closing-mid'), INGEST_CONCURRENCY: '0' });
    try {
      const admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
      const content = 'mile,light\n' + '1,green\n'.repeat(1_500_000);
      const res = await uploadFiles(t, admin, [{ name: 'lights.csv', content, type: 'text/csv' }]);
      const id = res.body.items[0].document_id as number;
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const answer = await new Promise<IncomingMessage>((resolve, reject) =>
        get(
          {
            host: '127.0.0.1',
            port,
            path: `/api/upload/documents/${id}/download`,
            headers: { authorization: `Bearer ${admin}`, 'x-api-key': t.config.apiKey },
          },
          resolve,
        ).on('error', reject),
      );
      expect(answer.statusCode).toBe(200);
      const chunks: Buffer[] = [];
      answer.pause();
      // The app starts closing while most of the object is still to come.
      const closing = t.close();
      await new Promise((r) => setTimeout(r, 200));
      for await (const chunk of answer) chunks.push(chunk as Buffer);
      await closing;
      expect(Buffer.concat(chunks).length).toBe(Buffer.byteLength(content));
    } finally {
      await t.close().catch(() => undefined);
      await s3.stop();
    }
  }, 60_000);
});

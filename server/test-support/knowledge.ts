/** Helpers for knowledge API tests: multipart bodies, what is stored, waiting for ingestion. */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { TestApp } from './test-app';

/** A few bytes that a content check takes for a pdf. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A Windows program's first bytes: content no upload extension allows. */
export const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
  Buffer.alloc(200, 1),
]);

export interface FilePart {
  name: string;
  content: Buffer | string;
  type?: string;
  field?: string;
}

/** A multipart/form-data body: fields first (as the console sends them), then the files. */
export function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\n` +
          `content-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadFiles(
  t: TestApp,
  token: string,
  files: FilePart[],
  fields: Record<string, string> = { department_id: '1' },
) {
  const { body, headers } = multipart(fields, files);
  return t.api('POST', '/api/upload/docs', { token, body, headers });
}

/** Every file under STORAGE_DIR, temporary ones included. */
export function storedFiles(t: TestApp): string[] {
  const root = t.config.storageDir;
  if (!existsSync(root)) return [];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else found.push(full);
    }
  };
  walk(root);
  return found;
}

export async function storedRows(t: TestApp) {
  const { db } = t.database;
  const count = async (table: 'documents' | 'ingestion_jobs' | 'document_tables') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    documents: await count('documents'),
    jobs: await count('ingestion_jobs'),
    tables: await count('document_tables'),
  };
}

/** Polls a document until its status is ready or failed. */
export async function waitForDocument(t: TestApp, token: string, id: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.api('GET', `/api/upload/documents/${id}`, { token });
    if (res.status !== 200) throw new Error(`document ${id}: ${res.status} ${res.raw}`);
    if (res.body.status === 'ready' || res.body.status === 'failed') return res.body;
    if (Date.now() > deadline) throw new Error(`document ${id} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A zip whose one entry declares `declaredSize` bytes unpacked but holds a few (a size lie). */
export function zipDeclaring(
  entryName: string,
  declaredSize: number,
  extra: string[] = [],
): Buffer {
  const entries = [entryName, ...extra];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [i, name] of entries.entries()) {
    const data = Buffer.from('<x/>');
    const nameBytes = Buffer.from(name);
    const size = i === 0 ? declaredSize : data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/**
 * A local web server for address tests; `routes` maps a path to its answer ('{origin}' in a body
 * or location becomes the server's origin). Changing `routes` later changes the answers.
 */
export async function localSite(
  host: string,
  routes: Record<string, { status?: number; type?: string; body?: string; location?: string }>,
): Promise<{ origin: string; server: Server; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const route = routes[req.url ?? ''];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const headers: Record<string, string> = {
      'content-type': route.type ?? 'text/html; charset=utf-8',
    };
    if (route.location) headers.location = route.location.replace('{origin}', origin);
    res
      .writeHead(route.status ?? 200, headers)
      .end((route.body ?? '').replaceAll('{origin}', origin));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    server,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

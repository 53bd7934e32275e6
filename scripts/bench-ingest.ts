/**
 * `npm run bench:ingest`: measures the knowledge pipeline on this machine and prints figures.
 *   1. peak RSS growth of the server while a 1 GiB file is uploaded over HTTP (target < 100 MB)
 *      and the upload's throughput (MB/s); the body is generated while sending, the stored
 *      file lands in a temporary directory that is deleted at the end
 *   1b. peak RSS of the server and of the extraction child while zip bombs are uploaded and
 *      refused (security: extraction's memory cap): a 3 MB docx whose document part inflates to
 *      190 MB, xlsx files with a 190 MB worksheet, a 190 MB cell, one long shared string in
 *      4,000 cells; and the docx with the part cap lifted, so that only the RSS watchdog stops it
 *   2. extraction throughput: pages/s for pdf, rows/s for xlsx and csv, and OCR pages/s of
 *      scanned pdf pages with Debian's tesseract + pdftoppm and with tesseract.js + pdf.js, and
 *      the time to ready of a scan uploaded with the default settings (bench-ingest-ocr.ts)
 *   3. time to ready of a 100-page pdf uploaded through the API
 *   4. index size and search p95 over 10,000 documents (target < 20 ms)
 * Inputs are generated at run time; nothing big is committed. SQLite (the default) unless
 * DATABASE_URL is set.
 */
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chunkDocument, closeParserWorkers, extractDocument } from '../server/services/ingest';
import type { ExtractableKind } from '../server/services/ingest/types';
import { createSearchIndex } from '../server/services/search';
import { readyDocumentRow } from '../server/test-support/document-rows';
import { multipart, uploadFiles, waitForDocument } from '../server/test-support/knowledge';
import {
  writeCsv,
  writeExpandingDocx,
  writeGiantCellXlsx,
  writePdf,
  writeSharedStringBombXlsx,
  writeSheetBombXlsx,
  writeXlsx,
} from '../server/test-support/knowledge-fixtures';
import { extractionPeakRssMb, resetExtractionPeakRss } from '../server/services/ingest/worker-pool';
import { benchOcr } from './bench-ingest-ocr';
import { startTestApp, TEST_ADMIN, TEST_API_KEY } from '../server/test-support/test-app';

const MB = 1024 * 1024;
const GIB = 1024 * MB;
const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
if (dialect === 'postgres') process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL;

const line = (label: string, value: string) => console.log(`  ${label.padEnd(44)} ${value}`);

/** Streams a multipart body holding one `size`-byte csv file, generated chunk by chunk. */
async function uploadHuge(
  port: number,
  token: string,
  size: number,
): Promise<{ status: number; seconds: number }> {
  const boundary = '----atriumbench';
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="department_id"\r\n\r\n1\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="huge.csv"\r\ncontent-type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const block = Buffer.from(
    'region,product,amount\n'.repeat(Math.ceil((256 * 1024) / 22)),
  ).subarray(0, 256 * 1024);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/upload/docs',
        headers: {
          'x-api-key': TEST_API_KEY,
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, seconds: (performance.now() - started) / 1000 }),
        );
      },
    );
    req.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const piece = block.subarray(0, Math.min(block.length, size - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    req.write(head);
    pump();
  });
}

async function benchUpload(work: string) {
  const t = await startTestApp(dialect, {
    MAX_UPLOAD_MB: '1100',
    INGEST_CONCURRENCY: '0',
    STORAGE_DIR: join(work, 'storage'),
  });
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const { status, seconds } = await uploadHuge(port, token, GIB);
    clearInterval(sampler);
    console.log('\nUpload of a 1 GiB file (HTTP, streamed to storage, sha256 on the way)');
    line('answer', String(status));
    line('peak RSS growth (target < 100 MB)', `${((peak - baseline) / MB).toFixed(1)} MB`);
    line('throughput', `${(1024 / seconds).toFixed(0)} MB/s (${seconds.toFixed(1)} s)`);
  } finally {
    await t.close();
  }
}

async function benchZipBomb(work: string) {
  const bombs = [
    { file: 'bomb.docx', label: 'docx, document part of 190 MB', write: writeExpandingDocx },
    { file: 'sheet.xlsx', label: 'xlsx, worksheet of 190 MB', write: writeSheetBombXlsx },
    { file: 'cell.xlsx', label: 'xlsx, one cell of 190 MB', write: writeGiantCellXlsx },
    {
      file: 'shared.xlsx',
      label: 'xlsx, 900 KB string in 4,000 cells',
      write: (path: string) => writeSharedStringBombXlsx(path, 900, 4000),
    },
  ];
  console.log('\nZip bombs uploaded through the API (target: server and extractor < 600 MB RSS)');
  const t = await startTestApp(dialect, { STORAGE_DIR: join(work, 'bomb-storage') });
  try {
    const token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    for (const bomb of bombs) {
      const path = join(work, bomb.file);
      await bomb.write(path);
      global.gc?.();
      resetExtractionPeakRss();
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const res = await uploadFiles(t, token, [{ name: bomb.file, content: readFileSync(path) }]);
      const doc = await waitForDocument(t, token, res.body.items[0].document_id as number);
      clearInterval(sampler);
      line(
        `${bomb.label} (${(statSync(path).size / MB).toFixed(1)} MB)`,
        `${doc.status}, peak RSS server ${(peak / MB).toFixed(0)} MB, extractor ${extractionPeakRssMb().toFixed(0)} MB`,
      );
    }
  } finally {
    await t.close();
  }
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const maxRssMb = 300;
  resetExtractionPeakRss();
  const result = await extractDocument(join(work, 'bomb.docx'), 'docx', {
    advancedTraining: false,
    settings: { maxPartBytes: 1024 * MB, maxRssMb },
  });
  clearInterval(sampler);
  line(
    `docx, part cap lifted, watchdog at ${maxRssMb} MB`,
    `${result.ok ? 'read (!)' : 'stopped'}, peak RSS server ${(peak / MB).toFixed(0)} MB, extractor ${extractionPeakRssMb().toFixed(0)} MB`,
  );
}

async function timeExtraction(path: string, kind: ExtractableKind) {
  const started = performance.now();
  const result = await extractDocument(path, kind, { advancedTraining: false });
  const seconds = (performance.now() - started) / 1000;
  if (!result.ok) throw new Error(`${kind}: ${result.reason}`);
  return { seconds, doc: result.doc };
}

async function benchExtraction(work: string) {
  console.log('\nExtraction (pooled child process, warm)');
  const pdf = join(work, 'pages.pdf');
  writePdf(pdf, 300, 'benchword', 150);
  await timeExtraction(pdf, 'pdf'); // warm the worker
  const p = await timeExtraction(pdf, 'pdf');
  line('pdf, 300 pages', `${(p.doc.pageCount / p.seconds).toFixed(0)} pages/s`);
  const xlsx = join(work, 'rows.xlsx');
  const rows = 50_000;
  await writeXlsx(xlsx, 'benchword', rows);
  const x = await timeExtraction(xlsx, 'xlsx');
  line(`xlsx, ${rows} rows`, `${(rows / x.seconds).toFixed(0)} rows/s`);
  const csv = join(work, 'rows.csv');
  writeCsv(csv, 'benchword', rows);
  const c = await timeExtraction(csv, 'csv');
  line(`csv, ${rows} rows`, `${(rows / c.seconds).toFixed(0)} rows/s`);
  const started = performance.now();
  const chunks = chunkDocument(p.doc).length;
  line(
    'chunking the 300-page pdf',
    `${chunks} chunks in ${(performance.now() - started).toFixed(0)} ms`,
  );
}

async function benchTimeToReady(work: string) {
  const t = await startTestApp(dialect, {
    INGEST_CONCURRENCY: '1',
    STORAGE_DIR: join(work, 'ready'),
  });
  try {
    const token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const pdf = join(work, 'hundred.pdf');
    writePdf(pdf, 100, 'benchword', 50);
    const { body, headers } = multipart({ department_id: '1' }, [
      { name: 'hundred.pdf', content: readFileSync(pdf), type: 'application/pdf' },
    ]);
    const started = performance.now();
    const res = await t.api('POST', '/api/upload/docs', { token, body, headers });
    const doc = await waitForDocument(t, token, res.body.items[0].document_id, 300_000);
    console.log('\nTime to ready (upload answered -> extracted, chunked, indexed)');
    line(
      '100-page pdf',
      `${((performance.now() - started) / 1000).toFixed(2)} s, ${doc.status}, ${doc.chunk_count} chunks`,
    );
  } finally {
    await t.close();
  }
}

const VOCABULARY = Array.from(
  { length: 5000 },
  (_, i) => `w${i.toString(36)}x${((i * 7919) % 997).toString(36)}`,
);
const pick = (n: number) =>
  Array.from({ length: n }, () => VOCABULARY[Math.floor(Math.random() ** 2 * VOCABULARY.length)]);

async function benchSearch(work: string) {
  const t = await startTestApp(dialect, {
    INGEST_CONCURRENCY: '0',
    STORAGE_DIR: join(work, 'search'),
  });
  try {
    const { db } = t.database;
    const index = createSearchIndex(t.database);
    const documents = 10_000;
    const started = performance.now();
    for (let i = 0; i < documents; i += 500) {
      const rows = Array.from({ length: Math.min(500, documents - i) }, (_, k) =>
        readyDocumentRow({
          name: `doc${i + k}.pdf`,
          type: 'pdf',
          size_bytes: 1000,
          sha256: `bench${i + k}`,
          department_id: 1,
          chunk_count: 3,
        }),
      );
      const ids = await db.insertInto('documents').values(rows).returning('id').execute();
      for (const { id } of ids)
        await index.replaceChunks(
          id,
          [0, 1, 2].map((ordinal) => ({
            ordinal,
            text: `${pick(90).join(' ')}.`,
            position: {
              page: ordinal + 1,
              sheet: null,
              row_start: null,
              row_end: null,
              heading: null,
            },
          })),
        );
    }
    console.log(`\nSearch over ${documents} documents (${documents * 3} chunks, ${dialect})`);
    line('indexing', `${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (dialect === 'sqlite') {
      const file = join(t.dataDir, 'atrium.db');
      const wal = `${file}-wal`;
      const size = statSync(file).size + (statSync(wal, { throwIfNoEntry: false })?.size ?? 0);
      line('database size with the index', `${(size / MB).toFixed(1)} MB`);
    } else {
      const { rows } = await import('kysely').then(({ sql }) =>
        sql<{ size: string }>`select pg_total_relation_size('chunks') as size`.execute(db),
      );
      line('chunks table with its index', `${(Number(rows[0].size) / MB).toFixed(1)} MB`);
    }
    // Wall time, and this process's CPU time per search: on SQLite the query runs in-process,
    // so CPU time is what a search costs even when other work shares the cores.
    const p95 = async (label: string, query: (i: number) => string) => {
      const wall: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < 300; i += 1) {
        const c = process.cpuUsage();
        const s = performance.now();
        await index.search({ text: query(i), departmentIds: [1], limit: 10 });
        wall.push(performance.now() - s);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
      }
      const at = (list: number[], q: number) =>
        [...list]
          .sort((a, b) => a - b)
          [Math.min(list.length - 1, Math.floor(q * list.length))].toFixed(2);
      line(label, `p50 ${at(wall, 0.5)} ms, p95 ${at(wall, 0.95)} ms wall`);
      if (dialect === 'sqlite') line('', `p50 ${at(cpu, 0.5)} ms, p95 ${at(cpu, 0.95)} ms CPU`);
    };
    const uniform = () => VOCABULARY[Math.floor(Math.random() * VOCABULARY.length)];
    // Typical questions name content words; the worst case asks for the words in most chunks.
    await p95('search, 2 content words (target p95 < 20 ms)', () => `${uniform()} ${uniform()}`);
    await p95('search, 1-3 of the 20 most frequent words', (i) =>
      VOCABULARY.slice(0, 20)
        .sort(() => Math.random() - 0.5)
        .slice(0, 1 + (i % 3))
        .join(' '),
    );
  } finally {
    await t.close();
  }
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  console.log(
    `bench:ingest on ${dialect}, node ${process.version}, load average ${loadavg()[0].toFixed(1)}`,
  );
  try {
    // BENCH_ONLY=upload,bomb,extraction,ocr,ready,search runs a part (upload includes bomb,
    // extraction includes ocr).
    const only = (process.env.BENCH_ONLY ?? 'upload,extraction,ready,search').split(',');
    if (only.includes('upload')) await benchUpload(work);
    if (only.includes('upload') || only.includes('bomb')) await benchZipBomb(work);
    if (only.includes('extraction')) await benchExtraction(work);
    if (only.includes('extraction') || only.includes('ocr')) await benchOcr(work, line, dialect);
    if (only.includes('ready')) await benchTimeToReady(work);
    if (only.includes('search')) await benchSearch(work);
  } finally {
    await closeParserWorkers();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * The OCR part of `npm run bench:ingest` (`BENCH_ONLY=ocr` alone): pages/s of
 *   - the one-line scanned page of the tests, with each engine;
 *   - a full page of prose read as a scan (rendered, then read), with English data only and with
 *     every console language installed (the default), at 200 dpi and at 300 dpi (advanced
 *     training);
 * and, through the API with the default settings and one ingestion worker, the time to ready of
 * a 12-page scan and of a csv uploaded right behind it (the csv waits at most one OCR turn).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { extractDocument, readScannedPage } from '../server/services/ingest';
import { systemLanguages } from '../server/services/ingest/ocr';
import { resolveSettings } from '../server/services/ingest/settings';
import type { ExtractSettings } from '../server/services/ingest/types';
import { buildPdf } from '../server/test-support/fixtures/pdf-writer';
import { uploadFiles, waitForDocument } from '../server/test-support/knowledge';
import { writeScannedPdf, writeScanPdf } from '../server/test-support/knowledge-fixtures';
import { startTestApp, TEST_ADMIN } from '../server/test-support/test-app';

type Line = (label: string, value: string) => void;

const SENTENCES = [
  'The harbour office keeps the mooring register and issues berth permits to visiting crews.',
  'Every vessel longer than twelve metres reports its arrival on channel sixteen in advance.',
  'Fuel is sold at the pontoon between eight in the morning and six in the evening.',
  'The slipway gate closes at sunset and opens again at dawn, weekends included.',
  'Waste oil goes to the tank beside the crane, never into the general containers.',
];
const prose = (lines: number) =>
  Array.from({ length: lines }, (_, i) => SENTENCES[i % SENTENCES.length]);

async function pagesPerSecond(
  runs: number,
  read: () => Promise<{ ok: boolean; reason?: string }>,
): Promise<string> {
  const warm = await read();
  if (!warm.ok) return `failed: ${warm.reason}`;
  const started = performance.now();
  for (let i = 0; i < runs; i++) await read();
  const seconds = (performance.now() - started) / 1000;
  return `${(runs / seconds).toFixed(2)} pages/s (${((seconds / runs) * 1000).toFixed(0)} ms a page)`;
}

export async function benchOcr(work: string, line: Line, dialect: 'sqlite' | 'postgres') {
  const all = await systemLanguages(resolveSettings());
  console.log('\nOCR, the one-line scanned page of the tests (render at 200 dpi, then read)');
  const fixture = join(work, 'scanned.pdf');
  writeScannedPdf(fixture, false);
  const engines: [string, Partial<ExtractSettings>][] = [
    ['tesseract + pdftoppm (Debian), eng', { ocrEngine: 'system', ocrLanguages: 'eng' }],
    [`tesseract + pdftoppm (Debian), ${all}`, { ocrEngine: 'system' }],
    ['tesseract.js + pdf.js (npm)', { ocrEngine: 'wasm' }],
  ];
  for (const [label, settings] of engines)
    line(
      label,
      await pagesPerSecond(5, () =>
        extractDocument(fixture, 'pdf', { advancedTraining: false, settings }),
      ),
    );

  console.log('\nOCR, a full page of prose (45 lines of 11 pt) read as a scan');
  const page = join(work, 'prose.pdf');
  writeFileSync(page, buildPdf([{ lines: prose(45) }], 'Prose'));
  const prosePage = (dpi: number, settings: Partial<ExtractSettings>) => () =>
    readScannedPage(page, 'pdf', { page: 1, dpi }, { settings });
  for (const [label, settings] of engines)
    line(`${label}, 200 dpi`, await pagesPerSecond(3, prosePage(200, settings)));
  line(
    `tesseract + pdftoppm (Debian), ${all}, 300 dpi`,
    await pagesPerSecond(3, prosePage(300, { ocrEngine: 'system' })),
  );

  const t = await startTestApp(dialect, { INGEST_CONCURRENCY: '1' });
  try {
    const token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const scan = join(work, 'scan-12.pdf');
    writeScanPdf(
      scan,
      Array.from({ length: 12 }, () => ({ scan: prose(24).map((s) => s.slice(0, 60)) })),
    );
    const started = performance.now();
    const res = await uploadFiles(t, token, [
      { name: 'scan-12.pdf', content: readFileSync(scan) },
      { name: 'after.csv', content: Buffer.from('berth,length\nA1,12\nB7,18\n') },
    ]);
    const [scanId, csvId] = res.body.items.map((i: { document_id: number }) => i.document_id);
    const csv = await waitForDocument(t, token, csvId, 600_000);
    const csvSeconds = (performance.now() - started) / 1000;
    const doc = await waitForDocument(t, token, scanId, 1_200_000);
    const seconds = (performance.now() - started) / 1000;
    console.log('\nThrough the API, default settings, one ingestion worker, 10 s OCR turns');
    line('12-page scan (24 lines a page), time to ready', `${seconds.toFixed(1)} s, ${doc.status}`);
    line('a csv uploaded right behind it', `${csvSeconds.toFixed(1)} s, ${csv.status}`);
  } finally {
    await t.close();
  }
}

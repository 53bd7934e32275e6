import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type KnowledgeFixture,
  writeKnowledgeFixtures,
  writeScannedPdf,
} from '../../test-support/knowledge-fixtures';
import {
  chunkDocument,
  closeParserWorkers,
  extractDocument,
  readScannedPage,
  withScannedText,
} from './index';
import type { ExtractedDocument, ExtractionResult, ExtractSettings } from './types';

let dir: string;
let fixtures: Record<string, KnowledgeFixture>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-extract-'));
  fixtures = await writeKnowledgeFixtures(dir);
});

afterAll(async () => {
  await closeParserWorkers();
  rmSync(dir, { recursive: true, force: true });
});

function docOf(result: ExtractionResult): ExtractedDocument {
  if (!result.ok) throw new Error(`extraction failed: ${result.reason}`);
  return result.doc;
}

const mentions = (text: string, word: string) => text.toLowerCase().includes(word.toLowerCase());

async function expectWordAtItsPosition(name: string, settings: Partial<ExtractSettings> = {}) {
  const fixture = fixtures[name];
  const doc = docOf(
    await extractDocument(fixture.path, fixture.kind, { advancedTraining: false, settings }),
  );
  const section = doc.sections.find((s) => mentions(s.text, fixture.word));
  expect(section, `'${fixture.word}' in ${fixture.fileName}`).toBeDefined();
  expect(section?.position).toEqual(fixture.position);
  // The chunk that carries the word cites a position that contains the section's.
  const chunk = chunkDocument(doc).find((c) => mentions(c.text, fixture.word));
  const want = fixture.position;
  expect(chunk?.position).toMatchObject({
    page: want.page,
    sheet: want.sheet,
    heading: want.heading,
  });
  if (want.row_start !== null) {
    expect(chunk?.position.row_start).toBeLessThanOrEqual(want.row_start);
    expect(chunk?.position.row_end).toBeGreaterThanOrEqual(want.row_end ?? want.row_start);
  }
  return doc;
}

describe('extractDocument', () => {
  it('when a pdf is read, then each page is a section with its page number and the title is kept', async () => {
    const doc = await expectWordAtItsPosition('pdf');
    expect(doc.pageCount).toBe(3);
    expect(doc.sections.map((s) => s.position.page)).toEqual([1, 2, 3]);
    expect(doc.title).toBe('Quarterly report');
  });

  it('when a docx is read, then text carries the heading it sits under', async () => {
    const doc = await expectWordAtItsPosition('docx');
    expect(doc.sections.map((s) => s.position.heading)).toEqual(['Introduction', 'Safety rules']);
  });

  it('when a legacy doc is read, then its body text is extracted', async () => {
    await expectWordAtItsPosition('doc');
  });

  it('when an xlsx is read, then each row is "column: value" text with sheet and row, and each sheet is kept as a table', async () => {
    const doc = await expectWordAtItsPosition('xlsx');
    expect(doc.pageCount).toBe(2);
    expect(doc.sections.find((s) => mentions(s.text, 'quokka'))?.text).toBe(
      'Name: Bo Park; Role: quokka keeper',
    );
    expect(doc.tables).toEqual([
      {
        name: 'Sales',
        columns: ['Region', 'Product', 'Revenue'],
        rows: [
          ['North', 'Widget', 1200],
          ['South', 'Gadget', 950],
        ],
      },
      {
        name: 'Staff',
        columns: ['Name', 'Role'],
        rows: [
          ['Ann Lee', 'Accountant'],
          ['Bo Park', 'quokka keeper'],
        ],
      },
    ]);
  });

  it('when a legacy xls is read, then rows and the table come out like xlsx', async () => {
    const doc = await expectWordAtItsPosition('xls');
    expect(doc.tables[0]).toMatchObject({
      name: 'Inventory',
      columns: ['Item', 'Quantity', 'Shelf'],
    });
    expect(doc.tables[0].rows[2]).toEqual(['tamarind paste', 12, 'B7']);
  });

  it('when a csv is read, then quoted commas stay in their cell and every cell is kept as written', async () => {
    const doc = await expectWordAtItsPosition('csv');
    expect(doc.tables[0].rows).toContainEqual(['Lille', 'potatoes, early', '300']);
    const { writeFileSync } = await import('node:fs');
    const path = join(dir, 'as-written.csv');
    writeFileSync(
      path,
      'package,version,code,price\ngnutls,3.0,007,1.50\nlibtasn1,4.19.0,0042,-0.0\n',
    );
    const written = docOf(await extractDocument(path, 'csv', { advancedTraining: false }));
    expect(written.tables[0].rows).toEqual([
      ['gnutls', '3.0', '007', '1.50'],
      ['libtasn1', '4.19.0', '0042', '-0.0'],
    ]);
    expect(written.sections.map((s) => s.text)).toContain(
      'package: gnutls; version: 3.0; code: 007; price: 1.50',
    );
  });

  it('when a web page is read, then its main text is kept under its headings without scripts or navigation', async () => {
    const doc = await expectWordAtItsPosition('html');
    const all = doc.sections.map((s) => s.text).join('\n');
    expect(all).not.toMatch(/scriptword|Copyright footer/);
    expect(doc.title).toBe('City library');
  });
});

// Both engines, always: Debian's tesseract and pdftoppm (installed by npm test), and the npm
// ones (tesseract.js, pdf.js) that a plain `npm ci` brings.
describe.each(['system', 'wasm'] as const)('OCR with the %s engine', (ocrEngine) => {
  it('when a png or bmp with text is read, then OCR finds its words', async () => {
    await expectWordAtItsPosition('png', { ocrEngine });
    await expectWordAtItsPosition('bmp', { ocrEngine });
  });

  it('when a pdf has a scanned page, then that page is read with OCR with the default settings', async () => {
    const path = join(dir, `scanned-${ocrEngine}.pdf`);
    writeScannedPdf(path);
    const doc = docOf(
      await extractDocument(path, 'pdf', { advancedTraining: false, settings: { ocrEngine } }),
    );
    const scanned = doc.sections.find((s) => mentions(s.text, 'harbour'));
    expect(scanned?.position.page).toBe(2);
    expect(doc.sections.map((s) => s.position.page)).toEqual([1, 2]);
  });

  it('when OCR is left for later, then the text pages come back at once and each scanned page reads on its own into its place', async () => {
    const path = join(dir, `later-${ocrEngine}.pdf`);
    writeScannedPdf(path);
    const settings = { ocrEngine };
    const first = await extractDocument(path, 'pdf', {
      advancedTraining: false,
      ocr: 'later',
      settings,
    });
    expect(first.ok && first.scannedPages).toEqual([{ page: 2, dpi: 200 }]);
    const textLayer = docOf(first);
    expect(textLayer.sections.map((s) => s.position.page)).toEqual([1]);
    const read = await readScannedPage(path, 'pdf', { page: 2, dpi: 200 }, { settings });
    expect(read.ok && read.text).toMatch(/HARBOUR/);
    const whole = withScannedText(textLayer, 'pdf', [{ page: 2, text: read.ok ? read.text : '' }]);
    expect(whole.sections.map((s) => s.position.page)).toEqual([1, 2]);

    // Advanced training reads scanned pages closer; an image is one page to read.
    const closer = await extractDocument(path, 'pdf', {
      advancedTraining: true,
      ocr: 'later',
      settings,
    });
    expect(closer.ok && closer.scannedPages).toEqual([{ page: 2, dpi: 300 }]);
    const image = fixtures.png;
    const listed = await extractDocument(image.path, 'png', {
      advancedTraining: false,
      ocr: 'later',
    });
    expect(listed.ok && [listed.doc.sections, listed.scannedPages]).toEqual([
      [],
      [{ page: 1, dpi: 0 }],
    ]);
  });
});

describe('xlsx sheet names', () => {
  it('when the workbook names its sheets with targets from the package root (as openpyxl writes), then the real sheet name is kept', async () => {
    const { writeFileSync } = await import('node:fs');
    const { buildXlsx } = await import('../../test-support/fixtures/xlsx-writer');
    const path = join(dir, 'absolute-targets.xlsx');
    const rows = [
      ['Package', 'Version'],
      ['gnutls', '3.8.3'],
    ];
    writeFileSync(
      path,
      buildXlsx('Debian packages', rows, 'strings-first', { absoluteTargets: true }),
    );
    const doc = docOf(await extractDocument(path, 'xlsx', { advancedTraining: false }));
    expect(doc.tables.map((t) => t.name)).toEqual(['Debian packages']);
    expect(doc.sections.every((s) => s.position.sheet === 'Debian packages')).toBe(true);
    expect(doc.sections.map((s) => s.text)).toContain('Package: gnutls; Version: 3.8.3');
  });
});

describe('xlsx part order', () => {
  it.each(['strings-first', 'strings-last'] as const)(
    'when the shared strings come %s, then every cell reads as its text under the real sheet name',
    async (order) => {
      const { writeFileSync } = await import('node:fs');
      const { buildXlsx } = await import('../../test-support/fixtures/xlsx-writer');
      const path = join(dir, `order-${order}.xlsx`);
      writeFileSync(
        path,
        buildXlsx(
          'Inventory 2024',
          [
            ['Item', 'Supplier'],
            ['wombat', 'Acme & Sons <Ltd>'],
          ],
          order,
        ),
      );
      const doc = docOf(await extractDocument(path, 'xlsx', { advancedTraining: false }));
      const text = doc.sections.map((s) => s.text).join('\n');
      expect(text).not.toContain('[object Object]');
      expect(text).toContain('wombat');
      expect(text).toContain('Acme & Sons <Ltd>');
      expect(JSON.stringify(doc.sections.map((s) => s.position))).toContain('Inventory 2024');
    },
  );
});

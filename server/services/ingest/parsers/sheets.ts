/**
 * Spreadsheets and csv. xlsx: exceljs's streaming reader (maintained; rows arrive one at a time,
 * so the row cap stops a giant sheet before it is in memory), after the zip-bomb guard. xls
 * (BIFF): SheetJS 0.20 as republished by @e965/xlsx (the npm `xlsx` 0.18 has open advisories);
 * `sheetRows` bounds what it materialises. csv: csv-parse streaming, delimiter and encoding
 * sniffed from the first 64 KB.
 */
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { checkZipPackage } from '../zip-guard';
import type { ExtractedDocument, ExtractSettings } from '../types';
import { type CellValue, SheetCollector } from './sheet-collector';
import { readSharedStrings, sheetNamesByFile } from './xlsx-parts';

function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/** exceljs cell values: rich text, formulas, hyperlinks, errors, dates, booleans. */
export function excelCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dateText(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText))
      return (v.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
    if ('result' in v) return excelCell(v.result);
    if ('formula' in v || 'sharedFormula' in v) return null;
    if (typeof v.text === 'string') return v.text;
    if (typeof v.error === 'string') return v.error;
  }
  return String(value);
}

/** A cell exceljs could not resolve: its shared string was not read yet (parts out of order). */
const sharedStringRef = (value: unknown): number | undefined =>
  typeof value === 'object' && value !== null && 'sharedString' in value
    ? Number((value as { sharedString: unknown }).sharedString)
    : undefined;

async function readXlsx(
  filePath: string,
  settings: ExtractSettings,
  strings: unknown[] | undefined,
): Promise<{ doc: ExtractedDocument; unresolved: boolean }> {
  const names = await sheetNamesByFile(filePath);
  const collector = new SheetCollector(settings.maxRows, 'workbook', settings.maxTextChars);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache', // needed to tell dates from numbers
    worksheets: 'emit',
    entries: 'emit',
  });
  let sheets = 0;
  let unresolved = false;
  const cell = (value: unknown): CellValue => {
    const ref = sharedStringRef(value);
    if (ref === undefined) return excelCell(value);
    if (!strings) unresolved = true;
    return excelCell(strings?.[ref] ?? null);
  };
  for await (const worksheet of reader) {
    sheets += 1;
    const ws = worksheet as unknown as AsyncIterable<{ number: number; values: unknown[] }> & {
      name?: string;
      id?: number;
    };
    // Without a name of its own exceljs calls a sheet "Sheet<file number>".
    const fallback = `Sheet${ws.id ?? sheets}`;
    const named = ws.name && ws.name !== fallback ? ws.name : names.get(String(ws.id));
    collector.startSheet(named ?? fallback);
    for await (const row of ws) collector.addRow(row.number, (row.values ?? []).slice(1).map(cell));
  }
  collector.finishSheet();
  const doc = {
    sections: collector.sections,
    tables: collector.tables,
    pageCount: sheets,
    title: null,
  };
  return { doc, unresolved };
}

export async function extractXlsx(
  filePath: string,
  settings: ExtractSettings,
): Promise<ExtractedDocument> {
  await checkZipPackage(filePath, 'xlsx', settings);
  const first = await readXlsxSteadily(filePath, settings, undefined);
  if (!first.unresolved) return first.doc;
  // The worksheets came before the shared strings: read those first, then the sheets again.
  const strings = await readSharedStrings(filePath);
  return (await readXlsxSteadily(filePath, settings, strings)).doc;
}

/**
 * exceljs's stream reader now and then (about one full test run in four, under load) loses
 * workbook.xml's contents and then fails on the sheet list with "Cannot read properties of
 * undefined (reading 'sheets')". The file is fine and a second read succeeds, so that one
 * failure is read again, twice at most; any other error, or the same one three times, fails.
 */
const LOST_WORKBOOK_MODEL = /reading 'sheets'/;
const XLSX_READ_ATTEMPTS = 3;

async function readXlsxSteadily(
  filePath: string,
  settings: ExtractSettings,
  strings: unknown[] | undefined,
): ReturnType<typeof readXlsx> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await readXlsx(filePath, settings, strings);
    } catch (error) {
      const lostModel = error instanceof TypeError && LOST_WORKBOOK_MODEL.test(error.message);
      if (!lostModel || attempt >= XLSX_READ_ATTEMPTS) throw error;
    }
  }
}

export async function extractXls(
  filePath: string,
  settings: ExtractSettings,
): Promise<ExtractedDocument> {
  const workbook = XLSX.read(await readFile(filePath), {
    type: 'buffer',
    dense: true,
    cellDates: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    sheetRows: settings.maxRows + 1,
  });
  const collector = new SheetCollector(settings.maxRows, 'workbook', settings.maxTextChars);
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    collector.startSheet(name);
    const full = sheet['!fullref'] ?? sheet['!ref'];
    if (full && XLSX.utils.decode_range(full).e.r >= settings.maxRows + 1)
      collector.tooManyRows(name);
    const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
    data.forEach((row, r) => {
      if (!row) return;
      const values = Array.from(row, (cell): CellValue => {
        if (!cell || cell.v === undefined || cell.t === 'z') return null;
        if (cell.t === 'n') return cell.v as number;
        if (cell.v instanceof Date) return dateText(cell.v);
        if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
        if (cell.t === 'e') return cell.w ?? null;
        return String(cell.v);
      });
      collector.addRow(r + 1, values);
    });
  }
  collector.finishSheet();
  return {
    sections: collector.sections,
    tables: collector.tables,
    pageCount: workbook.SheetNames.length,
    title: null,
  };
}

async function sniffCsv(
  filePath: string,
): Promise<{ delimiter: string; encoding: BufferEncoding }> {
  const file = await open(filePath, 'r');
  const head = Buffer.alloc(64 * 1024);
  const { bytesRead } = await file.read(head, 0, head.length, 0);
  await file.close();
  const sample = head.subarray(0, bytesRead);
  let encoding: BufferEncoding = 'utf8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
  } catch {
    encoding = 'latin1';
  }
  const firstLine = sample
    .toString(encoding)
    .split(/\r?\n/)[0]
    .replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t', '|'].map((d) => [d, firstLine.split(d).length - 1] as const);
  const [delimiter, count] = counts.reduce((best, c) => (c[1] > best[1] ? c : best));
  return { delimiter: count > 0 ? delimiter : ',', encoding };
}

/**
 * A csv cell as written: "3.0" stays "3.0", "007" stays "007" (versions, codes, amounts as
 * the file gives them). Charts read numbers from the text (visuals/columns.ts toNumber).
 */
function csvCell(text: string): CellValue {
  const t = text.trim();
  return t === '' ? null : t;
}

type CsvRecord = { record: string[]; info: { lines: number } };

export async function extractCsv(
  filePath: string,
  settings: ExtractSettings,
): Promise<ExtractedDocument> {
  const { delimiter, encoding } = await sniffCsv(filePath);
  const collector = new SheetCollector(settings.maxRows, 'file', settings.maxTextChars);
  collector.startSheet('csv');
  const source = createReadStream(filePath);
  const parser = source.pipe(
    parse({
      bom: true,
      delimiter,
      encoding,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: 1024 * 1024,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<CsvRecord>)
      collector.addRow(info.lines, record.map(csvCell));
  } finally {
    source.destroy();
  }
  collector.finishSheet();
  return { sections: collector.sections, tables: collector.tables, pageCount: 1, title: null };
}

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
import {
  dateOfSerial,
  isDateFormat,
  isoDate as dateText,
  shownDate,
  shownNumber,
} from './cell-text';
import { type CellValue, SheetCollector } from './sheet-collector';
import { readSharedStrings, readStyles, readWorkbookPart } from './xlsx-parts';

/** exceljs cell values: rich text, formulas, hyperlinks, errors, dates, booleans. */
function excelCell(value: unknown): CellValue {
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

/** A cell's value, and its text as the file shows it where that differs (cell-text.ts). */
interface ShownCell {
  value: CellValue;
  text: string | null;
}

/** A number or date cell as its number format shows it. */
function shownCell(value: number | Date, format: string | number | undefined): ShownCell {
  if (typeof value === 'number' && isDateFormat(format)) value = dateOfSerial(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return { value: null, text: null };
    const iso = dateText(value);
    const text = shownDate(value, format);
    return { value: iso, text: text === iso ? null : text };
  }
  if (!Number.isFinite(value)) return { value: null, text: null };
  const text = shownNumber(value, format);
  return { value, text: text === String(value) ? null : text };
}

/** An exceljs cell with its number format (a formula's result is formatted as the cell). */
function excelShown(value: unknown, format: string | undefined): ShownCell {
  const result =
    typeof value === 'object' && value !== null && 'result' in value
      ? (value as { result: unknown }).result
      : value;
  if (typeof result === 'number' || result instanceof Date) return shownCell(result, format);
  return { value: excelCell(value), text: null };
}

/** A cell exceljs could not resolve: its shared string was not read yet (parts out of order). */
const sharedStringRef = (value: unknown): number | undefined =>
  typeof value === 'object' && value !== null && 'sharedString' in value
    ? Number((value as { sharedString: unknown }).sharedString)
    : undefined;

/** A row of exceljs's stream reader: its values by column (from 1) and its styled cells. */
interface ExcelRow {
  number: number;
  values: unknown[];
  getCell(column: number): { numFmt?: string };
}

const isFormula = (value: unknown) =>
  typeof value === 'object' && value !== null && 'result' in value;

async function readXlsx(
  filePath: string,
  settings: ExtractSettings,
  strings: unknown[] | undefined,
): Promise<{ doc: ExtractedDocument; unresolved: boolean }> {
  const [{ names, date1904 }, styles] = await Promise.all([
    readWorkbookPart(filePath),
    readStyles(filePath),
  ]);
  const collector = new SheetCollector(settings.maxRows, 'workbook', settings.maxTextChars);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache', // needed to tell dates from numbers
    worksheets: 'emit',
    entries: 'emit',
  });
  // exceljs reads a worksheet that comes before workbook.xml and styles.xml in the zip (its own
  // writer puts them last) without the workbook's model, date system and number formats: it
  // fails on the model, and reads date cells as plain numbers. They are known already; the
  // parts, when they come, replace them with the same.
  Object.assign(reader, { model: { sheets: [] }, properties: { model: { date1904 } } });
  if (styles) Object.assign(reader, { styles });
  let sheets = 0;
  let unresolved = false;
  const cell = (value: unknown, format: string | undefined): ShownCell => {
    const ref = sharedStringRef(value);
    if (ref === undefined) return excelShown(value, format);
    if (!strings) unresolved = true;
    return { value: excelCell(strings?.[ref] ?? null), text: null };
  };
  for await (const worksheet of reader) {
    sheets += 1;
    const ws = worksheet as unknown as AsyncIterable<ExcelRow> & { name?: string; id?: number };
    // Without a name of its own exceljs calls a sheet "Sheet<file number>".
    const fallback = `Sheet${ws.id ?? sheets}`;
    const named = ws.name && ws.name !== fallback ? ws.name : names.get(String(ws.id));
    collector.startSheet(named ?? fallback);
    for await (const row of ws) {
      const cells = (row.values ?? [])
        .slice(1)
        .map((value, i) =>
          typeof value === 'number' || value instanceof Date || isFormula(value)
            ? cell(value, row.getCell(i + 1).numFmt)
            : cell(value, undefined),
        );
      collector.addRow(
        row.number,
        cells.map((c) => c.value),
        cells.map((c) => c.text),
      );
    }
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
 * exceljs's stream reader failed now and then with "Cannot read properties of undefined
 * (reading 'sheets')" when workbook.xml came after the worksheets (the order varies with
 * the writer's timing); readXlsx now gives it that model first. Should it still lose it, the
 * file is fine and a second read succeeds, so that one failure is read again, twice at most;
 * any other error, or the same one three times, fails.
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
    // Dates stay serial numbers with their format (cellNF), read as cell-text.ts reads them.
    cellDates: false,
    cellNF: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    sheetRows: settings.maxRows + 1,
  });
  const collector = new SheetCollector(settings.maxRows, 'workbook', settings.maxTextChars);
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    collector.startSheet(name);
    const full = sheet['!fullref'] ?? sheet['!ref'];
    if (full && XLSX.utils.decode_range(full).e.r >= settings.maxRows + 1)
      collector.tooManyRows(name);
    const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
    data.forEach((row, r) => {
      if (!row) return;
      const cells = Array.from(row, (cell): ShownCell => {
        if (!cell || cell.v === undefined || cell.t === 'z') return { value: null, text: null };
        if (cell.t === 'n' && isDateFormat(cell.z))
          return shownCell(dateOfSerial(cell.v as number, date1904), cell.z);
        if (cell.t === 'n' || cell.v instanceof Date)
          return shownCell(cell.v as number | Date, cell.z);
        if (cell.t === 'b') return { value: cell.v ? 'TRUE' : 'FALSE', text: null };
        if (cell.t === 'e') return { value: cell.w ?? null, text: null };
        return { value: String(cell.v), text: null };
      });
      collector.addRow(
        r + 1,
        cells.map((c) => c.value),
        cells.map((c) => c.text),
      );
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

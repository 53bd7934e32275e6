import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDates } from '../../text/analysis/dates';
import { DEFAULT_EXTRACT_SETTINGS } from '../settings';
import { extractCsv, extractXls, extractXlsx } from './sheets';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-sheets-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

/** A workbook whose cells are real dates and numbers, each column with its own format. */
async function writeFormattedXlsx(path: string) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Trade');
  sheet.addRow(['Date', 'Exports', 'Share', 'Price', 'Ratio', 'Code', 'Opens', 'Month', 'Local']);
  sheet.addRow([day(2014, 7, 3), 1234.5, 0.125, 1234.5, 0.1 + 0.2, 4915112345678, 0.5]);
  sheet.addRow([day(2014, 7, 4), 987, 0.3, 12, 1 / 3, 12, 0.75, day(2014, 8, 1), day(2014, 7, 4)]);
  sheet.getColumn(1).numFmt = 'd-mmm-yy';
  sheet.getColumn(2).numFmt = '#,##0.00';
  sheet.getColumn(3).numFmt = '0.0 %';
  sheet.getColumn(4).numFmt = '[$€-407] #,##0.00';
  sheet.getColumn(7).numFmt = 'h:mm';
  sheet.getColumn(8).numFmt = 'mmm-yy';
  // The locale's short date: shown day and month in the reader's order, which says neither.
  sheet.getColumn(9).numFmt = 'mm-dd-yy';
  await book.xlsx.writeFile(path);
}

const FORMATTED_ROWS = [
  'Date: 3-Jul-14; Exports: 1,234.50; Share: 12.5 %; Price: € 1,234.50; Ratio: 0.3; Code: 4915112345678; Opens: 12:00',
  'Date: 4-Jul-14; Exports: 987.00; Share: 30.0 %; Price: € 12.00; Ratio: 0.333333333; Code: 12; Opens: 18:00; Month: 2014-08; Local: 2014-07-04',
];

describe('spreadsheet cells as the file shows them', () => {
  it('when an xlsx holds formatted numbers and date cells, then each row reads as shown and its dates are recognisable', async () => {
    const path = join(dir, 'trade.xlsx');
    await writeFormattedXlsx(path);
    const doc = await extractXlsx(path, DEFAULT_EXTRACT_SETTINGS);
    expect(doc.sections.slice(1).map((s) => s.text)).toEqual(FORMATTED_ROWS);
    expect(findDates(FORMATTED_ROWS[0], 'en')[0].readings).toEqual(['d20140703']);
    // Charts measure the values.
    expect(doc.tables[0].rows[0].slice(0, 4)).toEqual(['2014-07-03', 1234.5, 0.125, 1234.5]);
  });

  it('when the same workbook is a legacy xls, then its rows read the same', async () => {
    const xlsx = join(dir, 'trade-for-xls.xlsx');
    await writeFormattedXlsx(xlsx);
    const { readFileSync } = await import('node:fs');
    const book = XLSX.read(readFileSync(xlsx), { type: 'buffer', cellNF: true });
    const path = join(dir, 'trade.xls');
    writeFileSync(path, XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer);
    const doc = await extractXls(path, DEFAULT_EXTRACT_SETTINGS);
    expect(doc.sections.slice(1).map((s) => s.text)).toEqual(FORMATTED_ROWS);
    expect(doc.tables[0].rows[1][0]).toBe('2014-07-04');
  });

  it('when a date cell has no format that names its day, then it reads as ISO', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Log');
    sheet.addRow(['When', 'What']);
    sheet.addRow([day(2013, 1, 9), 'rain']);
    sheet.getCell('A2').numFmt = 'dd/mm/yyyy';
    sheet.addRow([new Date(Date.UTC(2013, 0, 10, 14, 30)), 'sun']);
    sheet.getCell('A3').numFmt = 'yyyy-mm-dd hh:mm';
    sheet.addRow([day(2013, 1, 11), 'fog']);
    sheet.getCell('A4').numFmt = 'dd/mm/yyyy';
    const path = join(dir, 'log.xlsx');
    await book.xlsx.writeFile(path);
    const doc = await extractXlsx(path, DEFAULT_EXTRACT_SETTINGS);
    expect(doc.sections.slice(1).map((s) => s.text)).toEqual([
      'When: 2013-01-09; What: rain',
      'When: 2013-01-10 14:30; What: sun',
      'When: 2013-01-11; What: fog',
    ]);
  });

  it('when exceljs wrote the workbook parts after its worksheets, then every sheet keeps its name, dates and formats', async () => {
    // exceljs's writer puts workbook.xml and styles.xml after the worksheets; with several
    // sheets its own stream reader then meets the worksheets first.
    const book = new ExcelJS.Workbook();
    const names = ['Seattle', 'Bordeaux', 'Hamburg', 'Sevilla', 'الإسكندرية', 'Trade'];
    for (const [i, name] of names.entries()) {
      const sheet = book.addWorksheet(name);
      sheet.addRow(['Date', 'Rain']);
      sheet.addRow([day(2013, i + 1, 9), 2.5 + i]);
      sheet.getColumn(1).numFmt = 'dd.mm.yyyy';
      sheet.getColumn(2).numFmt = '0.00';
    }
    const path = join(dir, 'six.xlsx');
    await book.xlsx.writeFile(path);
    const doc = await extractXlsx(path, DEFAULT_EXTRACT_SETTINGS);
    expect(doc.tables.map((t) => t.name)).toEqual(names);
    expect(doc.sections.filter((s) => !s.text.startsWith('Columns')).map((s) => s.text)).toEqual(
      names.map((_, i) => `Date: 09.0${i + 1}.2013; Rain: ${(2.5 + i).toFixed(2)}`),
    );
  });

  it('when a csv is read, then its cells keep their text as written', async () => {
    const path = join(dir, 'figures.csv');
    writeFileSync(path, 'year,exports,share\n2019,"1,234.50",12.5 %\n2020,987.0,3.10%\n');
    const doc = await extractCsv(path, DEFAULT_EXTRACT_SETTINGS);
    expect(doc.sections.slice(1).map((s) => s.text)).toEqual([
      'year: 2019; exports: 1,234.50; share: 12.5 %',
      'year: 2020; exports: 987.0; share: 3.10%',
    ]);
  });
});

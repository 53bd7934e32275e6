/**
 * The xlsx: a first sheet with the title and the filters that made the file, then one sheet per
 * section, typed cells (numbers as numbers, dates as dates) and a frozen
 * header row, written by exceljs's streaming writer straight into the answer.
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportDocument } from './tables';

/** Sheet names: at most 31 characters, none of : \ / ? * [ ], unique. */
function sheetName(title: string, used: Set<string>): string {
  const base = title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 28) || 'Sheet';
  let name = base;
  for (let i = 2; used.has(name.toLowerCase()); i += 1) name = `${base} ${i}`;
  used.add(name.toLowerCase());
  return name;
}

export async function writeXlsx(doc: ExportDocument, stream: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = 'Atrium';
  workbook.title = `${doc.title} ${doc.period}`;
  const used = new Set<string>();
  // Days as the file's language writes them (file-text.ts): 03.03.2025 in German.
  const dayFormat = doc.lng === 'de' ? 'dd.mm.yyyy' : 'dd/mm/yyyy';
  // First, the report and the filters that made it: the sheet a workbook opens on.
  const about = workbook.addWorksheet(sheetName(doc.aboutTitle, used));
  about.columns = [
    { key: 'label', width: 24 },
    { key: 'value', width: 60 },
  ];
  const heading = about.addRow([doc.title, doc.period]);
  heading.font = { bold: true, size: 14 };
  heading.commit();
  for (const filter of doc.filters) about.addRow([filter.label, filter.value]).commit();
  about.commit();
  for (const table of doc.tables) {
    const sheet = workbook.addWorksheet(sheetName(table.title, used), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = table.columns.map((header, i) => ({
      header,
      key: `c${i}`,
      width: Math.min(60, Math.max(10, header.length + 2)),
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const cells of table.rows) {
      const row = sheet.addRow(cells);
      cells.forEach((cell, i) => {
        if (cell instanceof Date) row.getCell(i + 1).numFmt = dayFormat;
      });
      row.commit();
    }
    sheet.commit();
  }
  await workbook.commit();
}

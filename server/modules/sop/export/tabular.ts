/**
 * Checklist exports as csv and xlsx. csv: UTF-8 with a byte order mark (Excel reads
 * it), cells escaped by services/export/csv-cell.ts (quoted, and text that a spreadsheet would
 * run as a formula neutralised). xlsx (exceljs): the header block, then one row per item with
 * typed cells — the page a number, the due date a date, done a boolean.
 */
import ExcelJS from 'exceljs';
import type { Checklist } from '../../../../contract/sop';
import { csvText } from '../../../services/export/csv-cell';
import { headerRows, labelsFor, stateOf } from './labels';

const COLUMNS = ['section', 'item', 'page', 'state', 'note', 'owner', 'dueDate'] as const;

export function checklistCsv(c: Checklist, language?: string): Buffer {
  const { lng, t } = labelsFor(language);
  const lines = [
    ...headerRows(c, lng, t).map((row) => row.map(csvText).join(',')),
    '',
    COLUMNS.map((k) => csvText(t(k))).join(','),
    ...c.items.map((i) =>
      [
        i.section,
        i.text,
        i.page === null ? '' : String(i.page),
        stateOf(i, t),
        i.note,
        i.owner,
        i.due_date ?? '',
      ]
        .map(csvText)
        .join(','),
    ),
  ];
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function checklistXlsx(c: Checklist, language?: string): Promise<Buffer> {
  const { lng, t } = labelsFor(language);
  const book = new ExcelJS.Workbook();
  book.creator = 'Atrium';
  const sheet = book.addWorksheet(t('checklist').slice(0, 31), {
    views: [{ rightToLeft: lng === 'ar' }],
  });
  for (const [label, value] of headerRows(c, lng, t)) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
  }
  sheet.addRow([]);
  const head = sheet.addRow(COLUMNS.map((k) => t(k)).concat(t('done'), t('notApplicable')));
  head.font = { bold: true };
  for (const i of c.items)
    sheet.addRow([
      i.section,
      i.text,
      i.page,
      stateOf(i, t),
      i.note,
      i.owner,
      i.due_date ? new Date(`${i.due_date}T00:00:00Z`) : null,
      i.done,
      i.not_applicable,
    ]);
  sheet.getColumn(7).numFmt = 'yyyy-mm-dd';
  sheet.getColumn(1).width = 28;
  sheet.getColumn(2).width = 70;
  sheet.getColumn(2).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await book.xlsx.writeBuffer());
}

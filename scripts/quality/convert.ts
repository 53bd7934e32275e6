/**
 * Formats bench:quality needs that Debian does not ship a document in: a text manual becomes a
 * .docx (its numbered titles headings, its paragraphs as written), and a CSV of dated figures
 * becomes an .xlsx whose date cells are real dates and whose number cells are real numbers shown
 * with the precision the CSV wrote them with.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { DocxBlock } from '../../server/test-support/fixtures/docx-writer';

/** A licence text as written: its numbered section titles become headings, the rest paragraphs. */
export function licenceBlocks(text: string): DocxBlock[] {
  const blocks: DocxBlock[] = [];
  for (const para of text.split(/\n\s*\n/)) {
    const flat = para.replace(/\s+/g, ' ').trim();
    if (!flat) continue;
    const titled = /^(\d+\.\s+[A-Z][^.]{2,70}\.)\s+(.*)$/.exec(flat);
    if (titled) {
      blocks.push({ heading: titled[1], level: 2 }, { paragraph: titled[2] });
    } else if (/^(\d+\.\s+)?[A-Z][A-Za-z ,]{2,60}\.?$/.test(flat) && flat.length < 70) {
      blocks.push({ heading: flat, level: flat.length > 40 ? 2 : 1 });
    } else {
      blocks.push({ paragraph: flat });
    }
  }
  return blocks;
}

/**
 * A manual in plain-text layout (debiandoc's, the MPL's): a title over a line of dashes or equals
 * signs, or a short numbered title on a paragraph of its own ("2.1. Grants"), is a heading (its
 * depth from the numbering); blocks between blank lines are paragraphs, their _emphasis_ marks
 * dropped as a word processor shows italics. The title page before the first heading is left
 * out, as a document's cover would be.
 */
export function textManualBlocks(text: string): DocxBlock[] {
  const blocks: DocxBlock[] = [];
  const lines = text.split('\n');
  let para: string[] = [];
  let started = false;
  const heading = (title: string) => {
    started = true;
    const depth = /^(\d+(?:\.\d+)*)\./.exec(title)?.[1].split('.').length ?? 1;
    blocks.push({ heading: title, level: Math.min(depth, 3) as 1 | 2 | 3 });
  };
  const flush = () => {
    const flat = para.join(' ').replace(/\s+/g, ' ').trim();
    para = [];
    if (!flat || !started) return;
    if (/^\d+(\.\d+)*\.\s+[^".,;:]{2,50}$/.test(flat)) return heading(flat);
    blocks.push({
      paragraph: flat.replace(/(^|[\s(])_(?=\S)/g, '$1').replace(/(?<=\S)_(?=[\s.,;:)]|$)/g, ''),
    });
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    const under = lines[i + 1] ?? '';
    if (line.trim() && !line.startsWith(' ') && /^(-{3,}|={3,})\s*$/.test(under)) {
      flush();
      heading(line.trim());
      i += 1;
    } else if (/^\s*$/.test(line) || /^-{10,}\s*$/.test(line)) {
      flush();
    } else {
      para.push(line);
    }
  }
  flush();
  return blocks;
}

const csvRows = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => line.split(','));

/** Decimal places a CSV cell was written with ("5.0" -> 1), for the cell's number format. */
const decimals = (cell: string) => (cell.includes('.') ? cell.split('.')[1].length : 0);

/**
 * One sheet from a CSV of dated figures: `dateColumn` parsed by `parseDate` into a real date
 * cell shown as `dateFormat`, every numeric cell a number keeping the CSV's decimals.
 */
export async function datedWorkbook(
  csv: string,
  out: string,
  sheet: { name: string; dateColumn: string; dateFormat: string; parseDate: (s: string) => Date },
) {
  const [header, ...rows] = csvRows(csv);
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet.name);
  ws.addRow(header);
  const dateAt = header.indexOf(sheet.dateColumn);
  for (const row of rows) {
    const added = ws.addRow(
      row.map((cell, i) => {
        if (i === dateAt) return sheet.parseDate(cell);
        return /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
      }),
    );
    row.forEach((cell, i) => {
      const target = added.getCell(i + 1);
      if (i === dateAt) target.numFmt = sheet.dateFormat;
      else if (typeof target.value === 'number')
        target.numFmt = decimals(cell) ? `0.${'0'.repeat(decimals(cell))}` : '0';
    });
  }
  await book.xlsx.writeFile(out);
}

/** "2012/01/01" or "2012-01-01" as that day at midnight UTC, as spreadsheets store days. */
export const isoDay = (text: string) => {
  const [y, m, d] = text.split(/[/-]/).map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Jan 1 2000" as that day at midnight UTC. */
export const monthDayYear = (text: string) => {
  const [month, day, year] = text.trim().split(/\s+/);
  const m = MONTHS.indexOf(month);
  if (m < 0) throw new Error(`not a "Mon d yyyy" date: ${text}`);
  return new Date(Date.UTC(Number(year), m, Number(day)));
};

/**
 * Turns spreadsheet rows into what the index and the chat need: each row as one line of
 * "column: value" pairs with its sheet and row number (so a citation can say "Sales, rows
 * 12-20"), and each sheet kept whole as a table for visual answers. The row cap counts every
 * sheet together. A row's line shows each cell as the file shows it ("1,234.50", "12.5%") where
 * the reader gives that text; the table keeps the values, which charts measure.
 */
import { ExtractionFailure, failureText, textBudgetExceeded } from '../failure';
import type { ExtractedSection, ExtractedTable } from '../types';

export type CellValue = string | number | null;

function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

const isEmpty = (v: CellValue) => v === null || (typeof v === 'string' && v.trim() === '');

export class SheetCollector {
  readonly sections: ExtractedSection[] = [];
  readonly tables: ExtractedTable[] = [];
  private rowCount = 0;
  private textChars = 0;
  private current: { name: string; columns: string[] | null; rows: CellValue[][] } | null = null;

  constructor(
    private readonly maxRows: number,
    private readonly unit: 'workbook' | 'file',
    /** Text budget of the document: counted before a row's text is built. */
    private readonly maxTextChars = Infinity,
  ) {}

  startSheet(name: string): void {
    this.finishSheet();
    this.current = { name, columns: null, rows: [] };
  }

  /**
   * `rowNumber` is the 1-based row as a spreadsheet program shows it; `shown`, each cell's text
   * as the file shows it, where it differs from its value.
   */
  addRow(rowNumber: number, values: CellValue[], shown: readonly (string | null)[] = []): void {
    const sheet = this.current;
    if (!sheet || values.every(isEmpty)) return;
    this.rowCount += 1;
    if (this.rowCount > this.maxRows) this.tooManyRows(sheet.name);
    // Every row's text repeats its column names: a cell that points at a long shared string a
    // thousand times would be a thousand long strings, so the budget is checked first.
    let chars = 0;
    for (const [i, v] of values.entries())
      if (v !== null)
        chars += (shown[i] ?? String(v)).length + (sheet.columns?.[i]?.length ?? 10) + 2;
    this.textChars += chars;
    if (this.textChars > this.maxTextChars) textBudgetExceeded(this.unit, this.maxTextChars);
    const cells = values.map((v) => (typeof v === 'string' ? v.trim() : v));
    if (!sheet.columns) {
      sheet.columns = cells.map((v, i) =>
        isEmpty(v) ? `Column ${columnLetter(i)}` : (shown[i] ?? String(v)),
      );
      this.sections.push({
        text: `Columns: ${sheet.columns.join(', ')}`,
        position: this.position(sheet.name, rowNumber),
      });
      return;
    }
    while (sheet.columns.length < cells.length)
      sheet.columns.push(`Column ${columnLetter(sheet.columns.length)}`);
    const pairs = cells
      .map((v, i) => (isEmpty(v) ? null : `${sheet.columns?.[i]}: ${shown[i] ?? v}`))
      .filter((p): p is string => p !== null);
    sheet.rows.push(cells);
    this.sections.push({ text: pairs.join('; '), position: this.position(sheet.name, rowNumber) });
  }

  tooManyRows(sheetName: string): never {
    throw new ExtractionFailure(
      `The ${this.unit} has more than ${this.maxRows} rows (reached in sheet '${sheetName}'); at most ${this.maxRows} rows are read per document.`,
      failureText('rows_limit', { max: this.maxRows, sheet: sheetName }),
    );
  }

  finishSheet(): void {
    const sheet = this.current;
    this.current = null;
    if (!sheet?.columns) return;
    const width = sheet.columns.length;
    const rows = sheet.rows.map((r) => [...r, ...Array<CellValue>(width - r.length).fill(null)]);
    this.tables.push({ name: sheet.name, columns: sheet.columns, rows });
  }

  private position(sheet: string, row: number) {
    return { page: null, sheet, row_start: row, row_end: row, heading: null };
  }
}

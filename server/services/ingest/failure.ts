import { formatChars } from './settings';

/**
 * A readable reason why a file cannot be extracted. Parsers throw it; the extractor turns it into
 * `{ ok: false, reason }`. Anything else a parser throws is wrapped by `describeParserError`.
 */
export class ExtractionFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ExtractionFailure';
  }
}

/** The document yields more text than `maxTextChars` (see ExtractSettings). */
export function textBudgetExceeded(unit: string, maxChars: number): never {
  throw new ExtractionFailure(
    `The ${unit} holds more than ${formatChars(maxChars)} of text; at most ${formatChars(maxChars)} are read per document.`,
  );
}

/** Throws when the sections of a finished document hold more text than the budget. */
export function checkTextBudget(
  doc: { sections: { text: string }[] },
  unit: string,
  maxChars: number,
): void {
  let chars = 0;
  for (const section of doc.sections) chars += section.text.length;
  if (chars > maxChars) textBudgetExceeded(unit, maxChars);
}

const LABELS: Record<string, string> = {
  pdf: 'PDF',
  docx: 'Word (.docx)',
  doc: 'Word (.doc)',
  xlsx: 'Excel (.xlsx)',
  xls: 'Excel (.xls)',
  csv: 'CSV',
  html: 'web page',
};

export function kindLabel(kind: string): string {
  return LABELS[kind] ?? `${kind.toUpperCase()} image`;
}

/** One short line from a parser's error, never a stack. */
export function describeParserError(kind: string, error: unknown): string {
  if (error instanceof ExtractionFailure) return error.message;
  const raw = error instanceof Error ? error.message : String(error);
  const line = raw.split('\n')[0].replace(/\s+/g, ' ').trim().slice(0, 200);
  return `The ${kindLabel(kind)} file is damaged or not readable${line ? ` (${line})` : ''}.`;
}

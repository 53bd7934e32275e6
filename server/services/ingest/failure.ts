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

import type { DocumentFailure, DocumentFailureText } from '../../../contract/knowledge-texts';
import { formatChars } from './settings';

/** A failure's code and parameters (contract/knowledge-texts.ts), numbers written as digits. */
export function failureText(
  code: DocumentFailure,
  params: Record<string, string | number> = {},
): DocumentFailureText {
  return {
    code,
    params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  };
}

/**
 * A readable reason why a file cannot be extracted. Parsers throw it; the extractor turns it into
 * `{ ok: false, reason, text }`. Anything else a parser throws is wrapped by `describeParserError`.
 * `message` is the English sentence for API clients and logs; `text` the same as a code the
 * console translates.
 */
export class ExtractionFailure extends Error {
  readonly text: DocumentFailureText | undefined;
  constructor(reason: string, text?: DocumentFailureText) {
    super(reason);
    this.name = 'ExtractionFailure';
    this.text = text;
  }
}

/** The document yields more text than `maxTextChars` (see ExtractSettings). */
export function textBudgetExceeded(unit: string, maxChars: number): never {
  throw new ExtractionFailure(
    `The ${unit} holds more than ${formatChars(maxChars)} of text; at most ${formatChars(maxChars)} are read per document.`,
    failureText('text_limit', { max_chars: maxChars }),
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

/** A failed extraction: the English reason and, where known, its code. */
export interface FailedReading {
  reason: string;
  text?: DocumentFailureText;
}

/** One short line from a parser's error, never a stack. */
export function describeParserError(kind: string, error: unknown): FailedReading {
  if (error instanceof ExtractionFailure) return { reason: error.message, text: error.text };
  const raw = error instanceof Error ? error.message : String(error);
  const line = raw.split('\n')[0].replace(/\s+/g, ' ').trim().slice(0, 200);
  return {
    reason: `The ${kindLabel(kind)} file is damaged or not readable${line ? ` (${line})` : ''}.`,
    text: line
      ? failureText('damaged_detail', { type: kind, detail: line })
      : failureText('damaged', { type: kind }),
  };
}

/**
 * A document's chunks as the index holds them: each in its own language (detected per passage,
 * with the document's language as the prior, since a short passage or a table row says little
 * on its own), its text and its label (heading or sheet name) analysed into terms. Both
 * databases store exactly these terms, so a question finds the same passages with the same
 * statistics on either.
 */
import { analyseText } from '../text/analysis/analyse';
import { type DayOrder, dayOrderOf } from '../text/analysis/dates';
import { detectLanguage } from '../text/analysis/detect';
import type { Chunk } from '../ingest/types';

/**
 * The analysis the stored terms come from. A change to the analysis (another stemmer, other
 * stop words, a new kind of term) raises it, and every start analyses the stored chunks of an
 * older one again (db/migrate.ts).
 */
export const ANALYSIS_VERSION = 11;

/** Terms longer than this are not words (a hash, base64): neither database indexes them. */
const MAX_TERM_LENGTH = 64;
/** What the document's language is read from: the start of its text. */
const DOCUMENT_SAMPLE = 4000;

export interface AnalysedChunk {
  language: string;
  /** The text's terms in order, space-separated. */
  terms: string;
  /** The heading's or sheet name's terms. */
  labelTerms: string;
  termCount: number;
}

const joined = (terms: readonly string[]) =>
  terms.filter((t) => t.length <= MAX_TERM_LENGTH).join(' ');

/** The chunk's heading or sheet name: indexed beside the text, as a field of its own. */
export const labelOf = (chunk: Pick<Chunk, 'position'>) =>
  chunk.position.heading ?? chunk.position.sheet ?? '';

/** The language of a document, from the start of its chunks' text (`tabular`: all rows). */
function documentLanguage(texts: readonly string[], tabular: boolean): string {
  let sample = '';
  for (const text of texts) {
    if (sample.length >= DOCUMENT_SAMPLE) break;
    sample += `${text}\n`;
  }
  return detectLanguage(sample, { tabular });
}

function analyseChunk(
  text: string,
  label: string,
  documentLang: string,
  dayOrder: DayOrder | null = null,
  tabular = false,
): AnalysedChunk {
  const language = detectLanguage(text, { prior: documentLang, tabular });
  const terms = joined(analyseText(text, language, dayOrder));
  return {
    language,
    terms,
    labelTerms: joined(analyseText(label, language)),
    termCount: terms ? terms.split(' ').length : 0,
  };
}

/** Every chunk of one document analysed, and the document's language. */
export function analyseDocumentChunks(chunks: readonly Pick<Chunk, 'text' | 'position'>[]) {
  // A sheet's rows are read for their language by their stop words only (detect.ts: tabular).
  const rows = chunks.length > 0 && chunks.every((c) => c.position.sheet);
  const language = documentLanguage(
    chunks.map((c) => c.text),
    rows,
  );
  // A document writes its numeric dates one way ("03/07/2014"): its own dates tell which.
  const dayOrder = dayOrderOf(chunks.map((c) => c.text));
  return {
    language,
    chunks: chunks.map((c) =>
      analyseChunk(c.text, labelOf(c), language, dayOrder, Boolean(c.position.sheet)),
    ),
  };
}

/**
 * Chunking for retrieval. Text sections (a pdf page, the text under a heading) are cut at
 * sentence ends (services/text/sentences: never inside a dotted token) into pieces of about `size` characters, each next piece starting with the last
 * sentences of the previous one (about `overlap` characters), so a fact that straddles a cut is
 * still whole in one chunk. Spreadsheet rows are records: whole rows are packed together and a
 * chunk says which rows it holds. A chunk never spans two positions (pages, headings, sheets).
 */
import { splitSentences } from '../text/sentences';
import { tidyText } from './text';
import type { Chunk, ExtractedDocument, ExtractedSection } from './types';
import type { SourcePosition } from '../../../contract/knowledge';

interface ChunkOptions {
  /** Target characters per chunk. */
  size?: number;
  /** Characters repeated from the end of the previous chunk. */
  overlap?: number;
}

const DEFAULT_CHUNK_SIZE = 800;
const DEFAULT_CHUNK_OVERLAP = 150;

/** A sentence longer than a chunk is cut at spaces (or hard, for a space-less run). */
function splitLong(sentence: string, size: number): string[] {
  if (sentence.length <= size) return [sentence];
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > size) {
    let cut = rest.lastIndexOf(' ', size);
    if (cut < size / 2) cut = size;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

interface Unit {
  text: string;
  /** The source's line ends after it (hard lines only): kept as a line break in the chunk. */
  endsLine: boolean;
}

/**
 * Sentences of a section. Where its lines are hard (a list item, a table row, a definition),
 * each line is its own sentence in the chunk too; a pdf's wrapped lines join with spaces.
 */
function unitsOf(text: string, size: number, hardLines: boolean): Unit[] {
  const lines = hardLines ? text.split(/\n+/) : [text];
  return lines.flatMap((line) => {
    const pieces = splitSentences(line).flatMap((s) => splitLong(s, size));
    return pieces.map((piece, i) => ({
      text: piece,
      endsLine: hardLines && i === pieces.length - 1,
    }));
  });
}

const joinUnits = (units: readonly Unit[]) =>
  units
    .map((u, i) => (i === units.length - 1 ? u.text : u.text + (u.endsLine ? '\n' : ' ')))
    .join('');

function chunkText(text: string, size: number, overlap: number, hardLines = false): string[] {
  const units = unitsOf(text, size, hardLines);
  const chunks: string[] = [];
  let current: Unit[] = [];
  let length = 0;
  for (const unit of units) {
    if (current.length > 0 && length + 1 + unit.text.length > size) {
      chunks.push(joinUnits(current));
      // Carry the tail sentences that fit in the overlap (none if the last one is too long).
      const carried: Unit[] = [];
      let carriedLength = 0;
      for (let i = current.length - 1; i >= 0; i--) {
        if (carriedLength + current[i].text.length + 1 > overlap) break;
        carried.unshift(current[i]);
        carriedLength += current[i].text.length + 1;
      }
      // Never carry so much that the next unit would not fit.
      while (carried.length > 0 && carriedLength + unit.text.length > size)
        carriedLength -= (carried.shift() as Unit).text.length + 1;
      current = carried;
      length = carriedLength;
    }
    current.push(unit);
    length += unit.text.length + 1;
  }
  if (current.length > 0) chunks.push(joinUnits(current));
  return chunks;
}

const isRow = (s: ExtractedSection) => s.position.row_start !== null && s.position.sheet !== null;

export function chunkDocument(doc: ExtractedDocument, options: ChunkOptions = {}): Chunk[] {
  const size = Math.max(100, options.size ?? DEFAULT_CHUNK_SIZE);
  const overlap = Math.min(
    Math.max(0, options.overlap ?? DEFAULT_CHUNK_OVERLAP),
    Math.floor(size / 2),
  );
  const chunks: Chunk[] = [];
  const push = (text: string, position: SourcePosition) => {
    const tidy = tidyText(text);
    if (tidy) chunks.push({ ordinal: chunks.length, text: tidy, position: { ...position } });
  };

  let rows: { lines: string[]; length: number; position: SourcePosition } | null = null;
  const flushRows = () => {
    if (rows) push(rows.lines.join('\n'), rows.position);
    rows = null;
  };

  for (const section of doc.sections) {
    if (!isRow(section)) {
      flushRows();
      for (const piece of chunkText(section.text, size, overlap, section.hardLines))
        push(piece, section.position);
      continue;
    }
    const text = section.text.trim();
    if (!text) continue;
    if (text.length > size) {
      // One very wide row: its own chunks, all citing that row.
      flushRows();
      for (const piece of chunkText(text, size, overlap)) push(piece, section.position);
      continue;
    }
    if (
      rows &&
      (rows.position.sheet !== section.position.sheet || rows.length + 1 + text.length > size)
    )
      flushRows();
    if (!rows) rows = { lines: [], length: 0, position: { ...section.position } };
    rows.lines.push(text);
    rows.length += text.length + 1;
    rows.position.row_end = section.position.row_end ?? section.position.row_start;
  }
  flushRows();
  return chunks;
}

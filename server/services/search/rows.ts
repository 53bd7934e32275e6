import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Chunk } from '../ingest/types';
import type { AnalysedChunk } from './analysed-chunks';
import { labelOf } from './analysed-chunks';
import { termColumns } from './chunk-terms';
import type { SearchHit } from './types';

/** A passage the database supplies as a candidate: what the scorer needs, not its text. */
export interface CandidateRow {
  id: number;
  document_id: number;
  terms: string;
  label_terms: string;
  language: string;
}

/** Chunks a search may return: in these departments, of ready documents not in the bin. */
export const searchable = (departmentIds: readonly number[]) => sql`
        and d.department_id in (${sql.join(departmentIds.map((id) => sql`${id}`))})
        and d.soft_delete = 0
        and d.status = 'ready'`;

export const inDocuments = (documentIds: readonly number[] | undefined) =>
  documentIds
    ? sql`and c.document_id in (${sql.join(documentIds.map((id) => sql`${id}`))})`
    : sql``;

export function chunkRow(documentId: number, chunk: Chunk, analysed: AnalysedChunk) {
  const p = chunk.position;
  return {
    document_id: documentId,
    ordinal: chunk.ordinal,
    text: chunk.text,
    context: labelOf(chunk),
    page: p.page,
    sheet: p.sheet,
    row_start: p.row_start,
    row_end: p.row_end,
    heading: p.heading,
    ...termColumns(analysed),
  };
}

const split = (terms: string) => (terms ? terms.split(' ') : []);

/** The winners' text and position, in the order of `scored`. */
export async function hitsOf(
  database: Database,
  scored: readonly { row: CandidateRow; score: number }[],
): Promise<SearchHit[]> {
  if (scored.length === 0) return [];
  const rows = await database.db
    .selectFrom('chunks')
    .select(['id', 'ordinal', 'text', 'page', 'sheet', 'row_start', 'row_end', 'heading'])
    .where(
      'id',
      'in',
      scored.map((s) => s.row.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return scored.flatMap(({ row, score }) => {
    const r = byId.get(Number(row.id));
    if (!r) return [];
    return [
      {
        documentId: Number(row.document_id),
        chunkId: Number(row.id),
        ordinal: Number(r.ordinal),
        text: r.text,
        position: {
          page: r.page === null ? null : Number(r.page),
          sheet: r.sheet,
          row_start: r.row_start === null ? null : Number(r.row_start),
          row_end: r.row_end === null ? null : Number(r.row_end),
          heading: r.heading,
        },
        score,
        language: row.language,
        terms: split(row.terms),
        labelTerms: split(row.label_terms),
      },
    ];
  });
}

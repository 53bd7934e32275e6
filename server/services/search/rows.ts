import { sql } from 'kysely';
import type { Chunk } from '../ingest/types';
import type { SearchHit } from './types';

export interface HitRow {
  id: number;
  document_id: number;
  ordinal: number;
  text: string;
  page: number | null;
  sheet: string | null;
  row_start: number | null;
  row_end: number | null;
  heading: string | null;
  score: number | string;
}

/** Chunks a search may return: in these departments, of ready documents not in the bin. */
export const searchable = (departmentIds: readonly number[]) => sql`
        and d.department_id in (${sql.join(departmentIds.map((id) => sql`${id}`))})
        and d.soft_delete = 0
        and d.status = 'ready'`;

/** The winners ranked in the `top` CTE (id, score), with their text and position. */
export const topChunks = sql`
    select c.id, c.document_id, c.ordinal, c.text, c.page, c.sheet, c.row_start, c.row_end,
           c.heading, top.score
    from top join chunks c on c.id = top.id
    order by top.score desc, c.id`;

/** The chunk's heading or sheet name: indexed beside the text, with a lower weight. */
export const contextOf = (chunk: Chunk) => chunk.position.heading ?? chunk.position.sheet ?? '';

export function chunkRow(documentId: number, chunk: Chunk) {
  const p = chunk.position;
  return {
    document_id: documentId,
    ordinal: chunk.ordinal,
    text: chunk.text,
    context: contextOf(chunk),
    page: p.page,
    sheet: p.sheet,
    row_start: p.row_start,
    row_end: p.row_end,
    heading: p.heading,
  };
}

export function hitOf(row: HitRow): SearchHit {
  return {
    documentId: Number(row.document_id),
    chunkId: Number(row.id),
    ordinal: Number(row.ordinal),
    text: row.text,
    position: {
      page: row.page === null ? null : Number(row.page),
      sheet: row.sheet,
      row_start: row.row_start === null ? null : Number(row.row_start),
      row_end: row.row_end === null ? null : Number(row.row_end),
      heading: row.heading,
    },
    score: Number(row.score),
  };
}
